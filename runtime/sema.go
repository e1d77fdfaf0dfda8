package runtime

// sync.WaitGroup and sync.Mutex (sync/waitgroup.go, sync/mutex.go,
// runtime/sema.go). Waiters are readied with goready, so they land in the
// releaser's runnext.
//
// Simplified: sync.Mutex has no active spinning (runtime_canSpin) and no
// starvation mode; a woken waiter competes for the lock again when it runs
// (normal mode's barging), and requeues at the head if it loses.

type waitGroup struct {
	counter int64
	waiters []int32 // Gs in Wait, FIFO
	// woken are the Gs the counter's last fall to zero readied (never
	// changed, only replaced: clones share it). One that has not run yet
	// when Add raises the counter again panics when it runs, as Wait
	// does when it wakes to a non-zero state.
	woken []int32
}

// errWaitGroupReused is Wait's panic when the WaitGroup was reused before
// a woken waiter returned (sync/waitgroup.go: Wait).
const errWaitGroupReused = "sync: WaitGroup is reused before previous Wait has returned"

type mutex struct {
	locked  bool
	waiters []int32 // FIFO; a G that lost the race after waking goes first
}

func (mc *Machine) newWaitGroup() int64 {
	mc.wgs = append(mc.wgs, waitGroup{})
	return int64(len(mc.wgs) - 1)
}

func (mc *Machine) newMutex() int64 {
	mc.mus = append(mc.mus, mutex{})
	return int64(len(mc.mus) - 1)
}

// wgAdd adds delta to the counter; at zero every waiter is readied, in FIFO
// order (each runtime_Semrelease readies one), so the last one runs first.
func (mc *Machine) wgAdd(mi int32, w int64, delta int64) {
	wg := &mc.wgs[w]
	if wg.counter == 0 && delta > 0 {
		for _, gi := range wg.woken {
			if G := &mc.allg[gi]; G.wgWoken == int32(w) {
				G.panicMsg = errWaitGroupReused
			}
		}
		wg.woken = nil
	}
	wg.counter += delta
	if wg.counter < 0 {
		mc.gopanic(mi, "sync: negative WaitGroup counter")
		return
	}
	if wg.counter > 0 || len(wg.waiters) == 0 {
		return
	}
	ws := wg.waiters
	wg.waiters = nil
	wg.woken = ws
	for _, gi := range ws {
		mc.allg[gi].wgWoken = int32(w)
		mc.ready(gi, mc.allm[mi].p, "the WaitGroup counter reached zero")
	}
}

// wgWait blocks the running G until the counter is zero.
func (mc *Machine) wgWait(mi int32, w int64, pos Pos) bool {
	wg := &mc.wgs[w]
	if wg.counter == 0 {
		return false
	}
	wg.waiters = append(wg.waiters, mc.allm[mi].curg)
	mc.gopark(mi, waitReasonSyncWaitGroupWait, pos)
	return true
}

// lock takes mu or parks; the caller has NOT advanced the pc when it parks,
// so the woken G tries again.
func (mc *Machine) lock(mi int32, u int64, requeue bool, pos Pos) bool {
	mu := &mc.mus[u]
	if !mu.locked {
		mu.locked = true
		return false
	}
	gi := mc.allm[mi].curg
	if requeue {
		mu.waiters = append([]int32{gi}, mu.waiters...)
	} else {
		mu.waiters = append(mu.waiters, gi)
	}
	mc.gopark(mi, waitReasonSyncMutexLock, pos)
	return true
}

func (mc *Machine) unlock(mi int32, u int64) {
	mu := &mc.mus[u]
	if !mu.locked {
		// internal/sync/mutex.go: unlockSlow → fatal (a user throw: the
		// current goroutine's traceback only).
		mc.fatalG(mc.allm[mi].curg, "fatal error: sync: unlock of unlocked mutex", "fatal")
		return
	}
	mu.locked = false
	if len(mu.waiters) > 0 {
		gi := mu.waiters[0]
		mu.waiters = mu.waiters[1:]
		mc.allg[gi].relock = true
		mc.ready(gi, mc.allm[mi].p, "sync.Mutex.Unlock wakes a waiter, which will compete for the lock again")
	}
}
