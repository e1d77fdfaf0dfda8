package runtime

import (
	"cmp"
	"slices"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// Clone returns an independent copy of the machine: stepping the copy gives
// exactly the events the original would give. Every object is a slice
// element named by an index, so this is a copy of slices; the program's
// memory and every G's code state are copied by package vm (Machine.Clone,
// Thread.Clone), which reuses freed ids and so copies its tables too.
func (mc *Machine) Clone() *Machine {
	c, _ := mc.clone(nil, false)
	return c
}

// CloneSharing is Clone for a snapshot that will never be stepped (a
// debugger's, which it clones again to restore): the program's memory and
// the Gs' frames and values that equal those of prev, an earlier such
// snapshot (nil for none), are shared with it instead of copied
// (vm.Machine.CloneSharing). It also returns the bytes shared.
func (mc *Machine) CloneSharing(prev *Machine) (*Machine, int64) { return mc.clone(prev, true) }

func (mc *Machine) clone(prev *Machine, snapshot bool) (*Machine, int64) {
	c := *mc
	var shared, n int64
	c.allg = slices.Clone(mc.allg)
	for i := range c.allg {
		G := &c.allg[i]
		if prev != nil && i < len(prev.allg) {
			G.th, n = G.th.CloneSharing(&prev.allg[i].th)
			shared += n
		} else {
			G.th = G.th.Clone()
		}
	}
	c.allm = slices.Clone(mc.allm)
	c.allp = slices.Clone(mc.allp)
	c.deadp = slices.Clone(mc.deadp)
	for i := range c.allp {
		c.allp[i].timers = slices.Clone(c.allp[i].timers)
	}
	if snapshot {
		var pvm *vm.Machine
		if prev != nil {
			pvm = &prev.vm
		}
		c.vm, n = mc.vm.CloneSharing(pvm)
		shared += n
	} else {
		c.vm = mc.vm.Clone()
	}
	c.chans = slices.Clone(mc.chans)
	for i := range c.chans {
		c.chans[i].buf = slices.Clone(c.chans[i].buf)
	}
	c.sudogs = slices.Clone(mc.sudogs)
	c.wgs = slices.Clone(mc.wgs)
	for i := range c.wgs {
		c.wgs[i].waiters = slices.Clone(c.wgs[i].waiters)
	}
	c.mus = slices.Clone(mc.mus)
	for i := range c.mus {
		c.mus[i].waiters = slices.Clone(c.mus[i].waiters)
	}
	c.gc.pool = slices.Clone(mc.gc.pool)
	c.gc.startWaiters = slices.Clone(mc.gc.startWaiters)
	c.gc.assistQ = slices.Clone(mc.gc.assistQ)
	c.gc.sweepWaiters = slices.Clone(mc.gc.sweepWaiters)
	c.timers = slices.Clone(mc.timers)
	c.conns = slices.Clone(mc.conns)
	if mc.mapRecs != nil {
		c.mapRecs = make(map[int64][]mapRec, len(mc.mapRecs))
		for id, recs := range mc.mapRecs {
			c.mapRecs[id] = slices.Clone(recs)
		}
	}
	c.connHeap = slices.Clone(mc.connHeap)
	c.actors = slices.Clone(mc.actors)
	c.pending = slices.Clone(mc.pending)
	c.grab = nil
	c.checkWhere = nil
	c.watch = stateWatch{}
	c.whyw = whyWriter{} // never share the chunk: see why.go
	return &c, shared
}

// State returns a plain snapshot of the whole runtime.
func (mc *Machine) State() *State {
	s := &State{
		Seq:        mc.seq,
		Clock:      mc.now,
		GOMAXPROCS: len(mc.allp),
		Layers:     mc.cfg.Layers.String(),
		Global:     []int64{},
		Timers:     []TimerInfo{},
		Netpoll:    []ConnInfo{},
		Exit:       mc.exit,
		Stats:      mc.Stats(),
	}
	where := make([]string, len(mc.allg))
	for i := range mc.allp {
		P := &mc.allp[i]
		ps := PState{ID: P.id, Status: P.status.String(), M: P.m, G: -1, Runnext: mc.goidOf(P.runnext),
			Runq: []int64{}, Schedtick: P.schedtick, Syscalltick: P.syscalltick, Timers: len(P.timers)}
		if P.m != nilIdx {
			ps.G = mc.goidOf(mc.allm[P.m].curg)
		}
		if P.runnext != nilIdx {
			where[P.runnext] = "runnext of P" + vm.Itoa(int64(i))
		}
		for h := P.runqhead; h != P.runqtail; h++ {
			gi := P.runq[h%runqSize]
			ps.Runq = append(ps.Runq, mc.goidOf(gi))
			where[gi] = "runq of P" + vm.Itoa(int64(i))
		}
		s.Ps = append(s.Ps, ps)
	}
	for gi := mc.sched.runq.head; gi != nilIdx; gi = mc.allg[gi].schedlink {
		s.Global = append(s.Global, mc.goidOf(gi))
		where[gi] = "global runq"
	}
	s.Sched = SchedState{NMSpinning: mc.sched.nmspinning, NPIdle: mc.sched.npidle, NMIdle: mc.sched.nmidle,
		NeedSpinning: mc.sched.needspinning, IdlePs: []int32{}, IdleMs: []int32{}, MCount: mc.sched.mnext,
		LastPoll: mc.sched.lastpoll, LockAcq: 0, LockWait: 0}
	if !mc.cfg.Layers.Has(LayerProcs) {
		s.Sched.LockAcq, s.Sched.LockWait = mc.sched.lockAcq, mc.sched.lockWait
	}
	for pp := mc.sched.pidle; pp != nilIdx; pp = mc.allp[pp].link {
		s.Sched.IdlePs = append(s.Sched.IdlePs, pp)
	}
	for mi := mc.sched.midle; mi != nilIdx; mi = mc.allm[mi].schedlink {
		s.Sched.IdleMs = append(s.Sched.IdleMs, mi)
	}
	for i := range mc.allm {
		M := &mc.allm[i]
		ms := MState{ID: M.id, State: M.state.String(), P: M.p, NextP: M.nextp, OldP: M.oldp, CurG: mc.goidOf(M.curg),
			Spinning: M.spinning, Sysmon: int32(i) == mc.sysmonM}
		switch M.state {
		case mRunning:
			ms.Until = M.workEnd
		case mSyscall:
			// Between exitsyscallNoP's dropg and its stopm, the M has
			// no G any more (the state right after its event).
			if M.curg != nilIdx {
				ms.Until = mc.allg[M.curg].syscallAt
			}
		case mNetpoll, mSysmon, mWaking, mSchedule:
			if M.heapIdx != nilIdx {
				ms.Until = M.when
			}
		}
		if M.curg != nilIdx {
			if M.state == mSyscall {
				where[M.curg] = "in a syscall on M" + vm.Itoa(int64(i))
			} else {
				where[M.curg] = "running on M" + vm.Itoa(int64(i))
			}
		}
		s.Ms = append(s.Ms, ms)
	}
	if mc.sysmonM != nilIdx {
		s.Sysmon = &SysmonInfo{M: mc.sysmonM, Delay: mc.sysmon.delay, Idle: mc.sysmon.idle, Next: mc.allm[mc.sysmonM].when, Deep: mc.sysmon.deep}
	}
	for i := range mc.allp {
		for _, ti := range mc.allp[i].timers {
			t := &mc.timers[ti]
			ti := TimerInfo{When: t.hwhen, P: int32(i), G: -1, Kind: "sleep"}
			switch {
			case t.zombie:
				ti.Kind = "zombie"
			case t.kind == timerChan:
				ti.Kind = "chan"
			case t.kind == timerFunc:
				ti.Kind = "func"
			default:
				ti.G = mc.goidOf(t.g)
				if mc.gm() {
					where[t.g] = "sleeping (timer)" // the GM model has no Ps to hold timers
				} else {
					where[t.g] = "sleeping (timer on P" + vm.Itoa(int64(i)) + ")"
				}
			}
			s.Timers = append(s.Timers, ti)
		}
	}
	slices.SortFunc(s.Timers, func(a, b TimerInfo) int {
		if a.When != b.When {
			return cmp.Compare(a.When, b.When)
		}
		return cmp.Compare(int64(a.P), int64(b.P))
	})
	for c := range mc.conns {
		C := &mc.conns[c]
		if C.g != nilIdx {
			s.Netpoll = append(s.Netpoll, ConnInfo{Conn: int32(c), G: mc.goidOf(C.g), ReadyAt: C.readyAt})
			where[C.g] = "waiting on the network (conn " + vm.Itoa(int64(c)) + ")"
		}
	}
	if mc.gcOn() {
		s.GC = mc.gcState(where)
	}
	for c := range mc.chans {
		ch := &mc.chans[c]
		for s := ch.recvq.first; s != nilIdx; s = mc.sudogs[s].next {
			where[mc.sudogs[s].g] = "chan " + vm.Itoa(int64(c)) + " recvq"
		}
		for s := ch.sendq.first; s != nilIdx; s = mc.sudogs[s].next {
			where[mc.sudogs[s].g] = "chan " + vm.Itoa(int64(c)) + " sendq"
		}
	}
	for i := range mc.allg {
		G := &mc.allg[i]
		if G.status == _Gdead {
			continue
		}
		gs := GState{Goid: G.goid, Status: G.status.String(), M: G.m, Where: where[i], StackSize: G.stackSize,
			StackUsed: G.stackUsed, Preempt: G.preempt, CreatedBy: G.parent, WorkLeft: G.workLeft, Frames: []FrameState{}}
		if G.status == _Gwaiting {
			gs.WaitReason = G.waitreason.String()
			gs.WaitSince = G.waitsince
			if gs.Where == "" {
				gs.Where = G.waitreason.String()
			}
		}
		if G.system != 0 {
			gs.Func = "runtime system goroutine"
			if gs.Where == "" {
				gs.Where = "system"
			}
		} else {
			for j := G.th.NumFrames() - 1; j >= 0; j-- {
				fi, _ := G.th.Frame(j)
				fn := &mc.prog.Funcs[fi]
				if strings.HasPrefix(fn.Name, "runtime.") {
					// The front end's synthetic runtime.main: it has no
					// source in the scenario.
					gs.Frames = append(gs.Frames, FrameState{Func: fn.Name, Pos: "runtime/proc.go", File: "runtime/proc.go", Size: fn.FrameSize})
					continue
				}
				size := fn.FrameSize
				if G.th.FrameInlined(j) {
					size = 0 // inlined into the frame below: counted in its size
				}
				ffs := mc.vm.FrameFuncs(&G.th, j)
				for k, ff := range ffs {
					// The bodies spliced into the frame, innermost
					// first, then its own function: their sizes are
					// in its.
					sz := size
					if k < len(ffs)-1 {
						sz = 0
					}
					gs.Frames = append(gs.Frames, FrameState{Func: mc.prog.Funcs[ff.Fn].Name, Pos: mc.prog.PosString(ff.Pos), Line: ff.Pos.Line, File: mc.prog.FileName(ff.Pos), Size: sz})
				}
			}
			if len(gs.Frames) > 0 {
				gs.Func, gs.Pos, gs.Line = gs.Frames[0].Func, gs.Frames[0].Pos, gs.Frames[0].Line
			} else if G.th.EntryClo() > 0 {
				fn := &mc.prog.Funcs[mc.vm.ClosureFn(G.th.EntryClo())]
				gs.Func, gs.Pos, gs.Line = fn.Name, mc.prog.PosString(fn.Decl), fn.Decl.Line
			}
		}
		s.Gs = append(s.Gs, gs)
	}
	slices.SortFunc(s.Gs, func(a, b GState) int { return cmp.Compare(a.Goid, b.Goid) })
	return s
}
