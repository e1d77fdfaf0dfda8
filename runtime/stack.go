package runtime

import "github.com/gmplab/gmplab/vm"

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
		mc.preemptAtCall(mi, mc.prog.Funcs[G.th.MorestackFn()].Name)
		return
	}
	fn := &mc.prog.Funcs[G.th.MorestackFn()]
	old := G.stackSize
	newsize := old * 2
	// Make sure we grow at least as much as needed to fit the new frame
	// (funcMaxSPDelta(f) + stackGuard).
	for newsize-G.stackUsed < int64(fn.FrameSize)+stackGuard {
		newsize *= 2
	}
	copied := G.stackUsed
	if n, c, hooked := mc.hookNewstack(mi, gi, int64(fn.FrameSize)); hooked {
		newsize, copied = n, c
	}
	if newsize > mc.cfg.MaxStackSize {
		// The callee's frame is where the runtime stops: its prologue
		// called morestack, so the innermost frame of the traceback is the
		// callee at its declaration line.
		G.th.PushMorestackFrame()
		mc.throwAll(gi, "runtime: goroutine stack exceeds "+vm.Itoa(mc.cfg.MaxStackSize)+"-byte limit\nruntime: sp="+hex(G.stackSize-G.stackUsed)+" stack=[0x0, "+hex(G.stackSize)+"]\nfatal error: stack overflow")
		return
	}
	// copystack: a memmove of the used part, then adjustframe on every
	// frame (adjustpointers through the frame's pointer maps); a body the
	// compiler inlined is part of its caller's frame.
	frames := int64(G.th.PhysicalFrames())
	copyCost := copied/StackCopyBytesPerNs + frames*CostAdjustFrame
	mc.acc += CostNewstack + copyCost
	mc.setStackSize(gi, newsize)
	G.stackguard0 = stackGuard // copystack: "might clobber a preempt request"
	mc.stats.StackGrows++
	if ev := mc.emit(EvNewstack, mi, M.p, G.goid, old, newsize); mc.cfg.Why {
		ev.Pos = pos
		// The prologue's check (vm: CMPQ SP, stackguard0; JLS morestack)
		// is SP <= stackguard0 at the callee's entry; a frame of at most
		// StackSmall bytes is checked before it is pushed, so the caller's
		// frame may already reach below the guard.
		check := "SP is lo+" + vm.Itoa(old-G.stackUsed) + " (" + vm.Itoa(G.stackUsed) + " B used)"
		if fs := int64(fn.FrameSize); fs > stackSmall {
			check = "SP-(frame-" + vm.Itoa(stackSmall) + ") is lo+" + vm.Itoa(old-G.stackUsed-(fs-stackSmall)) + " (" + vm.Itoa(G.stackUsed) + " B used)"
		}
		ev.Why = "calling " + fn.Name + " (frame " + vm.Itoa(int64(fn.FrameSize)) + " B): at its entry " + check + ", at or below stackguard0 (lo+928), so its prologue calls morestack: the stack doubles to " + vm.Itoa(newsize) + " B; copystack copies the " + vm.Itoa(G.stackUsed) + " used bytes and adjusts " + vm.Itoa(frames) + " frames (" + fmtNs(copyCost) + ")"
	}
	mc.continueG(mi, 0)
}

// preemptAtCall is a preemption request honoured at a synchronous safe
// point: the prologue of fn, a function with a stack check (stack.go:
// newstack → gopreempt_m). canPreemptM is always true in the model: user
// code holds no runtime locks.
func (mc *Machine) preemptAtCall(mi int32, fn string) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	pos := mc.gpos(gi)
	mc.stats.Preemptions++
	mc.acc += CostPreempt
	mc.gosched1(mi, true)
	if ev := mc.emit(EvPreempted, mi, M.p, G.goid, 0, 0); mc.cfg.Why {
		ev.Pos = pos
		ev.Why = "G" + vm.Itoa(G.goid) + " called " + fn + ": its prologue found stackguard0 = stackPreempt, so morestack → newstack → gopreempt_m (cooperative preemption): " + mc.preemptedTo()
	}
	mc.gosched2(mi)
}

// callTarget is callName of the op at gi's pc (for OpTimer, the function
// its operation calls).
func (mc *Machine) callTarget(gi int32) string {
	in, _ := mc.vm.Instr(&mc.allg[gi].th)
	if in.Op == vm.OpTimer && in.A >= 0 && int(in.A) < len(timerCallNames) {
		return timerCallNames[in.A]
	}
	return callName(in.Op)
}

// curOp is the op at gi's pc.
func (mc *Machine) curOp(gi int32) vm.Op {
	in, _ := mc.vm.Instr(&mc.allg[gi].th)
	return in.Op
}

// callName names the function a scheduler op calls in a real build, whose
// prologue is a cooperative preemption point; "" for ops that compile to no
// call with a stack check (len and cap of a channel, inlined fast paths of
// sync.Mutex, variable declarations, leaving main).
func callName(op vm.Op) string {
	switch op {
	case vm.OpGo:
		return "runtime.newproc"
	case vm.OpMakeChan:
		return "runtime.makechan"
	case vm.OpSend:
		return "runtime.chansend1"
	case vm.OpRecv:
		return "runtime.chanrecv1"
	case vm.OpClose:
		return "runtime.closechan"
	case vm.OpSelect:
		return "runtime.selectgo"
	case vm.OpWGAdd:
		return "sync.(*WaitGroup).Add"
	case vm.OpWGWait:
		return "sync.(*WaitGroup).Wait"
	case vm.OpSleep:
		return "time.Sleep"
	case vm.OpTimer:
		return "time.NewTimer" // see callTarget
	case vm.OpNow:
		return "time.Now"
	case vm.OpGosched:
		return "runtime.Gosched"
	case vm.OpGOMAXPROCS:
		return "runtime.GOMAXPROCS"
	case vm.OpNumCPU:
		return "runtime.NumCPU"
	case vm.OpNumGoroutine:
		return "runtime.NumGoroutine"
	case vm.OpPrint:
		return "fmt.Fprintln"
	case vm.OpWork:
		return "sim.Work"
	case vm.OpSyscall:
		return "sim.Syscall"
	case vm.OpDial:
		return "sim.Dial"
	case vm.OpRead:
		return "sim.(*Conn).Read"
	case vm.OpBreakpoint:
		return "sim.Breakpoint"
	}
	return ""
}
