package runtime

import (
	"testing"

	"github.com/gmplab/gmplab/vm"
)

// runningG makes a G and runs it on M0 with P0.
func runningG(mc *Machine) int32 {
	gi := mkG(mc)
	mc.cur = 0
	mc.execute(0, gi, true, "test")
	return gi
}

// newChanTimer is time.NewTimer(d) (period 0) or NewTicker(d) for the
// running G of M0: its channel and timer.
func newChanTimer(mc *Machine, d, period int64) (c, ti int32) {
	c = mc.makechan(1)
	ti = mc.newTimeTimer(0, mc.when(d), period, timerChan, c, 0)
	return c, ti
}

// time.go: newTimer/modify with needsAdd: a channel timer is put in no
// heap until a G blocks on its channel (blockTimerChan adds it to that G's
// P); when the G runs again, unblockTimerChan marks it a zombie, which
// stays in the heap until cleanHead or the next check removes it.
func TestTimerChanInHeapOnlyWhileBlocked(t *testing.T) {
	mc := newTestMachine(t, 1)
	g := runningG(mc)
	c, ti := newChanTimer(mc, 1000, 0)
	if mc.timers[ti].pp != nilIdx || len(mc.allp[0].timers) != 0 {
		t.Fatalf("a channel timer nobody waits on is in a heap")
	}
	if mc.chanrecv(0, c, false, vm.Pos{}) != true {
		t.Fatalf("receive on a pending timer's channel did not block")
	}
	if mc.timers[ti].pp != 0 || mc.timers[ti].blocked != 1 {
		t.Fatalf("blockTimerChan: pp=%d blocked=%d, want P0 and 1", mc.timers[ti].pp, mc.timers[ti].blocked)
	}
	// The timer fires: the value goes straight to the waiting receiver.
	mc.now = 1000
	mc.checkTimers(0, 0)
	if mc.allp[0].runnext != g {
		t.Fatalf("the receiver is not in runnext")
	}
	if v := mc.allg[g].th.Slots(); len(v) != 1 || v[0] != vm.MonoTime(1000) {
		t.Fatalf("received %v, want the due time", v)
	}
	if mc.timers[ti].when != 0 || mc.timers[ti].pp != nilIdx {
		t.Fatalf("a fired one-shot timer is still pending or heaped")
	}
	if mc.timers[ti].blocked != 1 {
		t.Fatalf("unblocked before the G ran")
	}
	mc.allp[0].runnext = nilIdx
	mc.execute(0, g, true, "test")
	if mc.timers[ti].blocked != 0 || mc.allg[g].timerChans != nil {
		t.Fatalf("unblockTimerChan did not run when the G resumed")
	}
}

// time.go: unblockTimerChan leaves a ticker in its heap as a zombie, and
// blockTimerChan revives it in place (the P that holds it stays the same);
// timers.check removes zombies once they are over a quarter of the heap.
func TestTimerChanZombieRevivedThenSwept(t *testing.T) {
	mc := newTestMachine(t, 1)
	g := runningG(mc)
	c, ti := newChanTimer(mc, 100, 100)
	mc.chanrecv(0, c, false, vm.Pos{})
	mc.now = 100
	mc.checkTimers(0, 0)
	if tm := mc.timers[ti]; tm.when != 200 || tm.hwhen != 200 || tm.pp != 0 {
		t.Fatalf("a ticker that fired: when=%d hwhen=%d pp=%d, want 200 200 P0", tm.when, tm.hwhen, tm.pp)
	}
	mc.allp[0].runnext = nilIdx
	mc.execute(0, g, true, "test")
	if !mc.timers[ti].zombie || mc.allp[0].zombies != 1 {
		t.Fatalf("the ticker is not a zombie once nobody waits")
	}
	// Blocking again revives it where it is.
	mc.chanrecv(0, c, false, vm.Pos{})
	if tm := mc.timers[ti]; tm.zombie || tm.pp != 0 || mc.allp[0].zombies != 0 {
		t.Fatalf("blockTimerChan did not revive the zombie in place")
	}
	// A stopped timer is a zombie; check sweeps it (1 zombie > 1/4 of 1).
	mc.stopTimer(ti)
	mc.checkTimers(0, 0)
	if len(mc.allp[0].timers) != 0 || mc.allp[0].zombies != 0 || mc.timers[ti].pp != nilIdx {
		t.Fatalf("timers.check left the zombie in the heap")
	}
}

// time.go: maybeRunChan: a receive that finds its channel's timer expired
// (and in no heap) runs it there and gets the due time without blocking.
func TestMaybeRunChanRunsExpiredTimer(t *testing.T) {
	mc := newTestMachine(t, 1)
	g := runningG(mc)
	c, ti := newChanTimer(mc, 50, 0)
	mc.now = 500
	if mc.chanrecv(0, c, false, vm.Pos{}) {
		t.Fatalf("receive blocked on an expired timer")
	}
	if v := mc.allg[g].th.Slots(); len(v) != 1 || v[0] != vm.MonoTime(50) {
		t.Fatalf("received %v, want the due time 50", v)
	}
	if mc.timers[ti].when != 0 {
		t.Fatalf("timer still pending")
	}
}

// time.go: timer.stop and timer.modify with timerchandrain: Stop reports
// true for a timer still pending (even expired, if nobody ran it) or whose
// value was drained; Reset drains too, so no stale value is received.
func TestStopResetDrainTimerChan(t *testing.T) {
	mc := newTestMachine(t, 1)
	runningG(mc)
	c, ti := newChanTimer(mc, 50, 0)
	mc.now = 100
	if !mc.stopTimer(ti) {
		t.Errorf("Stop of an expired timer nobody ran = false, want true")
	}
	if mc.stopTimer(ti) {
		t.Errorf("second Stop = true, want false")
	}
	if mc.modifyTimer(0, ti, 150, 0) {
		t.Errorf("Reset of a stopped timer = true, want false")
	}
	mc.now = 200
	mc.maybeRunChan(0, c) // its value is now buffered
	if mc.chans[c].qcount != 1 {
		t.Fatalf("maybeRunChan did not send")
	}
	if !mc.modifyTimer(0, ti, 300, 0) || mc.chans[c].qcount != 0 {
		t.Errorf("Reset did not drain the buffered value and report it")
	}
	mc.maybeRunChan(0, c)
	if mc.chans[c].qcount != 0 {
		t.Errorf("Reset to the future: the timer ran early")
	}
}

// time.go: timer.unlockAndRun: a ticker that runs late skips the periods
// it missed: next = when + period*(1+delay/period).
func TestTickerNextWhenSkipsMissedPeriods(t *testing.T) {
	mc := newTestMachine(t, 1)
	runningG(mc)
	c, ti := newChanTimer(mc, 100, 100)
	mc.now = 350
	mc.maybeRunChan(0, c)
	if w := mc.timers[ti].when; w != 400 {
		t.Errorf("next when = %d, want 400", w)
	}
	if v := mc.chans[c].bufget(); v != vm.MonoTime(100) {
		t.Errorf("the late tick carries %v, want the due time 100", v)
	}
}

// time/sleep.go: goFunc: an AfterFunc timer's func starts in a new G from
// the M running timers, with no creating goroutine, in that P's runnext
// (newproc's runqput next=true); a G readied earlier is kicked to the ring.
func TestAfterFuncGoFuncStartsG(t *testing.T) {
	mc := newTestMachine(t, 2)
	runningG(mc)
	sleeper := parkedG(mc, waitReasonSleep)
	mc.addtimer(0, timerSleep, 100, sleeper, nilIdx)
	ti := mc.newTimeTimer(0, 200, 0, timerFunc, 0, 1)
	if mc.timers[ti].pp != 0 {
		t.Fatalf("an AfterFunc timer is not in the creating P's heap")
	}
	mark := len(mc.pending)
	mc.now = 200
	mc.checkTimers(0, 0)
	ng := mc.allp[0].runnext
	if ng == nilIdx || ng == sleeper {
		t.Fatalf("runnext holds no new G")
	}
	G := &mc.allg[ng]
	if !G.goFunc || G.parent != 0 {
		t.Errorf("the new G: goFunc=%v parent=%d, want time.goFunc with no parent", G.goFunc, G.parent)
	}
	if r := ring(mc, 0); len(r) != 1 || r[0] != sleeper {
		t.Errorf("ring = %v, want the sleeper kicked out of runnext", r)
	}
	found := false
	for _, ev := range mc.pending[mark:] {
		if ev.Kind == EvNewproc && ev.G == G.goid && ev.Arg1 == 0 {
			found = true
		}
	}
	if !found {
		t.Errorf("no newproc event for the AfterFunc goroutine with creator 0")
	}
	if mc.stopTimer(ti) {
		t.Errorf("Stop after it fired = true")
	}
}
