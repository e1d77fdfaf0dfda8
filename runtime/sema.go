package runtime

import "github.com/gmplab/gmplab/vm"

// sync.WaitGroup (sync/waitgroup.go, runtime/sema.go). Waiters are
// readied with goready, so they land in the releaser's runnext. sync.Mutex
// is in mutex.go.

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

func (mc *Machine) newWaitGroup() int64 {
	mc.wgs = append(mc.wgs, waitGroup{})
	return int64(len(mc.wgs) - 1)
}

// wgAdd adds delta to the counter; at zero every waiter is readied, in FIFO
// order (each runtime_Semrelease readies one), so the last one runs first.
// It reports whether the G panicked (a negative counter).
func (mc *Machine) wgAdd(mi int32, w int64, delta int64) (panicked bool) {
	wg := &mc.wgs[w]
	if wg.counter == 0 && delta > 0 {
		for _, gi := range wg.woken {
			if G := &mc.allg[gi]; G.wgWoken == int32(w) {
				G.th.SetPanic(errWaitGroupReused, vm.Pos{})
			}
		}
		wg.woken = nil
	}
	wg.counter += delta
	if wg.counter < 0 {
		mc.gopanicString(mi, "sync: negative WaitGroup counter")
		return true
	}
	if wg.counter > 0 || len(wg.waiters) == 0 {
		return false
	}
	ws := wg.waiters
	wg.waiters = nil
	wg.woken = ws
	for _, gi := range ws {
		mc.allg[gi].wgWoken = int32(w)
		mc.ready(gi, mc.allm[mi].p, "the WaitGroup counter reached zero")
	}
	return false
}

// wgWait blocks the running G until the counter is zero.
func (mc *Machine) wgWait(mi int32, w int64, pos vm.Pos) bool {
	wg := &mc.wgs[w]
	if wg.counter == 0 {
		return false
	}
	wg.waiters = append(wg.waiters, mc.allm[mi].curg)
	mc.gopark(mi, waitReasonSyncWaitGroupWait, pos)
	return true
}
