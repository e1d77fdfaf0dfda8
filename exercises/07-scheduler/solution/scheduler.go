// Package solution is the reference scheduler of the capstone: schedule,
// written here, and every function of the earlier exercises that it
// runs on, as their solutions have them (proc.go: schedule and the rest).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

// Schedule is one round of the scheduler for the calling M: find a
// runnable goroutine and run it. An M locked to a G only waits for it; a
// spinning M that found work stops spinning (and may wake another); a G
// locked to another M is handed to it. When findRunnable parks the M, so
// does schedule: the M starts over here when it is woken.
func Schedule(sched rt.Sched) {
	if sched.Lockedg() {
		// The G locked to this M blocked or yielded: hand the P off and
		// sleep until the G is runnable again.
		sched.Stoplockedm()
		return
	}
	pp := sched.P()
	sched.SetPPreempt(pp, false)

	// Safety check: if we are spinning, the run queue should be empty.
	if sched.Spinning() && !sched.Runqempty(pp) {
		sched.Throw("schedule: spinning with local work")
	}

	gp, inheritTime := FindRunnable(sched) // blocks until work is available
	if gp == 0 {
		return // the M parked
	}

	// This thread is going to run a goroutine and is not spinning
	// anymore, so if it was marked as spinning we need to reset it now
	// and potentially start a new spinning M.
	if sched.Spinning() {
		Resetspinning(sched)
	}

	if sched.Lockedm(gp) {
		// Hands off own p to the locked m, then blocks waiting for a new
		// p.
		sched.Startlockedm(gp)
		return
	}
	sched.Execute(gp, inheritTime)
}

// ---- The earlier exercises' functions, as their solutions have them
// (generated: go test ./checker -run TestCapstoneSolution -update) ----

// ---- 06-findrunnable ----

// FindRunnable finds a runnable goroutine for the calling M: its own
// timers, the global queue on every 61st schedtick, its local queue, a
// batch of the global queue, the network, the other Ps (stealWork); then
// it gives its P up and looks once more before the M sleeps. It returns
// 0 when the M parked (Stopm, NetpollBlock).
func FindRunnable(sched rt.Sched) (gp rt.Guintptr, inheritTime bool) {
top:
	pp := sched.P()
	// now and pollUntil are saved for work stealing later, which may
	// steal timers.
	pollUntil, _ := sched.CheckTimers(pp)

	// Check the global runnable queue once in a while to ensure fairness.
	// Otherwise two goroutines can completely occupy the local runqueue
	// by constantly respawning each other.
	if sched.Schedtick(pp)%61 == 0 && !sched.GlobrunqEmpty() {
		if gp := sched.Globrunqget(); gp != 0 {
			return gp, false
		}
	}

	// local runq
	if gp, inheritTime := sched.Runqget(pp); gp != 0 {
		return gp, inheritTime
	}

	// global runq
	if !sched.GlobrunqEmpty() {
		if gp := sched.Globrunqgetbatch(pp); gp != 0 {
			return gp, false
		}
	}

	// Poll network. Only an optimization before we resort to stealing:
	// skipped if there are no waiters or a thread is blocked in netpoll
	// already.
	if sched.NetpollInited() && sched.NetpollAnyWaiters() && sched.Lastpoll() != 0 {
		if list := sched.Netpoll(0); len(list) > 0 { // non-blocking
			gp := list[0]
			sched.Injectglist(list[1:])
			sched.Casgstatus(gp, rt.Gwaiting, rt.Grunnable)
			return gp, false
		}
	}

	// Spinning Ms: steal work from other Ps. Limit the number of spinning
	// Ms to half the number of busy Ps.
	if sched.Spinning() || 2*sched.Nmspinning() < sched.Gomaxprocs()-sched.Npidle() {
		if !sched.Spinning() {
			sched.BecomeSpinning()
		}
		gp, inheritTime, w, newWork := StealWork(sched)
		if gp != 0 {
			// Successfully stole.
			return gp, inheritTime
		}
		if newWork {
			// There may be new timer work; restart to discover.
			goto top
		}
		if w != 0 && (pollUntil == 0 || w < pollUntil) {
			// Earlier timer to wait for.
			pollUntil = w
		}
	}

	// We have nothing to do: return P and block.
	if !sched.GlobrunqEmpty() {
		return sched.Globrunqgetbatch(pp), false
	}
	if !sched.Spinning() && sched.Needspinning() {
		// See the "delicate dance" below.
		sched.BecomeSpinning()
		goto top
	}
	sched.Releasep()
	sched.Pidleput(pp)

	// Delicate dance: the M drops spinning first, then checks all
	// sources again; the other way round, work submitted in between
	// would find nobody to run it.
	wasSpinning := sched.Spinning()
	if sched.Spinning() {
		sched.SetSpinning(false)
		if sched.AddNmspinning(-1) < 0 {
			sched.Throw("findRunnable: negative nmspinning")
		}
		// Check global and P runqueues again.
		if !sched.GlobrunqEmpty() {
			if pp := sched.PidlegetSpinning(); pp != 0 {
				gp := sched.Globrunqgetbatch(pp)
				sched.Acquirep(pp)
				sched.BecomeSpinning()
				return gp, false
			}
		}
		if pp := CheckRunqsNoP(sched); pp != 0 {
			sched.Acquirep(pp)
			sched.BecomeSpinning()
			goto top
		}
		// Finally, check for timer creation or expiry concurrently with
		// transitioning from spinning to non-spinning.
		pollUntil = CheckTimersNoP(sched, pollUntil)
	}

	// Poll network until next timer.
	if sched.NetpollInited() && (sched.NetpollAnyWaiters() || pollUntil != 0) && sched.Lastpoll() != 0 {
		sched.NetpollBlock(pollUntil, wasSpinning)
		return 0, false
	} else if pollUntil != 0 && sched.NetpollInited() {
		if p := sched.PollerPollUntil(); p == 0 || p > pollUntil {
			sched.NetpollBreak()
		}
	}
	sched.Stopm()
	return 0, false
}

// StealWork attempts to steal a runnable goroutine or timer from any P:
// four passes over all Ps in a random order, the last also running their
// timers and taking a runnext. newWork: a timer ran, so new work may have
// been readied.
func StealWork(sched rt.Sched) (gp rt.Guintptr, inheritTime bool, pollUntil int64, newWork bool) {
	pp := sched.P()
	ranTimer := false
	const stealTries = 4
	for i := 0; i < stealTries; i++ {
		stealTimersOrRunNextG := i == stealTries-1
		for enum := StealOrder(sched.Gomaxprocs(), sched.Cheaprand()); !enum.Done(); enum.Next() {
			p2 := sched.Allp(enum.Position())
			if pp == p2 {
				continue
			}
			// Steal timers from p2, once, on the last pass: stealing a
			// runnext is the last resort, so timers go first.
			if stealTimersOrRunNextG && sched.TimerpMask(p2) {
				w, ran := sched.CheckTimers(p2)
				if w != 0 && (pollUntil == 0 || w < pollUntil) {
					pollUntil = w
				}
				if ran {
					// Running the timers may have made Gs ready and put
					// them on this P's local run queue.
					if gp, inheritTime := sched.Runqget(pp); gp != 0 {
						return gp, inheritTime, pollUntil, ranTimer
					}
					ranTimer = true
				}
			}
			// Don't bother to attempt to steal if p2 is idle.
			if !sched.IdlepMask(p2) {
				if gp := sched.Runqsteal(pp, p2, stealTimersOrRunNextG); gp != 0 {
					return gp, false, pollUntil, ranTimer
				}
			}
		}
	}
	// No goroutines found to steal. Regardless, running a timer may have
	// made some goroutine ready that we missed.
	return 0, false, pollUntil, ranTimer
}

// RandomEnum is one pass over all Ps: from a random position, with a
// random stride coprime to their number, so that every P comes once
// (proc.go: randomOrder, randomEnum).
type RandomEnum struct {
	i, count, pos, inc uint32
}

// StealOrder starts a pass over count Ps for random number r: the
// position r%count, the stride coprimes[r/count%len(coprimes)], where
// coprimes are the numbers from 1 to count coprime to it
// (proc.go: randomOrder.reset, randomOrder.start).
func StealOrder(count int32, r uint32) RandomEnum {
	n := uint32(count)
	var coprimes []uint32
	for i := uint32(1); i <= n; i++ {
		if gcd(i, n) == 1 {
			coprimes = append(coprimes, i)
		}
	}
	return RandomEnum{count: n, pos: r % n, inc: coprimes[r/n%uint32(len(coprimes))]}
}

// Done reports whether every P has come.
func (e *RandomEnum) Done() bool { return e.i == e.count }

// Next moves to the next P.
func (e *RandomEnum) Next() {
	e.i++
	e.pos = (e.pos + e.inc) % e.count
}

// Position is the index in allp of the P the pass is at.
func (e *RandomEnum) Position() int32 { return int32(e.pos) }

func gcd(a, b uint32) uint32 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// CheckRunqsNoP looks, without a P, for a busy P with work: if there is
// one and an idle P to take, it returns the idle P for the caller to
// acquire and steal into (proc.go: checkRunqsNoP).
func CheckRunqsNoP(sched rt.Sched) rt.Puintptr {
	for i := int32(0); i < sched.Gomaxprocs(); i++ {
		p2 := sched.Allp(i)
		if !sched.IdlepMask(p2) && !sched.Runqempty(p2) {
			// Can't get a P, don't bother checking remaining Ps.
			return sched.PidlegetSpinning()
		}
	}
	return 0
}

// CheckTimersNoP returns the earlier of pollUntil and every P's next
// timer, without a P: it reads when they are due and runs none
// (proc.go: checkTimersNoP).
func CheckTimersNoP(sched rt.Sched, pollUntil int64) int64 {
	for i := int32(0); i < sched.Gomaxprocs(); i++ {
		p2 := sched.Allp(i)
		if sched.TimerpMask(p2) {
			if w := sched.WakeTime(p2); w != 0 && (pollUntil == 0 || w < pollUntil) {
				pollUntil = w
			}
		}
	}
	return pollUntil
}

// ---- 03-wakep ----

// Wakep tries to add one more P to execute Gs: a spinning M on an idle P,
// but only if no M spins already. Called when a G is made runnable
// (newproc, ready).
func Wakep(sched rt.Sched) {
	// Be conservative about spinning threads, only start one if none
	// exist already. The CAS counts the new spinner before it looks, so
	// that a second wakep meanwhile does not start another.
	if sched.Nmspinning() != 0 || !sched.CasNmspinning(0, 1) {
		return
	}
	pp := PidlegetSpinning(sched)
	if pp == 0 {
		if sched.AddNmspinning(-1) < 0 {
			sched.Throw("wakep: negative nmspinning")
		}
		return
	}
	sched.Startm(pp, true)
}

// Resetspinning: the calling M found work and stops spinning. If it was
// the last spinner, wakep starts another, so that there is always one
// looking while there may be more work.
func Resetspinning(sched rt.Sched) {
	if !sched.Spinning() {
		sched.Throw("resetspinning: not a spinning m")
	}
	sched.SetSpinning(false)
	if sched.AddNmspinning(-1) < 0 {
		sched.Throw("findRunnable: negative nmspinning")
	}
	// M wakeup policy is deliberately somewhat conservative, so check if
	// we need to wakeup another P here.
	Wakep(sched)
}

// BecomeSpinning makes the calling M a spinner: the flag, the count, and
// needspinning cleared (a spinner now exists to find the work).
func BecomeSpinning(sched rt.Sched) {
	sched.SetSpinning(true)
	sched.AddNmspinning(1)
	sched.SetNeedspinning(false)
}

// PidlegetSpinning takes an idle P for an M about to spin. With none, it
// sets needspinning: an M about to drop its P spins instead, so that the
// work this M found is not left with nobody looking.
func PidlegetSpinning(sched rt.Sched) rt.Puintptr {
	pp := sched.Pidleget()
	if pp == 0 {
		sched.SetNeedspinning(true)
		return 0
	}
	return pp
}

// ---- 02-runqput ----

// Runqput tries to put gp on the local runnable queue. If next, it puts gp
// in pp.Runnext and kicks the old runnext to the ring's tail. If the ring
// is full, runqputslow puts half of it on the global queue.
func Runqput(pp *rt.P, sched *rt.Schedt, gp rt.Guintptr, next bool) {
	if next {
		oldnext := pp.Runnext
		pp.Runnext = gp
		if oldnext == 0 {
			return
		}
		// Kick the old runnext out to the regular run queue.
		gp = oldnext
	}
	h, t := pp.Runqhead, pp.Runqtail
	if t-h < uint32(len(pp.Runq)) {
		pp.Runq[t%uint32(len(pp.Runq))] = gp
		pp.Runqtail = t + 1
		return
	}
	runqputslow(pp, sched, gp, h, t)
}

// runqputslow moves the ring's oldest half plus gp (128+1) to the global
// queue's tail, in order.
func runqputslow(pp *rt.P, sched *rt.Schedt, gp rt.Guintptr, h, t uint32) {
	n := (t - h) / 2
	if n != uint32(len(pp.Runq)/2) {
		panic("runqputslow: queue is not full")
	}
	for i := uint32(0); i < n; i++ {
		sched.Runq.PushBack(pp.Runq[(h+i)%uint32(len(pp.Runq))])
	}
	pp.Runqhead = h + n
	sched.Runq.PushBack(gp)
}

// ---- 02-runqget ----

// Runqget takes runnext first (inheritTime: it shares the current time
// slice), then the ring's head.
func Runqget(pp *rt.P) (gp rt.Guintptr, inheritTime bool) {
	if next := pp.Runnext; next != 0 {
		pp.Runnext = 0
		return next, true
	}
	if pp.Runqhead == pp.Runqtail {
		return 0, false
	}
	gp = pp.Runq[pp.Runqhead%uint32(len(pp.Runq))]
	pp.Runqhead++
	return gp, false
}

// ---- 03-runqgrab ----

// Runqgrab grabs ceil(half) of pp's ring from its head (its oldest Gs)
// into batch at batchHead; if the ring is empty and stealRunNext, it takes
// pp's runnext.
func Runqgrab(pp *rt.P, batch *[256]rt.Guintptr, batchHead uint32, stealRunNext bool) uint32 {
	h, t := pp.Runqhead, pp.Runqtail
	n := t - h
	n = n - n/2
	if n == 0 {
		if stealRunNext {
			if next := pp.Runnext; next != 0 {
				batch[batchHead%uint32(len(batch))] = next
				pp.Runnext = 0
				return 1
			}
		}
		return 0
	}
	if n > uint32(len(pp.Runq)/2) { // read inconsistent h and t
		panic("runqgrab: n > len(runq)/2")
	}
	for i := uint32(0); i < n; i++ {
		g := pp.Runq[(h+i)%uint32(len(pp.Runq))]
		batch[(batchHead+i)%uint32(len(batch))] = g
	}
	pp.Runqhead = h + n
	return n
}

// ---- 05-preemptone ----

// Retake looks at every running P: a G that has run for 10 ms on the same
// schedtick is asked to stop (preemptone), and a P held by an M in a
// system call is taken and handed off when it has waited long enough. It
// returns how many Ps it took from system calls.
func Retake(sched rt.Sched, now int64) uint32 {
	n := uint32(0)
	for i := int32(0); i < sched.Gomaxprocs(); i++ {
		// Quickly filter out non-running Ps. Running Ps are either in a
		// syscall or are actually executing. Idle Ps don't need to be
		// retaken.
		pp := sched.Allp(i)
		if sched.Status(pp) != rt.Prunning {
			continue
		}
		pd := sched.Sysmontick(pp)
		sysretake := false

		// Preempt G if it's running on the same schedtick for too long.
		// This could be from a single long-running goroutine or a
		// sequence of goroutines run via runnext, which share a single
		// schedtick time slice.
		if t := sched.Schedtick(pp); pd.Schedtick != t {
			pd.Schedtick = t
			pd.Schedwhen = now
		} else if pd.Schedwhen+rt.ForcePreemptNS <= now {
			Preemptone(sched, pp)
			// If pp is in a syscall, preemptone doesn't work: the
			// goroutine nor the thread can respond to a preemption
			// request because they're not in Go code, so we need to take
			// the P ourselves.
			sysretake = true
		}

		// Try to prevent the P from continuing in the syscall, if it's
		// in one at all.
		if !sched.SetBlockOnExitSyscall(pp) {
			continue
		}
		// Retake the P if it's there for more than 1 sysmon tick (at
		// least 20us).
		if t := sched.Syscalltick(pp); !sysretake && pd.Syscalltick != t {
			pd.Syscalltick = t
			pd.Syscallwhen = now
			continue
		}
		// On the one hand we don't want to retake Ps if there is no
		// other work to do, but on the other hand we want to retake them
		// eventually because they can prevent the sysmon thread from deep
		// sleep.
		if sched.Runqempty(pp) && sched.Nmspinning()+sched.Npidle() > 0 && pd.Syscallwhen+10*1000*1000 > now {
			continue
		}
		// Take the P, and hand it off for some other thread to run it.
		sched.TakeP(pp)
		n++
		sched.Handoffp(pp)
	}
	return n
}

// Preemptone asks the G running on pp to stop: cooperatively (its next
// function prologue sees stackguard0 = stackPreempt) and, unless async
// preemption is off, with a signal to its M. It reports whether it asked.
func Preemptone(sched rt.Sched, pp rt.Puintptr) bool {
	mp := sched.PM(pp)
	if mp == 0 || mp == sched.M() {
		return false
	}
	gp := sched.Curg(mp)
	if gp == 0 {
		return false
	}
	if sched.Readgstatus(gp) == rt.Gsyscall {
		// Don't bother trying to preempt a goroutine in a syscall.
		return false
	}
	sched.SetPreempt(gp, true)
	// Every call in a goroutine checks for stack overflow by comparing
	// the current stack pointer to gp.stackguard0. Setting
	// gp.stackguard0 to stackPreempt folds preemption into the normal
	// stack overflow check.
	sched.SetStackguard0(gp, rt.StackPreempt)
	// Request an async preemption of this P.
	if !sched.AsyncPreemptOff() {
		sched.SetPPreempt(pp, true)
		sched.PreemptM(mp)
	}
	return true
}

// ---- 04-retake ----

// Handoffp decides what happens to a P taken from a syscall.
func Handoffp(pp *rt.P, sched *rt.Schedt) (startM, spinning bool) {
	// If it has local work, start it straight away.
	if !rt.Runqempty(pp) || !sched.Runq.Empty() {
		return true, false
	}
	// No local work, check that there are no spinning/idle M's,
	// otherwise our help is not required.
	if sched.Nmspinning+sched.Npidle == 0 {
		return true, true
	}
	// If this is the last running P and nobody is polling network,
	// need to wakeup another M to poll network.
	if sched.Npidle == sched.Gomaxprocs-1 && !sched.Polling {
		return true, false
	}
	return false, false
}

// ---- 04-exitsyscall ----

// Exitsyscall: the calling M's G returns from a system call. In Go 1.26
// the P stays attached during the call unless sysmon (or a stop-the-world)
// took it: if the M still has it, the G goes on at once (the fast path);
// else it tries to get a P back (its old one, or an idle one); with none,
// the G is queued and the M sleeps.
func Exitsyscall(sched rt.Sched) {
	gp := sched.Curg(sched.M())
	// Optimistically assume we're going to keep running.
	sched.Casgstatus(gp, rt.Gsyscall, rt.Grunning)

	// Grab and clear our old P.
	oldp := sched.Oldp()
	sched.SetOldp(0)

	// Check if we still have a P, and if not, try to acquire an idle P.
	pp := sched.P()
	if pp == 0 {
		// Slow path: we lost our P. Try to get another one.
		if pp = ExitsyscallTryGetP(sched, oldp); pp != 0 {
			sched.Acquirep(pp)
		}
	}
	// If we have a P, clean up and exit.
	if pp != 0 {
		// Increment the syscalltick for P, since we're exiting a syscall.
		sched.IncSyscalltick(pp)
		if sched.Preempted(gp) {
			// Restore the preemption request in case we cleared it in newstack.
			sched.SetStackguard0(gp, rt.StackPreempt)
		} else {
			sched.SetStackguard0(gp, rt.StackGuard)
		}
		return
	}
	// Slowest path: we couldn't get a P, so call into the scheduler.
	ExitsyscallNoP(sched, gp)
}

// ExitsyscallTryGetP tries to get a P for an M that lost its own: its old
// P back if the M holding it is itself in a system call, else an idle P
// (waking a deep-sleeping sysmon: a P runs again). It returns 0 if there
// is none.
func ExitsyscallTryGetP(sched rt.Sched, oldp rt.Puintptr) rt.Puintptr {
	// Try to steal our old P back.
	if oldp != 0 && sched.SetBlockOnExitSyscall(oldp) {
		sched.TakeP(oldp)
		return oldp
	}
	// Try to get an idle P.
	if sched.Npidle() != 0 {
		pp := sched.Pidleget()
		if pp != 0 && sched.SysmonWait() {
			sched.SysmonWake()
		}
		if pp != 0 {
			return pp
		}
	}
	return 0
}

// ExitsyscallNoP is the slowest path: no P. The G becomes runnable; if an
// idle P appeared meanwhile it runs on it at once, else it goes to the
// global queue and the M sleeps (until a G locked to it runs, if one is).
func ExitsyscallNoP(sched rt.Sched, gp rt.Guintptr) {
	sched.Casgstatus(gp, rt.Grunning, rt.Grunnable)
	sched.Dropg()
	pp := sched.Pidleget()
	locked := false
	if pp == 0 {
		sched.Globrunqput(gp)
		// globrunqput releases ownership of gp: check whether it is
		// locked first.
		locked = sched.Lockedm(gp)
	} else if sched.SysmonWait() {
		sched.SysmonWake()
	}
	if pp != 0 {
		sched.Acquirep(pp)
		sched.Execute(gp, false) // Never returns.
		return
	}
	if locked {
		// Wait until another thread schedules gp and so m again.
		sched.Stoplockedm()
		return
	}
	sched.Stopm()
}

// ---- 06-injectglist ----

// Injectglist puts the ready Gs of glist on run queues and returns how many
// idle Ps to start. Without a P (sysmon, an M blocked in netpoll) they all
// go to the global queue, with as many idle Ps started. With a P, the first
// min(npidle, n) go to the global queue for the idle Ps to take, and the
// rest to this P's ring (the global queue when it is full).
func Injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {
	if pp == nil {
		for _, gp := range glist {
			sched.Runq.PushBack(gp)
		}
		return len(glist)
	}
	npidle := int(sched.Npidle)
	n := 0
	for ; n < npidle && n < len(glist); n++ {
		sched.Runq.PushBack(glist[n])
	}
	for _, gp := range glist[n:] {
		if pp.Runqtail-pp.Runqhead < uint32(len(pp.Runq)) {
			pp.Runq[pp.Runqtail%uint32(len(pp.Runq))] = gp
			pp.Runqtail++
		} else {
			sched.Runq.PushBack(gp)
		}
	}
	return n
}

// ---- 05-preempt ----

// GopreemptM puts the preempted G on the global queue's tail: not its P's
// runnext or ring, so that the other Gs of the P run first (without a
// pending stop-the-world, which the model does not have).
func GopreemptM(gp rt.Guintptr, pp *rt.P, sched *rt.Schedt) {
	sched.Runq.PushBack(gp)
}
