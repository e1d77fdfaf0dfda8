package runtime

// Scheduler operations: the instructions the interpreter stops in front of
// (Op.IsSched). Each pops its operands from the G's stack, does what the
// runtime function would, pushes its results and advances the pc. An
// operation that blocks advances the pc first; the G that completes it pushes
// the results (chan.go: complete).

func (mc *Machine) pop(G *g) Value {
	return G.th.Pop()
}

func (mc *Machine) push(G *g, v Value) { G.th.Push(v) }

// gpos is the source position of gi's current instruction.
func (mc *Machine) gpos(gi int32) Pos {
	return mc.vm.Pos(&mc.allg[gi].th)
}

// framePos is the source position of G's frame i (the top one is the last):
// where its code is, or, for a frame stopped in a call, the call's line
// (vm.Machine.FramePos).
func (mc *Machine) framePos(G *g, i int) Pos {
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
	case OpGo:
		n := int(in.B)
		args := G.th.PopN(n)
		clo := funcIndex(mc.pop(G))
		adv()
		if clo == 0 {
			// newproc1's fatal, on the system stack: no panic of the
			// G's is printed before it.
			mc.fatalG(gi, "fatal error: go of nil func value", "fatal")
			return
		}
		mc.newproc(mi, gi, clo, args, pos)
		mc.continueG(mi, 0)
	case OpMakeChan:
		size := int64(0)
		if in.A == 1 {
			size = mc.pop(G).I
		}
		adv()
		if !makechanSizeOK(size, int64(in.B)) {
			mc.gopanic(mi, "makechan: size out of range")
			return
		}
		mc.push(G, Value{I: int64(mc.makechan(size))})
		mc.continueG(mi, CostChan)
	case OpSend:
		v := mc.pop(G)
		c := int32(mc.pop(G).I)
		adv()
		if !mc.chansend(mi, c, v, pos) {
			mc.continueG(mi, 0)
		}
	case OpRecv:
		c := int32(mc.pop(G).I)
		adv()
		if !mc.chanrecv(mi, c, in.A == 1, pos) {
			mc.continueG(mi, 0)
		}
	case OpClose:
		c := int32(mc.pop(G).I)
		adv()
		if !mc.closechan(mi, c) && mc.allm[mi].curg == gi && mc.exit == nil {
			mc.continueG(mi, 0)
		}
	case OpChanLen, OpChanCap:
		c := int32(mc.pop(G).I)
		adv()
		v := int64(0)
		// A timer channel has a buffer but shows none (chan.go: chanlen,
		// chancap): a value can be taken back without anyone noticing.
		if c != 0 && mc.chans[c].timer == 0 {
			if in.Op == OpChanLen {
				v = int64(mc.chans[c].qcount)
			} else {
				v = int64(mc.chans[c].dataqsiz)
			}
		}
		mc.push(G, Value{I: v})
		mc.continueG(mi, 0)
	case OpSelect:
		info := &mc.prog.Selects[in.A]
		k := 0
		for _, cs := range info.Cases {
			k++
			if cs.Send {
				k++
			}
		}
		ops := G.th.PopN(k)
		adv()
		if !mc.selectgo(mi, info, ops, pos) {
			mc.continueG(mi, 0)
		}
	case OpNewWG:
		adv()
		mc.push(G, Value{I: mc.newWaitGroup()})
		mc.continueG(mi, 0)
	case OpNewMutex:
		adv()
		mc.push(G, Value{I: mc.newMutex()})
		mc.continueG(mi, 0)
	case OpWGAdd:
		n := mc.pop(G).I
		w := mc.pop(G).I
		adv()
		if w == 0 {
			mc.gopanic(mi, "runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation]")
			return
		}
		if !mc.wgAdd(mi, w, n) && mc.allm[mi].curg == gi && mc.exit == nil {
			mc.continueG(mi, CostChan)
		}
	case OpWGWait:
		w := mc.pop(G).I
		adv()
		if !mc.wgWait(mi, w, pos) {
			mc.continueG(mi, CostChan)
		}
	case OpLock:
		u := G.th.Peek().I
		if mc.lock(mi, u, pos) {
			mc.pop(G)
			adv()
			mc.continueG(mi, CostChan)
		}
	case OpUnlock:
		u := mc.pop(G).I
		adv()
		if mc.unlock(mi, u) && mc.exit == nil {
			mc.continueG(mi, CostChan)
		}
	case OpSync:
		mc.syncOp(mi, in, pos)
	case OpTryLock:
		u := mc.pop(G).I
		adv()
		mc.push(G, Value{I: boolInt(mc.tryLock(u))})
		mc.continueG(mi, CostChan)
	case OpSleep:
		d := mc.pop(G).I
		adv()
		mc.timeSleep(mi, d, pos)
	case OpTimer:
		adv()
		if !mc.timerOp(mi, in.A) {
			mc.continueG(mi, 0)
		}
	case OpNow:
		adv()
		mc.push(G, monoTime(mc.now))
		mc.continueG(mi, 0)
	case OpGosched:
		adv()
		mc.goschedImpl(mi, false, pos)
	case OpGOMAXPROCS:
		n := mc.pop(G).I
		adv()
		mc.push(G, Value{I: int64(len(mc.allp))})
		if n > maxGomaxprocs {
			mc.fatalG(gi, "gmplab: "+mc.prog.PosString(pos)+": runtime.GOMAXPROCS("+itoa(n)+"): gmplab supports at most 1024 Ps", "unsupported")
			return
		}
		if n > 0 && int(n) != len(mc.allp) {
			mc.gomaxprocs(mi, int(n), pos)
			return
		}
		mc.continueG(mi, 0)
	case OpNumCPU:
		adv()
		mc.push(G, Value{I: int64(mc.cfg.NCPU)})
		mc.continueG(mi, 0)
	case OpNumGoroutine:
		adv()
		mc.push(G, Value{I: int64(mc.numGoroutine())})
		mc.continueG(mi, 0)
	case OpPrint:
		s := mc.pop(G).S
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
	case OpWork:
		d := mc.pop(G).I
		adv()
		G.inWork = d > 0
		mc.continueG(mi, max(d, 0))
	case OpSyscall:
		d := mc.pop(G).I
		adv()
		mc.entersyscall(mi, max(d, 0), pos)
	case OpDial:
		d := mc.pop(G).I
		adv()
		mc.push(G, Value{I: int64(mc.dial(max(d, 0)))})
		mc.continueG(mi, CostSyscall)
	case OpRead:
		c := int32(mc.pop(G).I)
		adv()
		mc.netRead(mi, c, pos)
	case OpBreakpoint:
		adv()
		if ev := mc.emit(EvBreakpoint, mi, M.p, G.goid, 0, 0); true {
			ev.Pos = pos
			if mc.cfg.Why {
				ev.Why = "sim.Breakpoint() at " + mc.prog.PosString(pos)
			}
		}
		mc.continueG(mi, 0)
	case OpExit:
		mc.exitProgram(int(in.A), "exit", "")
	case OpRuntime:
		mc.runtimeOp(mi, in.A, pos)
	default:
		panic("schedOp: not a scheduler op: " + itoa(int64(in.Op)))
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
