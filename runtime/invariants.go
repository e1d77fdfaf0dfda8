package runtime

import "github.com/gmplab/gmplab/vm"

// checkInvariants verifies the state after an action (tests and --check).
// A broken invariant is a bug in the engine, so it panics with the
// invariant's name first, like the runtime's throws.
//
//   - every G is in exactly one place: running on one M, in one run queue
//     slot (runnext, ring, global), waiting on one object, in a syscall, or
//     dead on one free list;
//   - queue sizes match their lists; P↔M bindings agree both ways;
//   - npidle, nmidle and nmspinning match the idle lists and the Ms' flags.
//
// Cost. The Ps, Ms, rings and idle lists are checked after every action
// (their size is bounded by GOMAXPROCS and the threads). The places of
// every G (checkPlaces) cost time in proportion to the whole state, so
// checking them after every action made --check quadratic: 159 s with
// 100,000 parked goroutines. They are checked after an action once the
// actions since the last such check have earned checkBudget units each
// against the state's size: every action while the state is under
// checkBudget objects (every test's and lesson's program), and for a big
// state every size/checkBudget actions, so that checking costs at most
// about checkBudget object visits per action.
//
// Rejected: tracking each G's place incrementally (a second bookkeeping of
// every queue, as error-prone as what it checks).
func (mc *Machine) checkInvariants() {
	mc.checkPsMs()
	size := int64(len(mc.allg) + len(mc.chans) + len(mc.wgs) + len(mc.mus) + len(mc.conns))
	if mc.checkCredit += checkBudget; mc.checkCredit < size {
		return
	}
	mc.checkCredit = 0
	mc.checkPlaces()
}

// checkBudget is how many objects checkPlaces may visit per action, on
// average (see checkInvariants).
const checkBudget = 256

// checkPlaces checks that every G is in exactly one place and that the run
// queues and free lists hold Gs of the right status.
func (mc *Machine) checkPlaces() {
	mc.fullChecks++
	var stacks int64
	for i := range mc.allg {
		stacks += mc.allg[i].stackSize
	}
	if stacks != mc.stackBytes {
		panic("checkInvariants: the Gs' stacks sum to " + vm.Itoa(stacks) + " bytes but stackBytes is " + vm.Itoa(mc.stackBytes))
	}
	where := mc.checkWhere[:0] // places found per G
	for range mc.allg {
		where = append(where, 0)
	}
	mc.checkWhere = where
	mark := func(gi int32, what string) {
		if gi < 0 || int(gi) >= len(mc.allg) {
			panic("checkInvariants: " + what + " holds bad G index " + vm.Itoa(int64(gi)))
		}
		where[gi]++
	}
	// Run queues.
	for i := range mc.allp {
		P := &mc.allp[i]
		if n := P.runqtail - P.runqhead; n > runqSize {
			panic("checkInvariants: P" + vm.Itoa(int64(i)) + " ring holds " + vm.Itoa(int64(n)))
		}
		if P.runnext != nilIdx {
			mark(P.runnext, "runnext")
			mc.wantStatus(P.runnext, _Grunnable, "runnext of P", i)
		}
		for h := P.runqhead; h != P.runqtail; h++ {
			gi := P.runq[h%runqSize]
			mark(gi, "ring")
			mc.wantStatus(gi, _Grunnable, "ring of P", i)
		}
		n := int32(0)
		for gi := P.gFree; gi != nilIdx; gi = mc.allg[gi].schedlink {
			mark(gi, "gFree")
			mc.wantStatus(gi, _Gdead, "gFree of P", i)
			n++
		}
		if n != P.nFree {
			panic("checkInvariants: P" + vm.Itoa(int64(i)) + " gFree count")
		}
	}
	mc.checkQueue(&mc.sched.runq, "global runq", _Grunnable, mark)
	mc.checkQueue(&mc.sched.gFree, "global gFree", _Gdead, mark)
	for i := range mc.allm {
		if M := &mc.allm[i]; M.curg != nilIdx {
			mark(M.curg, "m.curg")
		} else if M.lockedg != 0 && M.nextp != nilIdx {
			// startlockedm handed the M a P for its G, taken off a run
			// queue: the G is the M's until it runs (lockosthread.go).
			mark(M.lockedg-1, "m.lockedg")
			mc.wantStatus(M.lockedg-1, _Grunnable, "lockedg of M", i)
		}
	}
	// Waiting Gs: on a channel, a timer, a WaitGroup, a mutex, the network,
	// or parked for good (system goroutines, nil channels, select {}).
	for c := range mc.chans {
		ch := &mc.chans[c]
		for s := ch.recvq.first; s != nilIdx; s = mc.sudogs[s].next {
			if mc.sudogs[s].kind != sudogSelect || mc.allg[mc.sudogs[s].g].param == s {
				mark(mc.sudogs[s].g, "recvq")
			}
		}
		for s := ch.sendq.first; s != nilIdx; s = mc.sudogs[s].next {
			if mc.sudogs[s].kind != sudogSelect || mc.allg[mc.sudogs[s].g].param == s {
				mark(mc.sudogs[s].g, "sendq")
			}
		}
	}
	for i := range mc.allp {
		for _, ti := range mc.allp[i].timers {
			if t := &mc.timers[ti]; t.kind == timerSleep {
				mark(t.g, "timer")
			}
		}
	}
	for i := range mc.wgs {
		for _, gi := range mc.wgs[i].waiters {
			mark(gi, "WaitGroup")
		}
	}
	for i := range mc.mus {
		for _, gi := range mc.mus[i].waiters {
			mark(gi, "Mutex")
		}
	}
	for c := range mc.conns {
		if gi := mc.conns[c].g; gi != nilIdx {
			mark(gi, "netpoll")
		}
	}
	// The collector's queues (mgc.go).
	for _, gi := range mc.gc.assistQ {
		mark(gi, "assist queue")
		mc.wantStatus(gi, _Gwaiting, "assist queue", -1)
	}
	for _, gi := range mc.gc.startWaiters {
		mark(gi, "work.startSema")
		mc.wantStatus(gi, _Gwaiting, "work.startSema", -1)
	}
	for _, gi := range mc.gc.sweepWaiters {
		mark(gi, "sweepWaiters")
		mc.wantStatus(gi, _Gwaiting, "sweepWaiters", -1)
	}
	for i := range mc.allg {
		if R := &mc.allg[i].rt; R.kind == rtMarkWorker && R.step == workerInit && mc.allg[i].status != _Gdead {
			mark(R.peer, "gcBgMarkStartWorkers") // waiting on the worker's ready channel
		}
	}
	for _, gi := range mc.gc.pool {
		if G := &mc.allg[gi]; G.status != _Gwaiting || G.rt.kind != rtMarkWorker {
			panic("checkInvariants: the mark worker pool holds G" + vm.Itoa(G.goid) + ", " + G.status.String())
		}
	}
	for i := range mc.allg {
		G := &mc.allg[i]
		want := uint8(1)
		if G.status == _Gwaiting {
			switch G.waitreason {
			case waitReasonChanReceiveNilChan, waitReasonChanSendNilChan, waitReasonSelectNoCases:
				want = 0
			}
			if G.system != 0 {
				want = 0
			}
		}
		if G.status == _Gwaiting && G.waitreason == waitReasonSelect && G.param == nilIdx {
			want = 0 // a select whose channels are all nil
		}
		if where[i] != want {
			panic("checkInvariants: G" + vm.Itoa(G.goid) + " (" + G.status.String() + ") is in " + vm.Itoa(int64(where[i])) + " places, want " + vm.Itoa(int64(want)))
		}
	}
}

func (mc *Machine) wantStatus(gi int32, s gstatus, where string, idx int) {
	if mc.allg[gi].status != s {
		if idx >= 0 {
			where += vm.Itoa(int64(idx))
		}
		panic("checkInvariants: G" + vm.Itoa(mc.goidOf(gi)) + " in " + where + " is " + mc.allg[gi].status.String())
	}
}

func (mc *Machine) checkQueue(q *gQueue, name string, s gstatus, mark func(int32, string)) {
	n := int32(0)
	last := int32(nilIdx)
	for gi := q.head; gi != nilIdx; gi = mc.allg[gi].schedlink {
		mark(gi, name)
		mc.wantStatus(gi, s, name, -1)
		last = gi
		n++
		if n > int32(len(mc.allg)) {
			panic("checkInvariants: " + name + " loops")
		}
	}
	if n != q.size || last != q.tail {
		panic("checkInvariants: " + name + " size " + vm.Itoa(int64(q.size)) + " but holds " + vm.Itoa(int64(n)))
	}
}

// checkPsMs checks the Ps and Ms: bindings both ways, the spinning count,
// the idle lists and their counts (after every action: their size is
// bounded by GOMAXPROCS and the threads).
func (mc *Machine) checkPsMs() {
	for i := range mc.allp {
		P := &mc.allp[i]
		if P.m != nilIdx && mc.allm[P.m].p != int32(i) {
			panic("checkInvariants: P" + vm.Itoa(int64(i)) + ".m = M" + vm.Itoa(int64(P.m)) + " but that M's p is " + vm.Itoa(int64(mc.allm[P.m].p)))
		}
		// The stopper of the world keeps its P, _Pgcstop (stoptheworld.go).
		stopper := P.status == _Pgcstop && mc.gc.stw.active && P.m == mc.gc.stw.stopper
		if (P.status == _Prunning) != (P.m != nilIdx) && !stopper {
			panic("checkInvariants: P" + vm.Itoa(int64(i)) + " is " + P.status.String() + " with m " + vm.Itoa(int64(P.m)))
		}
		if P.status == _Pgcstop && !mc.sched.gcwaiting {
			panic("checkInvariants: P" + vm.Itoa(int64(i)) + " is gcstop but the world is not stopping")
		}
	}
	nspin := int32(0)
	for i := range mc.allm {
		M := &mc.allm[i]
		if M.p != nilIdx && mc.allp[M.p].m != int32(i) {
			panic("checkInvariants: M" + vm.Itoa(int64(i)) + ".p = P" + vm.Itoa(int64(M.p)) + " but that P's m is " + vm.Itoa(int64(mc.allp[M.p].m)))
		}
		if M.spinning {
			nspin++
		}
		if M.curg != nilIdx {
			if mc.allg[M.curg].m != int32(i) {
				panic("checkInvariants: M" + vm.Itoa(int64(i)) + ".curg's m disagrees")
			}
			switch M.state {
			case mRunning:
				mc.wantStatus(M.curg, _Grunning, "curg of running M", i)
				if M.p == nilIdx {
					panic("checkInvariants: M" + vm.Itoa(int64(i)) + " runs G" + vm.Itoa(mc.goidOf(M.curg)) + " without a P")
				}
			case mSyscall:
				mc.wantStatus(M.curg, _Gsyscall, "curg in a syscall of M", i)
			default:
				panic("checkInvariants: M" + vm.Itoa(int64(i)) + " in state " + M.state.String() + " has a curg")
			}
		}
		if (M.heapIdx == nilIdx) != (M.state == mParked) {
			panic("checkInvariants: M" + vm.Itoa(int64(i)) + " is " + M.state.String() + " but heap index is " + vm.Itoa(int64(M.heapIdx)))
		}
	}
	// Spinning: wakep counts the M it starts before it runs, so Ms waking
	// to spin count too.
	if nspin != mc.sched.nmspinning {
		panic("checkInvariants: nmspinning is " + vm.Itoa(int64(mc.sched.nmspinning)) + " but " + vm.Itoa(int64(nspin)) + " Ms spin")
	}
	// Idle lists.
	n := int32(0)
	onList := make([]bool, len(mc.allp))
	for pp := mc.sched.pidle; pp != nilIdx; pp = mc.allp[pp].link {
		onList[pp] = true
		if mc.allp[pp].status != _Pidle || mc.allp[pp].m != nilIdx {
			panic("checkInvariants: idle list holds P" + vm.Itoa(int64(pp)) + " which is " + mc.allp[pp].status.String())
		}
		n++
		if n > int32(len(mc.allp)) {
			panic("checkInvariants: idle P list loops")
		}
	}
	for i := range mc.allp {
		if mc.allp[i].idle != onList[i] {
			panic("checkInvariants: P" + vm.Itoa(int64(i)) + "'s idlepMask bit disagrees with the idle list")
		}
	}
	if n != mc.sched.npidle {
		panic("checkInvariants: npidle is " + vm.Itoa(int64(mc.sched.npidle)) + " but the idle list holds " + vm.Itoa(int64(n)))
	}
	n = 0
	for mi := mc.sched.midle; mi != nilIdx; mi = mc.allm[mi].schedlink {
		if mc.allm[mi].state != mParked || mc.allm[mi].p != nilIdx {
			panic("checkInvariants: idle M list holds M" + vm.Itoa(int64(mi)) + " in state " + mc.allm[mi].state.String())
		}
		n++
	}
	if n != mc.sched.nmidle {
		panic("checkInvariants: nmidle mismatch")
	}
	// Every P is running, on the idle list, or handed to a waking M.
	handed := make([]bool, len(mc.allp))
	for j := range mc.allm {
		if np := mc.allm[j].nextp; np != nilIdx {
			handed[np] = true
		}
	}
	running := int32(0)
	for i := range mc.allp {
		switch {
		case mc.allp[i].status == _Pgcstop:
		case mc.allp[i].status != _Prunning && !handed[i] && !onList[i]:
			panic("checkInvariants: P" + vm.Itoa(int64(i)) + " is idle but on no list and handed to no M")
		default:
			running++
		}
	}
	if S := &mc.gc.stw; S.active && running != S.stopwait {
		panic("checkInvariants: the world waits for " + vm.Itoa(int64(S.stopwait)) + " Ps but " + vm.Itoa(int64(running)) + " have not stopped")
	}
}

// checkEvents checks the events of the last step against their kinds'
// specs (CheckEvent): an argument the spec does not declare, a code it
// does not name. Like a broken invariant, that is a bug in the engine.
func (mc *Machine) checkEvents() {
	for i := range mc.pending {
		if err := CheckEvent(&mc.pending[i]); err != nil {
			panic("checkEvents: " + err.Error())
		}
	}
}
