package runtime

import (
	"github.com/gmplab/gmplab/vm"
	"slices"
	"testing"
)

// sema.go: semacquire1: a G takes the count if there is one
// (cansemacquire); otherwise it queues (at the tail, or at the head with
// lifo) and parks with the caller's wait reason.
func TestSemacquireTakesCountOrParks(t *testing.T) {
	mc := newTestMachine(t, 1)
	s := mc.newMutex()
	sm := &mc.mus[s]
	sm.sema = 1
	a, b, c := mkG(mc), mkG(mc), mkG(mc)
	running(mc, a)
	if !mc.semacquire(0, s, false, waitReasonSyncRWMutexRLock, vm.Pos{}) || sm.sema != 0 {
		t.Fatalf("semacquire with a count: sema %d", sm.sema)
	}
	if mc.semacquire(0, s, false, waitReasonSyncRWMutexRLock, vm.Pos{}) {
		t.Fatal("semacquire took a zero count")
	}
	if g := &mc.allg[a]; g.status != _Gwaiting || g.waitreason != waitReasonSyncRWMutexRLock {
		t.Errorf("status %v reason %v: want waiting in sync.RWMutex.RLock", g.status, g.waitreason)
	}
	mc.allm[0].curg = nilIdx
	running(mc, b)
	mc.semacquire(0, s, false, waitReasonSyncRWMutexLock, vm.Pos{})
	mc.allm[0].curg = nilIdx
	running(mc, c)
	mc.semacquire(0, s, true, waitReasonSyncRWMutexLock, vm.Pos{})
	if !slices.Equal(sm.waiters, []int32{c, a, b}) {
		t.Errorf("waiters %v, want the lifo one at the head, then FIFO", sm.waiters)
	}
}

// sema.go: semrelease1 without handoff: the count goes up and the first
// waiter is readied into the releaser's runnext (readyWithTime: goready);
// it takes the count when it runs, unless a newcomer took it first, and
// then it queues again (semacquire1's loop).
func TestSemreleaseReadiesFirstWaiter(t *testing.T) {
	mc := newTestMachine(t, 1)
	s := mc.newMutex()
	sm := &mc.mus[s]
	waiter, releaser, newcomer := mkG(mc), mkG(mc), mkG(mc)
	running(mc, waiter)
	mc.semacquire(0, s, false, waitReasonSyncRWMutexLock, vm.Pos{})
	mc.allm[0].curg = nilIdx
	running(mc, releaser)
	if mc.semrelease(0, s, false, "test") {
		t.Fatal("semrelease without handoff yielded")
	}
	if sm.sema != 1 || len(sm.waiters) != 0 || mc.allp[0].runnext != waiter {
		t.Fatalf("sema %d waiters %v runnext %d: want the count 1 and the waiter in runnext", sm.sema, sm.waiters, mc.allp[0].runnext)
	}
	// A newcomer takes the count before the waiter runs.
	mc.allm[0].curg = nilIdx
	running(mc, newcomer)
	if !mc.semacquire(0, s, false, waitReasonSyncRWMutexLock, vm.Pos{}) {
		t.Fatal("the newcomer did not take the count")
	}
	mc.allm[0].curg = nilIdx
	mc.allp[0].runnext = nilIdx
	running(mc, waiter)
	if mc.semacquire(0, s, false, waitReasonSyncRWMutexLock, vm.Pos{}) || !slices.Equal(sm.waiters, []int32{waiter}) {
		t.Errorf("waiters %v: want the woken waiter asleep again", sm.waiters)
	}
}

// sema.go: notifyListAdd hands out tickets in order; notifyListWait returns
// at once for a ticket already notified and otherwise parks the G (reason
// sync.Cond.Wait); notifyListNotifyOne readies the waiter holding the next
// ticket to notify, even if later tickets parked first; notifyListNotifyAll
// readies every waiter, in the order they parked (each into runnext, so
// the last one readied runs first).
func TestNotifyList(t *testing.T) {
	mc := newTestMachine(t, 1)
	l := mc.newMutex()
	// as makes gi the G that runs on M0 (executing it if it is not running).
	as := func(gi int32) {
		mc.allm[0].curg = nilIdx
		if mc.allg[gi].status == _Grunning {
			mc.allm[0].curg = gi
			return
		}
		running(mc, gi)
	}
	a, b, c, d := mkG(mc), mkG(mc), mkG(mc), mkG(mc)
	tickets := map[int32]uint32{}
	for _, gi := range []int32{a, b, c, d} {
		tickets[gi] = mc.notifyListAdd(l)
	}
	if tickets[a] != 0 || tickets[d] != 3 {
		t.Fatalf("tickets %v: want 0, 1, 2, 3", tickets)
	}
	// b and a park (in that order); c's ticket is notified before it parks.
	for _, gi := range []int32{b, a} {
		as(gi)
		if !mc.notifyListWait(0, l, tickets[gi], vm.Pos{}) {
			t.Fatalf("G%d did not park", gi)
		}
		if g := &mc.allg[gi]; g.waitreason != waitReasonSyncCondWait {
			t.Errorf("reason %v: want sync.Cond.Wait", g.waitreason)
		}
	}
	as(d)
	mc.notifyListNotify(0, l, false) // ticket 0: a, though b parked first
	if mc.allp[0].runnext != a || !slices.Equal(mc.mus[l].waiters, []int32{b}) {
		t.Fatalf("runnext %d waiters %v: want a readied, b still waiting", mc.allp[0].runnext, mc.mus[l].waiters)
	}
	mc.notifyListNotify(0, l, false) // ticket 1: b
	mc.notifyListNotify(0, l, false) // ticket 2: c, not parked yet
	as(c)
	if mc.notifyListWait(0, l, tickets[c], vm.Pos{}) {
		t.Errorf("a notified ticket parked")
	}
	// d parks, then NotifyAll.
	as(d)
	mc.notifyListWait(0, l, tickets[d], vm.Pos{})
	as(c) // still running: its ticket had been notified
	mc.notifyListNotify(0, l, true)
	if len(mc.mus[l].waiters) != 0 || mc.allp[0].runnext != d {
		t.Errorf("waiters %v runnext %d: want none left and d in runnext", mc.mus[l].waiters, mc.allp[0].runnext)
	}
}
