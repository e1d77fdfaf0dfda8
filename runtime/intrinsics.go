package runtime

import "github.com/gmplab/gmplab/vm"

// Scheduler operations: the instructions the interpreter stops in front of
// (Op.IsSched). Each takes its operands from the G's stack (operands: as
// many as the op's row in the op table pops, bottom first, in the order
// the row names them), does what the runtime function would, pushes its
// results and advances the pc. An operation that blocks advances the pc
// first; the G that completes it pushes the results (chan.go: complete).

// operands pops the operands of the scheduler op in that G stopped at
// (vm.Machine.Operands: good until the next push on G).
func (mc *Machine) operands(G *g, in vm.Instr) []vm.Value { return mc.vm.Operands(&G.th, in) }

func (mc *Machine) push(G *g, v vm.Value) { G.th.Push(v) }

// gpos is the source position of gi's current instruction.
func (mc *Machine) gpos(gi int32) vm.Pos {
	return mc.vm.Pos(&mc.allg[gi].th)
}

// framePos is the source position of G's frame i (the top one is the last):
// where its code is, or, for a frame stopped in a call, the call's line
// (vm.Machine.FramePos).
func (mc *Machine) framePos(G *g, i int) vm.Pos {
	return mc.vm.FramePos(&G.th, i)
}

func (mc *Machine) continueG(mi int32, cost int64) {
	M := &mc.allm[mi]
	M.state = mRunning
	M.hasPending = false
	M.workEnd = mc.now + mc.acc + cost
	mc.acc = 0
	mc.setWhen(mi, M.workEnd)
}

// schedOp performs the scheduler op the running G of M mi stopped at.
func (mc *Machine) schedOp(mi int32) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	in, pos := mc.vm.Instr(&G.th)
	adv := G.th.Advance
	switch in.Op {
	case vm.OpGo:
		ops := mc.operands(G, in) // f args
		clo, args := vm.FuncIndex(ops[0]), ops[1:]
		adv()
		if clo == 0 {
			// newproc1's fatal, on the system stack: no panic of the
			// G's is printed before it.
			mc.fatalG(gi, "fatal error: go of nil func value", "fatal")
			return
		}
		mc.newproc(mi, gi, clo, args, pos)
		mc.continueG(mi, 0)
	case vm.OpMakeChan:
		size := int64(0)
		if ops := mc.operands(G, in); len(ops) == 1 { // [cap]
			size = ops[0].I
		}
		adv()
		if !makechanSizeOK(size, int64(in.B)) {
			mc.gopanic(mi, "makechan: size out of range")
			return
		}
		mc.push(G, vm.Value{I: int64(mc.makechan(size))})
		if mc.gcOn() {
			// makechan: the hchan and its buffer, on the heap.
			mc.vm.Malloc(uint64(sizeofHchan+size*int64(in.B)), false)
		}
		mc.continueG(mi, CostChan)
	case vm.OpSend:
		ops := mc.operands(G, in) // ch v
		c, v := int32(ops[0].I), ops[1]
		adv()
		if !mc.chansend(mi, c, v, pos) {
			mc.continueG(mi, 0)
		}
	case vm.OpRecv:
		c := int32(mc.operands(G, in)[0].I) // ch
		adv()
		if !mc.chanrecv(mi, c, in.A == 1, pos) {
			mc.continueG(mi, 0)
		}
	case vm.OpClose:
		c := int32(mc.operands(G, in)[0].I) // ch
		adv()
		if !mc.closechan(mi, c) && mc.allm[mi].curg == gi && mc.exit == nil {
			mc.continueG(mi, 0)
		}
	case vm.OpChanLen, vm.OpChanCap:
		c := int32(mc.operands(G, in)[0].I) // ch
		adv()
		v := int64(0)
		// A timer channel has a buffer but shows none (chan.go: chanlen,
		// chancap): a value can be taken back without anyone noticing.
		if c != 0 && mc.chans[c].timer == 0 {
			if in.Op == vm.OpChanLen {
				v = int64(mc.chans[c].qcount)
			} else {
				v = int64(mc.chans[c].dataqsiz)
			}
		}
		mc.push(G, vm.Value{I: v})
		mc.continueG(mi, 0)
	case vm.OpSelect:
		info := &mc.prog.Selects[in.A]
		ops := mc.operands(G, in) // each case's channel and, for a send, its value
		adv()
		if !mc.selectgo(mi, info, ops, pos) {
			mc.continueG(mi, 0)
		}
	case vm.OpNewWG:
		adv()
		mc.push(G, vm.Value{I: mc.newWaitGroup()})
		mc.continueG(mi, 0)
	case vm.OpNewMutex:
		adv()
		mc.push(G, vm.Value{I: mc.newMutex()})
		mc.continueG(mi, 0)
	case vm.OpWGAdd:
		ops := mc.operands(G, in) // wg n
		w, n := ops[0].I, ops[1].I
		adv()
		if w == 0 {
			mc.gopanic(mi, "runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation]")
			return
		}
		if !mc.wgAdd(mi, w, n) && mc.allm[mi].curg == gi && mc.exit == nil {
			mc.continueG(mi, CostChan)
		}
	case vm.OpWGWait:
		w := mc.operands(G, in)[0].I // wg
		adv()
		if !mc.wgWait(mi, w, pos) {
			mc.continueG(mi, CostChan)
		}
	case vm.OpLock:
		u := mc.vm.PeekOperands(&G.th, in)[0].I // mu, popped once it is locked
		if mc.lock(mi, u, pos) {
			mc.vm.DropOperands(&G.th, in)
			adv()
			mc.continueG(mi, CostChan)
		}
	case vm.OpUnlock:
		u := mc.operands(G, in)[0].I // mu
		adv()
		if mc.unlock(mi, u) && mc.exit == nil {
			mc.continueG(mi, CostChan)
		}
	case vm.OpSync:
		mc.syncOp(mi, in, pos)
	case vm.OpTryLock:
		u := mc.operands(G, in)[0].I // mu
		adv()
		mc.push(G, vm.Value{I: boolInt(mc.tryLock(u))})
		mc.continueG(mi, CostChan)
	case vm.OpSleep:
		d := mc.operands(G, in)[0].I // d
		adv()
		mc.timeSleep(mi, d, pos)
	case vm.OpTimer:
		adv()
		if !mc.timerOp(mi, in) {
			mc.continueG(mi, 0)
		}
	case vm.OpNow:
		adv()
		mc.push(G, vm.MonoTime(mc.now))
		mc.continueG(mi, 0)
	case vm.OpGosched:
		adv()
		mc.goschedImpl(mi, false, pos)
	case vm.OpGOMAXPROCS:
		n := mc.operands(G, in)[0].I // n
		adv()
		mc.push(G, vm.Value{I: int64(len(mc.allp))})
		if n > maxGomaxprocs {
			mc.fatalG(gi, "gmplab: "+mc.prog.PosString(pos)+": runtime.GOMAXPROCS("+vm.Itoa(n)+"): gmplab supports at most 1024 Ps", "unsupported")
			return
		}
		if n > 0 && int(n) != len(mc.allp) {
			mc.gomaxprocs(mi, int(n), pos)
			return
		}
		mc.continueG(mi, 0)
	case vm.OpNumCPU:
		adv()
		mc.push(G, vm.Value{I: int64(mc.cfg.NCPU)})
		mc.continueG(mi, 0)
	case vm.OpNumGoroutine:
		adv()
		mc.push(G, vm.Value{I: int64(mc.numGoroutine())})
		mc.continueG(mi, 0)
	case vm.OpPrint:
		s := mc.operands(G, in)[0].S // s
		adv()
		ev := mc.emit(EvPrint, mi, M.p, G.goid, int64(in.A), 0)
		ev.Text = s
		ev.Pos = pos
		if (in.A != 0 && in.B == 0) || !mc.cfg.Layers.Has(LayerSysmon) {
			// println writes with the runtime's write1, no system call
			// the scheduler sees (print.go: gwrite); without the sysmon
			// layer a short syscall is just time. (log's writes to
			// stderr, B=1, are os.Stderr.Write: a system call.)
			mc.continueG(mi, CostPrint)
			return
		}
		// The print event says nothing more: a write that returns at
		// once is not worth a line of its own in a trace; when sysmon
		// takes the P meanwhile, retake's and exitsyscall's whys name the
		// print's write.
		mc.writeSyscall(mi)
	case vm.OpWork:
		d := mc.operands(G, in)[0].I // d
		adv()
		G.inWork = d > 0
		mc.continueG(mi, max(d, 0))
	case vm.OpSyscall:
		d := mc.operands(G, in)[0].I // d
		adv()
		mc.entersyscall(mi, max(d, 0), pos)
	case vm.OpDial:
		d := mc.operands(G, in)[0].I // d
		adv()
		mc.push(G, vm.Value{I: int64(mc.dial(max(d, 0)))})
		mc.continueG(mi, CostSyscall)
	case vm.OpRead:
		c := int32(mc.operands(G, in)[0].I) // conn
		adv()
		mc.netRead(mi, c, pos)
	case vm.OpBreakpoint:
		adv()
		if ev := mc.emit(EvBreakpoint, mi, M.p, G.goid, 0, 0); true {
			ev.Pos = pos
			if mc.cfg.Why {
				ev.Why = "sim.Breakpoint() at " + mc.prog.PosString(pos)
			}
		}
		mc.continueG(mi, 0)
	case vm.OpExit:
		mc.exitProgram(int(in.A), "exit", "")
	case vm.OpRuntime:
		mc.runtimeOp(mi, in, pos)
	default:
		panic("schedOp: not a scheduler op: " + vm.Itoa(int64(in.Op)))
	}
}

// numGoroutine counts live user goroutines (runtime.NumGoroutine; the
// model's system goroutines are not counted, as isSystemGoroutine).
func (mc *Machine) numGoroutine() int {
	n := 0
	for i := range mc.allg {
		G := &mc.allg[i]
		if G.status != _Gdead && G.system == 0 {
			n++
		}
	}
	return n
}
