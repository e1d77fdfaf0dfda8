package runtime

import (
	"github.com/gmplab/gmplab/vm"
	"slices"
	"testing"
)

// proc.go: internal_sync_runtime_canSpin: spin at most active_spin (4)
// times, only with more than one CPU, GOMAXPROCS > npidle + nmspinning + 1,
// and nothing in the spinner's P's run queue.
func TestMutexCanSpin(t *testing.T) {
	mc := newTestMachine(t, 4)
	mc.cfg.NCPU = 4
	for i := 0; i < 3; i++ {
		mc.pidleget() // three other Ps are busy: 4 > 0 + 0 + 1
	}
	if !mc.canSpin(0, 0) || !mc.canSpin(0, 3) {
		t.Errorf("canSpin false with busy Ps and an empty runq")
	}
	if mc.canSpin(0, activeSpin) {
		t.Errorf("canSpin after active_spin spins")
	}
	mc.runqput(0, mkG(mc), true)
	if mc.canSpin(0, 0) {
		t.Errorf("canSpin with work in the local run queue")
	}
	mc.allp[0].runnext = nilIdx
	mc.sched.nmspinning = 3
	if mc.canSpin(0, 0) {
		t.Errorf("canSpin with GOMAXPROCS <= npidle+nmspinning+1")
	}
	mc.sched.nmspinning = 0
	mc.cfg.NCPU = 1
	if mc.canSpin(0, 0) {
		t.Errorf("canSpin on a one-CPU machine")
	}
}

// internal/sync/mutex.go: lockSlow: a G that already waited queues at the
// head of the semaphore (runtime_SemacquireMutex with lifo=true); a first
// waiter queues at the tail.
func TestMutexWaiterThatWaitedRequeuesAtHead(t *testing.T) {
	mc := newTestMachine(t, 1)
	u := mc.newMutex()
	mu := &mc.mus[u]
	mu.state = mutexLocked
	first, again := mkG(mc), mkG(mc)
	mu.waiters = []int32{first}
	running(mc, again)
	mc.allg[again].lock = lockSlow{in: true, waitStart: 1, awoke: true}
	mu.state |= mutexWoken
	if mc.lock(0, u, vm.Pos{}) {
		t.Fatal("took a locked mutex")
	}
	if !slices.Equal(mu.waiters, []int32{again, first}) {
		t.Errorf("waiters %v, want the G that already waited at the head", mu.waiters)
	}
	if got := mu.state >> mutexWaiterShift; got != 1 || mu.state&mutexWoken != 0 {
		t.Errorf("state %b: want one more waiter counted and mutexWoken cleared", mu.state)
	}
}

// internal/sync/mutex.go: lockSlow, starvationThresholdNs: a woken waiter
// that has waited over 1 ms sets mutexStarving; unlockSlow then hands the
// mutex over (sema.go: semrelease1 with handoff: the waiter gets the
// ticket, goes to runnext, and the unlocker goyields to its ring's tail).
func TestMutexStarvationHandoff(t *testing.T) {
	mc := newTestMachine(t, 1)
	u := mc.newMutex()
	mu := &mc.mus[u]
	holder, waiter := mkG(mc), mkG(mc)
	// The waiter, woken once (sema count 1) after waiting 2 ms, runs while
	// the holder has locked the mutex again.
	mu.state = mutexLocked | mutexWoken
	mu.sema = 1
	mc.allg[waiter].lock = lockSlow{in: true, waitStart: 1, woken: true}
	running(mc, waiter)
	mc.now = 2_000_002
	if mc.lock(0, u, vm.Pos{}) {
		t.Fatal("took a locked mutex")
	}
	if mu.state&mutexStarving == 0 || !slices.Equal(mu.waiters, []int32{waiter}) {
		t.Fatalf("state %b waiters %v: want starvation mode and the waiter queued", mu.state, mu.waiters)
	}
	// The holder unlocks: hand-off.
	mc.allm[0].curg = nilIdx
	running(mc, holder)
	if mc.unlock(0, u) {
		t.Errorf("the unlocker went on running; want it to goyield")
	}
	if mc.allp[0].runnext != waiter || !slices.Equal(ring(mc, 0), []int32{holder}) {
		t.Errorf("runnext %d ring %v: want the waiter in runnext, the unlocker at the ring's tail", mc.allp[0].runnext, ring(mc, 0))
	}
	if !mc.allg[waiter].lock.ticket || mu.sema != 0 {
		t.Errorf("the waiter has no ticket (sema %d)", mu.sema)
	}
	// The waiter runs and owns the mutex; it was the last waiter, so
	// starvation mode ends.
	mc.allm[0].curg = nilIdx
	mc.allp[0].runnext = nilIdx
	mc.allg[waiter].status = _Grunnable
	running(mc, waiter)
	if !mc.lock(0, u, vm.Pos{}) || mu.state != mutexLocked {
		t.Errorf("after the hand-off state %b, want locked and normal mode", mu.state)
	}
}

// internal/sync/mutex.go: lockSlow: where canSpin allows it, a Lock that
// finds the mutex held spins (procyield) instead of sleeping, and sets
// mutexWoken when others wait, so that Unlock wakes nobody meanwhile.
func TestMutexSpinsBeforeSleeping(t *testing.T) {
	mc := newTestMachine(t, 4)
	for i := 0; i < 3; i++ {
		mc.pidleget()
	}
	u := mc.newMutex()
	mu := &mc.mus[u]
	mu.state = mutexLocked | 1<<mutexWaiterShift
	g := mkG(mc)
	running(mc, g)
	for i := 1; i <= activeSpin; i++ {
		if mc.lock(0, u, vm.Pos{}) || mc.allg[g].status != _Grunning || mc.allg[g].lock.iter != int8(i) {
			t.Fatalf("spin %d: status %v iter %d", i, mc.allg[g].status, mc.allg[g].lock.iter)
		}
		if mu.state&mutexWoken == 0 {
			t.Fatalf("spin %d: mutexWoken not set", i)
		}
	}
	// After active_spin spins it sleeps.
	if mc.lock(0, u, vm.Pos{}) || mc.allg[g].status != _Gwaiting || len(mu.waiters) != 1 {
		t.Errorf("after %d spins: status %v, %d waiters; want asleep on the semaphore", activeSpin, mc.allg[g].status, len(mu.waiters))
	}
}
