package runtime

// Goroutine stacks (stack.go, cmd/internal/obj/x86/obj6.go: stacksplit).
//
// A G's stack is [0, stackSize) and grows down: SP at a function's entry is
// stackSize - stackUsed. Every call adds the callee's frame; the prologue
// check (in the interpreter) compares SP with stackguard0 and calls
// morestack → newstack when the frame would cross the guard. newstack either
// honours a preemption request (stackguard0 == stackPreempt) or doubles the
// stack and copies it.
const (
	stackMin     = 2048 // stack.go: stackMin
	fixedStack   = 2048 // stackMin + stackSystem(0 on linux), rounded to a power of 2
	stackNosplit = 800  // abi.StackNosplitBase * StackGuardMultiplier(1)
	stackSmall   = 128  // abi.StackSmall
	stackBig     = 4096 // abi.StackBig
	// stackGuard: stackguard0 = stack.lo + stackGuard (928 on linux/amd64).
	stackGuard = stackNosplit + 0 + stackSmall
	// stackPreempt poisons stackguard0 so that the next prologue check fails
	// (stack.go: stackPreempt = uintptrMask & -1314).
	stackPreempt uint64 = 0xfffffffffffffade
	// maxstacksize on 64-bit (proc.go: main).
	defaultMaxStackSize = 1_000_000_000
	// initialStackUsed: newproc1 leaves SP at stack.hi − 32 and
	// gostartcall pushes goexit's PC as a fake return address (8 bytes).
	initialStackUsed = 32 + 8
)

// newstack is morestack's slow path for the running G of M mi, whose call
// into gp.morestackFn failed its prologue check (stack.go: newstack).
func (mc *Machine) newstack(mi int32) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	pos := mc.gpos(gi)
	if G.stackguard0 == stackPreempt {
		// A preemption request, honoured at a synchronous safe point: the
		// prologue of a function with a stack check. canPreemptM is always
		// true in the model (no runtime locks are held in user code).
		mc.stats.Preemptions++
		mc.acc += CostPreempt
		if ev := mc.emit(EvPreempted, mi, M.p, G.goid, 0, 0); mc.cfg.Why {
			ev.Pos = pos
			ev.Why = "G" + itoa(G.goid) + " called " + mc.prog.Funcs[G.morestackFn].Name + ": the prologue found stackguard0 = stackPreempt, so morestack → newstack → gopreempt_m (cooperative preemption): to the global queue's tail"
		}
		mc.goschedImpl(mi, true, pos)
		return
	}
	fn := &mc.prog.Funcs[G.morestackFn]
	old := G.stackSize
	newsize := old * 2
	// Make sure we grow at least as much as needed to fit the new frame
	// (funcMaxSPDelta(f) + stackGuard).
	for newsize-G.stackUsed < int64(fn.FrameSize)+stackGuard {
		newsize *= 2
	}
	if newsize > mc.cfg.MaxStackSize {
		mc.fatalG(gi, "runtime: goroutine stack exceeds "+itoa(mc.cfg.MaxStackSize)+"-byte limit\nruntime: sp="+itoa(G.stackSize-G.stackUsed)+" stack=[0, "+itoa(G.stackSize)+"]\nfatal error: stack overflow", "fatal")
		return
	}
	copyCost := G.stackUsed / StackCopyBytesPerNs
	mc.acc += CostNewstack + copyCost
	G.stackSize = newsize
	G.stackguard0 = stackGuard // copystack: "might clobber a preempt request"
	mc.stats.StackGrows++
	if ev := mc.emit(EvNewstack, mi, M.p, G.goid, old, newsize); mc.cfg.Why {
		ev.Pos = pos
		ev.Why = "calling " + fn.Name + " (frame " + itoa(int64(fn.FrameSize)) + " B) with " + itoa(G.stackUsed) + " B used would cross stackguard0 (lo+928): the stack doubles to " + itoa(newsize) + " B and the " + itoa(G.stackUsed) + " used bytes are copied"
	}
	mc.continueG(mi, 0)
}
