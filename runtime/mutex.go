package runtime

import "github.com/gmplab/gmplab/vm"

// sync.Mutex as internal/sync/mutex.go has it, on the runtime's semaphore
// (runtime/sema.go: semacquire1, semrelease1) and sync_runtime_canSpin
// (proc.go).
//
// Normal mode: a Lock that finds the mutex locked may spin, up to
// active_spin (4) times, procyield(active_spin_cnt = 30) each, where the
// runtime allows it (internal_sync_runtime_canSpin: more than one CPU,
// GOMAXPROCS > npidle + nmspinning + 1, and the spinner's P has nothing
// queued); it sets mutexWoken so that Unlock wakes nobody while it spins.
// Then it counts itself as a waiter and sleeps on the semaphore, FIFO the
// first time and at the head (LIFO) when it had already waited. Unlock
// wakes one waiter (semrelease, no handoff), which competes for the lock
// again when it runs, with newcomers (barging).
//
// Starvation mode: a waiter that has waited over 1 ms
// (starvationThresholdNs) sets mutexStarving. Unlock then hands the mutex
// to the first waiter (semrelease with handoff: the waiter gets the
// semaphore's ticket, is readied into the unlocker's runnext, and the
// unlocker yields with goyield to its P's ring tail, so the waiter runs
// now). Newcomers do not spin or take it; they queue. The mode ends when
// the waiter that gets it is the last one or has waited under 1 ms.
//
// Simplified: each atomic compare-and-swap succeeds (the model runs one
// M's action at a time), and the semaphore's treap of addresses is one
// queue per mutex.

const (
	mutexLocked      = 1 << iota // internal/sync/mutex.go
	mutexWoken                   // a G is awake (spinning or woken) and will try to lock: Unlock need not wake one
	mutexStarving                // starvation mode
	mutexWaiterShift = iota      // the state's high bits count the waiters

	// starvationThresholdNs: a waiter that waited longer switches the
	// mutex to starvation mode.
	starvationThresholdNs = 1e6
	// active_spin: sync.Mutex spins at most this many times (proc.go).
	activeSpin = 4
	// active_spin_cnt: each spin is procyield(30), 30 PAUSE instructions.
	activeSpinCnt = 30
)

type mutex struct {
	state   int32   // mutexLocked | mutexWoken | mutexStarving | waiters<<mutexWaiterShift
	sema    uint32  // the semaphore's count (semrelease adds, cansemacquire takes)
	waiters []int32 // Gs asleep in semacquire on it, in dequeue order
}

// lockSlow is a G's state inside Mutex.lockSlow, kept across its spins and
// sleeps (the locals of lockSlow and semacquire1).
type lockSlow struct {
	in        bool  // inside lockSlow
	waitStart int64 // waitStartTime: when it first went to sleep (0: never)
	iter      int8  // spins so far
	starving  bool
	awoke     bool
	woken     bool // readied by semrelease: back from semacquire's gopark
	lifo      bool // semacquire's lifo argument
	ticket    bool // semrelease handed it the semaphore (starvation mode)
}

func (mc *Machine) newMutex() int64 {
	mc.mus = append(mc.mus, mutex{})
	return int64(len(mc.mus) - 1)
}

// canSpin is internal_sync_runtime_canSpin for the running G of M mi.
func (mc *Machine) canSpin(mi int32, iter int8) bool {
	if iter >= activeSpin || mc.cfg.NCPU <= 1 || int32(len(mc.allp)) <= mc.sched.npidle+mc.sched.nmspinning+1 {
		return false
	}
	return mc.runqempty(mc.allm[mi].p)
}

// lock is Mutex.Lock for the running G of M mi; its pc is still at the
// Lock. It reports whether the G holds the mutex (the caller advances the
// pc); if not, the G spun (and comes back to Lock after the spin) or
// sleeps on the semaphore.
func (mc *Machine) lock(mi int32, u int64, pos vm.Pos) bool {
	gi := mc.allm[mi].curg
	G := &mc.allg[gi]
	mu := &mc.mus[u]
	ls := &G.lock
	if !ls.in {
		// Fast path: grab the unlocked mutex.
		if mu.state == 0 {
			mu.state = mutexLocked
			return true
		}
		*ls = lockSlow{in: true}
	}
	if ls.woken {
		// Back from semacquire's gopark (semacquire1's loop).
		ls.woken = false
		if !ls.ticket {
			if mu.sema == 0 {
				// A newcomer took the count: sleep again.
				mc.semqueue(mu, gi, ls.lifo)
				mc.gopark(mi, waitReasonSyncMutexLock, pos)
				return false
			}
			mu.sema--
		}
		ls.ticket = false
		if mc.afterSemacquire(mi, u) {
			return true
		}
	}
	for {
		old := mu.state
		if old&(mutexLocked|mutexStarving) == mutexLocked && mc.canSpin(mi, ls.iter) {
			// Active spinning makes sense: try to set mutexWoken so that
			// Unlock does not wake other blocked Gs.
			if !ls.awoke && old&mutexWoken == 0 && old>>mutexWaiterShift != 0 {
				mu.state |= mutexWoken
				ls.awoke = true
			}
			ls.iter++
			// procyield: the spin is the G's own CPU (no event), after
			// which it looks at the mutex again.
			mc.acc += CostSpin
			mc.continueG(mi, 0)
			return false
		}
		nw := old
		if old&mutexStarving == 0 {
			nw |= mutexLocked // don't try to acquire a starving mutex
		}
		if old&(mutexLocked|mutexStarving) != 0 {
			nw += 1 << mutexWaiterShift
		}
		if ls.starving && old&mutexLocked != 0 {
			nw |= mutexStarving
		}
		if ls.awoke {
			if nw&mutexWoken == 0 {
				panic("sync: inconsistent mutex state")
			}
			nw &^= mutexWoken
		}
		mu.state = nw
		if old&(mutexLocked|mutexStarving) == 0 {
			*ls = lockSlow{}
			return true // locked the mutex with CAS
		}
		// If we were already waiting before, queue at the front.
		ls.lifo = ls.waitStart != 0
		if ls.waitStart == 0 {
			ls.waitStart = mc.now + mc.acc
		}
		// semacquire1: take the count if there is one, else sleep.
		if mu.sema > 0 {
			mu.sema--
			if mc.afterSemacquire(mi, u) {
				return true
			}
			continue
		}
		mc.semqueue(mu, gi, ls.lifo)
		mc.gopark(mi, waitReasonSyncMutexLock, pos)
		return false
	}
}

// afterSemacquire is lockSlow after runtime_SemacquireMutex returned: in
// starvation mode the mutex was handed to this G; else it competes again.
func (mc *Machine) afterSemacquire(mi int32, u int64) bool {
	G := &mc.allg[mc.allm[mi].curg]
	ls := &G.lock
	mu := &mc.mus[u]
	ls.starving = ls.starving || mc.now+mc.acc-ls.waitStart > starvationThresholdNs
	old := mu.state
	if old&mutexStarving != 0 {
		if old&(mutexLocked|mutexWoken) != 0 || old>>mutexWaiterShift == 0 {
			panic("sync: inconsistent mutex state")
		}
		delta := int32(mutexLocked - 1<<mutexWaiterShift)
		if !ls.starving || old>>mutexWaiterShift == 1 {
			// Exit starvation mode: the last waiter, or one that waited
			// under 1 ms.
			delta -= mutexStarving
		}
		mu.state += delta
		*ls = lockSlow{}
		return true
	}
	ls.awoke = true
	ls.iter = 0
	return false
}

// semqueue puts G gi on mu's semaphore queue: at the tail, or at the head
// when lifo (sema.go: semaRoot.queue).
func (mc *Machine) semqueue(mu *mutex, gi int32, lifo bool) {
	if lifo {
		mu.waiters = append(mu.waiters, 0)
		copy(mu.waiters[1:], mu.waiters)
		mu.waiters[0] = gi
		return
	}
	mu.waiters = append(mu.waiters, gi)
}

// unlock is Mutex.Unlock by the running G of M mi, whose pc has moved past
// the Unlock. It reports whether the G goes on running (false: it yielded,
// or the program died).
func (mc *Machine) unlock(mi int32, u int64) bool {
	mu := &mc.mus[u]
	nw := mu.state - mutexLocked
	if (nw+mutexLocked)&mutexLocked == 0 {
		mu.state = nw + mutexLocked
		mc.fatalUser(mc.allm[mi].curg, "sync: unlock of unlocked mutex")
		return false
	}
	mu.state = nw
	if nw == 0 {
		return true // fast path: nobody waits, nobody is awake
	}
	if nw&mutexStarving == 0 {
		// If there are no waiters or a G has already been woken or
		// grabbed the lock, there is no need to wake anyone.
		if nw>>mutexWaiterShift == 0 || nw&(mutexLocked|mutexWoken|mutexStarving) != 0 {
			return true
		}
		mu.state = (nw - 1<<mutexWaiterShift) | mutexWoken
		mc.semrelease(mi, u, false, "sync.Mutex.Unlock wakes a waiter (semrelease), which will compete for the lock again")
		return true
	}
	// Starvation mode: hand the mutex to the next waiter, and yield our
	// time slice so that it can start running at once.
	return !mc.semrelease(mi, u, true, "sync.Mutex.Unlock in starvation mode hands the mutex to the first waiter (semrelease with handoff)")
}

// semrelease is runtime_Semrelease(&m.sema, handoff) (sema.go:
// semrelease1): add to the count and ready the first waiter; with handoff
// the waiter takes the count at once (its ticket) and the releaser yields
// (goyield). It reports whether the releaser yielded. why says who
// releases (the readied G's event's why). The semaphores of library code
// written in source (semaphore.go) use it too.
func (mc *Machine) semrelease(mi int32, u int64, handoff bool, why string) bool {
	mu := &mc.mus[u]
	mu.sema++
	if len(mu.waiters) == 0 {
		return false
	}
	gi := mu.waiters[0]
	mu.waiters = mu.waiters[1:]
	W := &mc.allg[gi]
	W.lock.woken = true
	if handoff && mu.sema > 0 {
		mu.sema--
		W.lock.ticket = true
	}
	pp := mc.allm[mi].p
	mc.ready(gi, pp, why)
	if !W.lock.ticket {
		return false
	}
	mc.goyield(mi)
	return true
}

// goyield puts the running G of M mi on its P's ring tail and schedules
// (proc.go: goyield, goyield_m): unlike Gosched, it stays on the local P.
func (mc *Machine) goyield(mi int32) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	pp := M.p
	mc.casgstatus(gi, _Grunning, _Grunnable)
	mc.dropg(mi)
	if ev := mc.emit(EvGoyield, mi, pp, G.goid, 0, 0); mc.cfg.Why {
		ev.Why = "the unlocker yields (goyield) so that the waiter it handed the mutex to runs now: G" + vm.Itoa(G.goid) + " goes to P" + vm.Itoa(int64(pp)) + "'s ring tail"
	}
	mc.runqput(pp, gi, false)
	mc.toSchedule(mi)
}

// tryLock is Mutex.TryLock.
func (mc *Machine) tryLock(u int64) bool {
	mu := &mc.mus[u]
	if mu.state&(mutexLocked|mutexStarving) != 0 {
		return false
	}
	mu.state |= mutexLocked
	return true
}
