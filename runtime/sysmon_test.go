package runtime

import (
	"slices"
	"testing"
)

// proc.go: sysmon sleeps 20µs while idle < 50 passes, then doubles its sleep
// each pass, capped at 10ms.
func TestSysmonBackoff(t *testing.T) {
	mc := newTestMachine(t, 1)
	sm := mc.sysmonM
	var delays []int64
	for i := 0; i < 60; i++ {
		mc.now = mc.allm[sm].when
		mc.cur = sm
		mc.sysmonTick(sm)
		delays = append(delays, mc.sysmon.delay)
	}
	for i, d := range delays {
		idle := i + 1
		want := int64(20)
		if idle > 50 {
			want = min(int64(20)<<(idle-50), 10000)
		}
		if d != want {
			t.Fatalf("after %d idle passes sleep = %dµs, want %dµs (all: %v)", idle, d, want, delays)
		}
	}
}

// inSyscall puts a G on M0/P0 in a syscall, with work waiting if queued.
func inSyscall(t *testing.T, mc *Machine, syscalltick uint32, queued bool) int32 {
	t.Helper()
	gi := mkG(mc)
	setgstatus(mc, gi, _Grunnable, _Gsyscall)
	M := &mc.allm[0]
	M.curg, M.state, M.oldp = gi, mSyscall, 0
	mc.allg[gi].m = 0
	mc.allg[gi].syscallAt = 1e12
	mc.setWhen(0, 1e12)
	mc.allp[0].syscalltick = syscalltick
	if queued {
		mc.runqput(0, mkG(mc), false)
	}
	return gi
}

// proc.go: retake takes a P in a syscall at sysmon's SECOND observation of
// the same syscalltick when the P has local work, and handoffp starts an M
// for it (step 1).
func TestRetakeSecondObservationWithWork(t *testing.T) {
	mc := newTestMachine(t, 1)
	inSyscall(t, mc, 1, true)
	mc.now = 20_000
	if n := mc.retake(mc.sysmonM, mc.now); n != 0 {
		t.Fatalf("first observation took the P")
	}
	mc.now = 40_000
	if n := mc.retake(mc.sysmonM, mc.now); n != 1 {
		t.Fatalf("second observation did not take the P")
	}
	if mc.allm[0].p != nilIdx || mc.allp[0].m == 0 {
		t.Errorf("M0 still holds P0")
	}
	var handoff, startm bool
	for _, ev := range mc.pending {
		handoff = handoff || (ev.Kind == EvHandoffp && ev.Arg1 == 1)
		startm = startm || ev.Kind == EvStartm
	}
	if !handoff || !startm {
		t.Errorf("want handoffp step 1 and startm, got %v", mc.pending)
	}
}

// proc.go: retake leaves a P in a syscall alone while its queue is empty,
// there is idle capacity and under 10ms have passed since it first saw it.
func TestRetakeTenMillisecondsWhenIdle(t *testing.T) {
	mc := newTestMachine(t, 2) // P1 idle: nmspinning+npidle > 0
	inSyscall(t, mc, 1, false)
	mc.now = 1_000_000
	mc.retake(mc.sysmonM, mc.now) // first observation: syscallwhen = 1ms
	for _, now := range []int64{2e6, 10e6, 10_999_999} {
		mc.now = now
		if n := mc.retake(mc.sysmonM, now); n != 0 {
			t.Fatalf("took the P at %v, before syscallwhen+10ms", now)
		}
	}
	mc.now = 11_000_000
	if n := mc.retake(mc.sysmonM, mc.now); n != 1 {
		t.Fatalf("did not take the P at syscallwhen+10ms")
	}
}

// proc.go: retake's zero-tick quirk: sysmontick starts at zero, so a P whose
// syscalltick is still 0 counts as already observed and, with work waiting,
// is taken on sysmon's first look.
func TestRetakeFirstSyscallZeroTickQuirk(t *testing.T) {
	mc := newTestMachine(t, 1)
	inSyscall(t, mc, 0, true)
	mc.now = 20_000
	if n := mc.retake(mc.sysmonM, mc.now); n != 1 {
		t.Fatalf("first syscall of a P not taken on the first look")
	}
}

// proc.go: retake reads nanotime(), which counts from the machine's boot,
// while a P's sysmontick starts at zero: at sysmon's first look at a P's
// first syscall (pd.syscalltick = pp.syscalltick = 0) pd.syscallwhen is 0,
// more than 10 ms before now, so sysmon takes the P even with nothing
// waiting and a P idle. After one earlier syscall (syscalltick 1) the first
// look only records the tick, and the P stays attached until 10 ms after it.
func TestSysmonRetakeFirstSyscallBootClock(t *testing.T) {
	look := func(syscalltick uint32) (first, at int64) {
		mc := newTestMachine(t, 2) // P1 idle: nmspinning+npidle > 0
		inSyscall(t, mc, syscalltick, false)
		sm := mc.sysmonM
		mc.cur = sm
		mc.now = 20_000
		mc.sysmonTick(sm)
		first = mc.stats.Retakes
		for i := 0; i < 10_000 && mc.stats.Retakes == 0; i++ {
			mc.now = mc.allm[sm].when
			mc.sysmonTick(sm)
		}
		return first, mc.now
	}
	if n, _ := look(0); n != 1 {
		t.Errorf("first syscall, nothing waiting: sysmon's first look took %d Ps, want 1 (nanotime() %d ≥ syscallwhen 0 + 10ms)", n, bootNanotime+20_000)
	}
	n, at := look(1)
	if n != 0 {
		t.Errorf("after an earlier syscall: sysmon's first look took the P, want it kept (the look records syscallwhen)")
	}
	if at < 20_000+forcePreemptNS {
		t.Errorf("after an earlier syscall: taken at %dns, want at least 10ms after the first look at 20µs", at)
	}
}

// proc.go: retake calls preemptone when the P's schedtick has not changed
// for ≥ forcePreemptNS since sysmon first saw it, and re-sends it on every
// later pass until the tick changes; preemptone poisons stackguard0 and
// signals the M.
func TestRetakePreemptsAfterTenMilliseconds(t *testing.T) {
	mc := newTestMachine(t, 1)
	gi := mkG(mc)
	mc.allp[0].runnext = nilIdx
	mc.cur = 0
	mc.execute(0, gi, false, "test")
	mc.allm[0].workEnd = 1e12
	mc.setWhen(0, 1e12)
	mc.cur = mc.sysmonM
	mc.now = 1_000_000
	mc.retake(mc.sysmonM, mc.now) // records schedtick, schedwhen = 1ms
	mc.now = 10_999_999
	mc.retake(mc.sysmonM, mc.now)
	if mc.allg[gi].preempt {
		t.Fatalf("preempted before 10ms")
	}
	mc.now = 11_000_000
	mc.retake(mc.sysmonM, mc.now)
	G := &mc.allg[gi]
	if !G.preempt || G.stackguard0 != stackPreempt || !mc.allm[0].signalPending {
		t.Fatalf("preemptone: preempt=%v guard=%#x signal=%v", G.preempt, G.stackguard0, mc.allm[0].signalPending)
	}
	if mc.allm[0].signalAt != 11_000_000+CostSignal {
		t.Errorf("signal due at %d", mc.allm[0].signalAt)
	}
	// The next pass sends the request again (schedwhen is not reset).
	mc.pending = mc.pending[:0]
	mc.now = 11_020_000
	mc.retake(mc.sysmonM, mc.now)
	if len(mc.pending) != 1 || mc.pending[0].Kind != EvPreemptone {
		t.Errorf("the request was not re-sent: %v", mc.pending)
	}
}

// proc.go: handoffp with no work anywhere and idle capacity lets the P go
// idle (step 9); with no idle P and no spinner it starts a spinning M (step 4).
func TestHandoffpNoWork(t *testing.T) {
	mc := newTestMachine(t, 3)
	// P2 runs on another M, so P0 is not the last running P (step 8).
	busy := mc.newmQuiet()
	mc.acquirep(busy, mc.pidleget())
	mc.allp[0].m, mc.allm[0].p, mc.allp[0].status = nilIdx, nilIdx, _Pidle
	mc.handoffp(0)
	if !slices.Contains(mc.State().Sched.IdlePs, 0) {
		t.Errorf("step 9: P0 not idle")
	}
	mc = newTestMachine(t, 1)
	mc.allp[0].m, mc.allm[0].p, mc.allp[0].status = nilIdx, nilIdx, _Pidle
	mc.handoffp(0)
	if mc.sched.nmspinning != 1 {
		t.Errorf("step 4: no spinning M started (nmspinning=%d)", mc.sched.nmspinning)
	}
}

// proc.go: handoffp step 8: the last running P, with nobody polling the
// network, is handed to a new M anyway (to poll the network and timers),
// even with no work; seen on the real runtime as a P passed to a new M and
// then idle.
func TestHandoffpLastRunningPStartsM(t *testing.T) {
	mc := newTestMachine(t, 2)
	inSyscall(t, mc, 1, false)
	mc.cur = mc.sysmonM
	mc.retake(mc.sysmonM, 20_000)
	mc.retake(mc.sysmonM, 11_000_000) // 10 ms with nothing waiting
	step := int64(0)
	for _, ev := range mc.pending {
		if ev.Kind == EvHandoffp {
			step = ev.Arg1
		}
	}
	if step != 8 {
		t.Errorf("handoffp step %d, want 8", step)
	}
}
