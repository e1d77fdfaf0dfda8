package runtime

import "github.com/gmplab/gmplab/vm"

// Run queues: the P's runnext slot and 256-slot ring, and the global queue
// (proc.go @7249–7760). The real ring is lock-free (CAS on runqhead) because
// thieves race with the owner; the simulation runs one action at a time, so
// the CAS always succeeds and the retry loops disappear. Under -race the real
// runtime drops runnext half the time and shuffles batches
// (randomizeScheduler); the model is a normal build.

// gQueue operations (runtime2.go: gQueue), threaded through g.schedlink.

func (mc *Machine) gqPushBack(q *gQueue, gi int32) {
	mc.allg[gi].schedlink = nilIdx
	if q.tail != nilIdx {
		mc.allg[q.tail].schedlink = gi
	} else {
		q.head = gi
	}
	q.tail = gi
	q.size++
}

func (mc *Machine) gqPushFront(q *gQueue, gi int32) {
	mc.allg[gi].schedlink = q.head
	q.head = gi
	if q.tail == nilIdx {
		q.tail = gi
	}
	q.size++
}

func (mc *Machine) gqPop(q *gQueue) int32 {
	gi := q.head
	if gi == nilIdx {
		return nilIdx
	}
	q.head = mc.allg[gi].schedlink
	if q.head == nilIdx {
		q.tail = nilIdx
	}
	mc.allg[gi].schedlink = nilIdx
	q.size--
	return gi
}

func newGQueue() gQueue { return gQueue{head: nilIdx, tail: nilIdx} }

// runqput tries to put gp on pp's local run queue (proc.go: runqput).
// If next, gp goes into pp.runnext and the G that was there is kicked to the
// tail of the ring. If the ring is full, runqputslow moves half of it to the
// global queue. Without the procs layer (the GM model) every G goes to the
// global queue.
func (mc *Machine) runqput(pp int32, gi int32, next bool) {
	if next && mc.cfg.Hooks != nil && mc.cfg.Hooks.Runqput != nil && mc.cfg.Layers.Has(LayerProcs) {
		mc.hookRunqput(pp, gi, true)
		return
	}
	if next {
		if old := mc.runqputnext(pp, gi); old != nilIdx {
			mc.runqputkicked(pp, old)
		}
		return
	}
	if !mc.cfg.Layers.Has(LayerProcs) {
		mc.globrunqput(gi)
		return
	}
	if mc.cfg.Hooks != nil && mc.cfg.Hooks.Runqput != nil {
		mc.hookRunqput(pp, gi, false)
		return
	}
	mc.runqputtail(pp, gi)
}

// runqputnext is runqput's first half with next: gi goes into pp's runnext
// and the G that was there is returned, to be kicked to the ring's tail by
// runqputkicked (the caller reports gi's arrival between the two). In the
// GM model gi goes to the global queue and nothing is kicked.
func (mc *Machine) runqputnext(pp int32, gi int32) (kicked int32) {
	if !mc.cfg.Layers.Has(LayerProcs) {
		mc.globrunqput(gi)
		return nilIdx
	}
	if mc.cfg.Hooks != nil && mc.cfg.Hooks.Runqput != nil {
		return mc.hookRunqputNext(pp, gi)
	}
	P := &mc.allp[pp]
	old := P.runnext
	P.runnext = gi
	return old
}

// runqputkicked puts gi, just kicked out of pp's runnext, at the ring's tail.
func (mc *Machine) runqputkicked(pp int32, gi int32) {
	if mc.cfg.Hooks != nil && mc.cfg.Hooks.Runqput != nil {
		mc.hookRunqputKicked(pp, gi)
		return
	}
	full := mc.allp[pp].runqtail-mc.allp[pp].runqhead >= runqSize
	if !full {
		mc.runqputtail(pp, gi)
	}
	if ev := mc.emit(EvRunqput, mc.curM(), pp, mc.allg[gi].goid, 0, 0); ev != nil && mc.cfg.Why {
		ev.Why = mc.why().s("kicked out of runnext by G").i(mc.allg[mc.allp[pp].runnext].goid).s("; goes to the tail of P").i(int64(pp)).s("'s ring").str()
	}
	if full {
		mc.runqputslow(pp, gi)
	}
}

// runqputtail puts gi at the tail of pp's ring, or, when it is full, moves
// half of it to the global queue (runqputslow).
func (mc *Machine) runqputtail(pp int32, gi int32) {
	P := &mc.allp[pp]
	if P.runqtail-P.runqhead < runqSize {
		P.runq[P.runqtail%runqSize] = gi
		P.runqtail++
		return
	}
	mc.runqputslow(pp, gi)
}

// runqputslow moves the oldest half of pp's full ring (128 Gs, from the head)
// plus gp (the 129th) to the global queue's tail, in that order
// (proc.go: runqputslow).
func (mc *Machine) runqputslow(pp int32, gi int32) {
	P := &mc.allp[pp]
	n := (P.runqtail - P.runqhead) / 2
	if n != runqSize/2 {
		panic("runqputslow: queue is not full")
	}
	for i := uint32(0); i < n; i++ {
		g := P.runq[(P.runqhead+i)%runqSize]
		mc.gqPushBack(&mc.sched.runq, g)
	}
	P.runqhead += n
	mc.gqPushBack(&mc.sched.runq, gi)
	mc.lockSched(CostGlobrunq)
	if ev := mc.emit(EvRunqputslow, mc.curM(), pp, mc.allg[gi].goid, int64(n+1), 0); ev != nil && mc.cfg.Why {
		ev.Why = "P" + vm.Itoa(int64(pp)) + "'s ring is full (256): its oldest 128 Gs plus G" + vm.Itoa(mc.allg[gi].goid) + " (129 in all) go to the global queue's tail"
	}
}

// runqget takes a G from pp's local queue: runnext first (inheritTime: it
// shares the current time slice), then the ring's head (proc.go: runqget).
func (mc *Machine) runqget(pp int32) (gi int32, inheritTime bool) {
	if mc.cfg.Hooks != nil && mc.cfg.Hooks.Runqget != nil {
		return mc.hookRunqget(pp)
	}
	P := &mc.allp[pp]
	if next := P.runnext; next != nilIdx {
		P.runnext = nilIdx
		return next, true
	}
	if P.runqhead == P.runqtail {
		return nilIdx, false
	}
	gi = P.runq[P.runqhead%runqSize]
	P.runqhead++
	return gi, false
}

// runqempty reports whether pp has no G in its ring or runnext (proc.go: runqempty).
func (mc *Machine) runqempty(pp int32) bool {
	P := &mc.allp[pp]
	return P.runqhead == P.runqtail && P.runnext == nilIdx
}

// runqlen is the ring's length, runnext not counted (as in schedtrace).
func (mc *Machine) runqlen(pp int32) int32 {
	P := &mc.allp[pp]
	return int32(P.runqtail - P.runqhead)
}

// runqgrab takes ceil(half) of victim's ring from its head (its oldest Gs)
// into mc.grab; if the ring is empty and stealRunNext, it takes the victim's
// runnext, after the usleep(3) back-off that gives a running owner the chance
// to schedule it (proc.go: runqgrab).
func (mc *Machine) runqgrab(victim int32, stealRunNext bool) (n int32, backoff bool) {
	if mc.cfg.Hooks != nil && mc.cfg.Hooks.Runqgrab != nil {
		return mc.hookRunqgrab(victim, stealRunNext)
	}
	V := &mc.allp[victim]
	mc.grab = mc.grab[:0]
	t := V.runqtail - V.runqhead
	n32 := t - t/2
	if n32 == 0 {
		if stealRunNext && V.runnext != nilIdx {
			// The back-off happens when the victim's M runs a G that is
			// not in a syscall: the owner is about to schedule runnext.
			if V.status == _Prunning && V.m != nilIdx {
				if cg := mc.allm[V.m].curg; cg == nilIdx || mc.allg[cg].status != _Gsyscall {
					backoff = true
				}
			}
			mc.grab = append(mc.grab, V.runnext)
			V.runnext = nilIdx
			return 1, backoff
		}
		return 0, false
	}
	if n32 > runqSize/2 { // read inconsistent h and t
		panic("runqgrab: n > len(runq)/2")
	}
	for i := uint32(0); i < n32; i++ {
		mc.grab = append(mc.grab, V.runq[(V.runqhead+i)%runqSize])
	}
	V.runqhead += n32
	return int32(n32), false
}

// runqsteal steals half of victim's ring into pp's ring and returns the
// youngest stolen G to run now; the others keep the victim's order in pp's
// ring (proc.go: runqsteal).
func (mc *Machine) runqsteal(pp, victim int32, stealRunNext bool) (gi int32, n int32, backoff bool) {
	n, backoff = mc.runqgrab(victim, stealRunNext)
	if n == 0 {
		return nilIdx, 0, false
	}
	P := &mc.allp[pp]
	gi = mc.grab[n-1]
	for _, g := range mc.grab[:n-1] {
		if P.runqtail-P.runqhead >= runqSize {
			panic("runqsteal: runq overflow")
		}
		P.runq[P.runqtail%runqSize] = g
		P.runqtail++
	}
	return gi, n, backoff
}

// globrunqput puts gp on the global queue's tail (proc.go: globrunqput).
func (mc *Machine) globrunqput(gi int32) {
	mc.lockSched(CostGlobrunq)
	mc.gqPushBack(&mc.sched.runq, gi)
}

// globrunqget takes one G from the global queue's head (proc.go: globrunqget).
func (mc *Machine) globrunqget() int32 {
	if mc.sched.runq.size == 0 {
		return nilIdx
	}
	mc.lockSched(CostGlobrunq)
	return mc.gqPop(&mc.sched.runq)
}

// globrunqgetbatch takes n = min(max, size, size/gomaxprocs+1) Gs from the
// global queue's head: the first to run, the rest into pp's ring
// (proc.go: globrunqgetbatch, with findRunnable's runqputbatch).
func (mc *Machine) globrunqgetbatch(pp int32, max int32) (gi int32, n int32) {
	size := mc.sched.runq.size
	if size == 0 {
		return nilIdx, 0
	}
	mc.lockSched(CostGlobrunq)
	n = min(max, size, size/int32(len(mc.allp))+1)
	gi = mc.gqPop(&mc.sched.runq)
	if pp != nilIdx && mc.cfg.Layers.Has(LayerProcs) {
		P := &mc.allp[pp]
		for i := int32(1); i < n; i++ {
			g := mc.gqPop(&mc.sched.runq)
			if P.runqtail-P.runqhead >= runqSize {
				panic("findRunnable: couldn't put Gs into empty local runq")
			}
			P.runq[P.runqtail%runqSize] = g
			P.runqtail++
		}
	} else {
		n = 1
	}
	return gi, n
}

// lockSched accounts for taking sched.lock. In the GM model (layer procs
// off) every run queue operation takes it, and an M that finds it held by
// another M waits: the engine counts acquisitions and contended
// acquisitions, which is the cost that Ps (Go 1.1) removed. With Ps it is
// only counted. An M that takes the lock again while its own last hold is
// still running (several queue operations in one engine step) does not
// wait for itself: its critical sections follow each other.
func (mc *Machine) lockSched(hold int64) {
	mc.sched.lockAcq++
	if mc.cfg.Layers.Has(LayerProcs) {
		return
	}
	mi := mc.curM()
	start := mc.now
	if mc.sched.lockFreeAt > start {
		if mi != nilIdx && mi == mc.sched.lockOwner {
			start = mc.sched.lockFreeAt // after its own previous hold
		} else {
			mc.sched.lockWait++
			wait := mc.sched.lockFreeAt - start
			start = mc.sched.lockFreeAt
			if mi != nilIdx {
				mc.allm[mi].lockDelay += wait
				if ev := mc.emit(EvLock, mi, mc.allm[mi].p, -1, wait, 0); mc.cfg.Why {
					ev.Why = "GM model: every run queue operation takes sched.lock; another M holds it, so M" + vm.Itoa(int64(mi)) + " waits " + fmtNs(wait)
				}
			}
		}
	}
	mc.sched.lockOwner = mi
	mc.sched.lockFreeAt = start + hold
}
