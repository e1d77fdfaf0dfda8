// Package solution is the reference findRunnable: the whole search of an M
// for work, in Go 1.26's order (proc.go: findRunnable, stealWork,
// checkRunqsNoP, checkTimersNoP).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

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
