package runtime

import (
	"github.com/gmplab/gmplab/vm"
	"slices"
	"strings"
	"testing"
)

// running makes gi run on M0/P0 (as after execute), with the M acting.
func running(mc *Machine, gi int32) {
	mc.cur = 0
	mc.execute(0, gi, true, "test")
	mc.allm[0].workEnd = 1e15
	mc.setWhen(0, 1e15)
}

// proc.go: ready puts the woken G in the waker's P's runnext (kicking the
// G there to the ring's tail) and calls wakep.
func TestReadyIntoWakersRunnext(t *testing.T) {
	mc := newTestMachine(t, 2)
	waker, old, sleeper := mkG(mc), mkG(mc), parkedG(mc, waitReasonChanReceive)
	running(mc, waker)
	mc.runqput(0, old, true)
	mc.ready(sleeper, 0, "test")
	if mc.allp[0].runnext != sleeper || !slices.Equal(ring(mc, 0), []int32{old}) {
		t.Errorf("runnext=%d ring=%v; want the sleeper in runnext and the old runnext in the ring", mc.allp[0].runnext, ring(mc, 0))
	}
	woke := false
	for _, ev := range mc.pending {
		woke = woke || ev.Kind == EvWakep
	}
	if !woke {
		t.Errorf("ready did not call wakep with P1 idle and no spinner")
	}
}

// proc.go: goschedImpl puts the G on the global queue's tail, not the ring.
func TestGoschedToGlobalTail(t *testing.T) {
	mc := newTestMachine(t, 1)
	first, g := mkG(mc), mkG(mc)
	mc.gqPushBack(&mc.sched.runq, first)
	running(mc, g)
	mc.goschedImpl(0, false, vm.Pos{})
	if got := global(mc); !slices.Equal(got, []int32{first, g}) || len(ring(mc, 0)) != 0 {
		t.Errorf("global=%v ring=%v; want the G at the global tail", got, ring(mc, 0))
	}
}

// proc.go: newproc1 takes goids from the P's cache, refilled from
// sched.goidgen in batches of _GoidCacheBatch = 16.
func TestGoidBatchesOf16PerP(t *testing.T) {
	mc := newTestMachine(t, 2)
	// P0's batch is 1..16 (main and the four system goroutines of a
	// program without os took 1..5).
	g0 := mc.newproc1(0, 1, nil)
	g1 := mc.newproc1(1, 1, nil) // P1's first batch: 17..32
	g2 := mc.newproc1(1, 1, nil)
	if a, b, c := mc.allg[g0].goid, mc.allg[g1].goid, mc.allg[g2].goid; a != 6 || b != 17 || c != 18 {
		t.Errorf("goids %d %d %d, want 6 17 18", a, b, c)
	}
}

// proc.go: mput/mget keep idle Ms LIFO.
func TestIdleMListLIFO(t *testing.T) {
	mc := newTestMachine(t, 1)
	a, b := mc.newmQuiet(), mc.newmQuiet()
	for _, mi := range []int32{a, b} {
		mc.allm[mi].state = mRunning
		mc.setWhen(mi, 1e15)
		mc.stopm(mi)
	}
	if got := mc.mget(); got != b {
		t.Errorf("mget = M%d, want the last parked M%d", got, b)
	}
}

// proc.go: wakep starts a spinning M only if a P is idle and no M spins;
// with no idle P it sets needspinning.
func TestWakepConditions(t *testing.T) {
	mc := newTestMachine(t, 2)
	mc.cur = 0
	mc.sched.nmspinning = 1
	mc.wakep()
	if mc.sched.npidle != 1 {
		t.Errorf("wakep started an M while one was spinning")
	}
	mc.sched.nmspinning = 0
	mc.wakep()
	if mc.sched.npidle != 0 || mc.sched.nmspinning != 1 {
		t.Errorf("wakep with an idle P and no spinner: npidle=%d nmspinning=%d", mc.sched.npidle, mc.sched.nmspinning)
	}
	mc = newTestMachine(t, 1)
	mc.cur = 0
	mc.wakep()
	if !mc.sched.needspinning || mc.sched.nmspinning != 0 {
		t.Errorf("wakep with no idle P: needspinning=%v nmspinning=%d", mc.sched.needspinning, mc.sched.nmspinning)
	}
}

// proc.go: sysmon sleeps deeply when every P is idle, until the next timer
// (at most forcegcperiod/2 = 60 s), and entersyscall wakes it
// (entersyscall_sysmon: notewakeup, a thread wake-up), resetting its
// back-off.
func TestSysmonDeepSleepAndWake(t *testing.T) {
	mc := newTestMachine(t, 1)
	mc.releasep(0)
	mc.pidleput(0)
	sm := mc.sysmonM
	mc.sysmon.idle, mc.sysmon.delay = 60, 10000
	mc.now = 1e6
	mc.cur = sm
	mc.sysmonTick(sm)
	if !mc.sysmon.deep || mc.allm[sm].when != 1e6+sysmonDeepMaxNS+TimerSlack {
		t.Fatalf("deep=%v when=%d", mc.sysmon.deep, mc.allm[sm].when)
	}
	mc.now = 2e6
	mc.sysmonWake()
	// notewakeup(&sched.sysmonnote): sysmon's thread wakes CostWakeM later.
	if mc.allm[sm].when != 2e6+CostWakeM {
		t.Fatalf("sysmonWake: sysmon due at %d", mc.allm[sm].when)
	}
	mc.sysmonTick(sm)
	if mc.sysmon.deep || mc.sysmon.delay != 20 {
		t.Errorf("after a syscall wake: deep=%v delay=%dµs, want 20µs", mc.sysmon.deep, mc.sysmon.delay)
	}
}

// proc.go: retake's stale-slice shortcut: when the P's schedtick has not
// changed for 10 ms (its G got its P back in exitsyscall, which does not go
// through the scheduler), the syscall check skips its first observation and
// takes the P on sysmon's first look at this syscall.
func TestRetakeStaleSliceShortcut(t *testing.T) {
	mc := newTestMachine(t, 2)
	inSyscall(t, mc, 5, false)
	P := &mc.allp[0]
	P.sysmontick = Sysmontick{Schedtick: P.schedtick, Schedwhen: 0, Syscalltick: 4, Syscallwhen: 0}
	mc.now = 10_000_000
	mc.cur = mc.sysmonM
	if n := mc.retake(mc.sysmonM, mc.now); n != 1 {
		t.Fatalf("stale slice: the P was not taken on the first look")
	}
}

// proc.go: checkmcount: creating more than sched.maxmcount (10000) threads
// ends the program with "thread exhaustion".
func TestThreadExhaustion(t *testing.T) {
	mc := newTestMachine(t, 1)
	mc.sched.mnext = maxmcount + 1 // sysmon is not counted
	mc.cur = 0
	if mi := mc.newm(); mi != nilIdx {
		t.Fatalf("newm created M%d past the limit", mi)
	}
	if ex := mc.exit; ex == nil || !strings.Contains(ex.Msg, "fatal error: thread exhaustion") || ex.Code != 2 {
		t.Errorf("exit = %+v", ex)
	}
}

// proc.go: wakeNetPoller: a timer earlier than the blocked poller's
// pollUntil interrupts it (netpollBreak); a later one does not.
func TestNetpollBreakOnEarlierTimer(t *testing.T) {
	mc := newTestMachine(t, 1)
	poller := mc.newmQuiet()
	mc.cur = poller
	mc.netpollBlock(poller, 50e6, false)
	mc.cur = 0
	mc.now = 1e6
	mc.wakeNetPoller(80e6)
	// netpoll(50ms) sleeps 50 ms + 50 µs slack, and the thread wakes.
	if mc.allm[poller].when != 50e6+TimerSlack+CostWakeM {
		t.Errorf("a later timer woke the poller (due %d)", mc.allm[poller].when)
	}
	mc.wakeNetPoller(20e6)
	if w := mc.allm[poller].when; w != 1e6+CostWakeM {
		t.Errorf("an earlier timer did not break the poll (due %d)", w)
	}
}

// The GM model (layer procs off): every run queue operation takes
// sched.lock, and Ms that find it held wait; the engine counts both.
func TestGMModelCountsLockContention(t *testing.T) {
	prog := spinProg(5e6, 1e5)
	mc, err := New(prog, Config{GOMAXPROCS: 2, Layers: Layers(LayerStacks), Check: true})
	if err != nil {
		t.Fatal(err)
	}
	mc.Run(nil)
	st := mc.Stats()
	if st.LockAcq == 0 {
		t.Errorf("no sched.lock acquisitions counted in the GM model")
	}
	for i := range mc.allp {
		if mc.allp[i].runnext != nilIdx || mc.allp[i].runqtail != mc.allp[i].runqhead {
			t.Errorf("the GM model used P%d's local queue", i)
		}
	}
}

// lock(&sched.lock) in the GM model: an M waits only for another M's hold,
// never for its own; with one M nothing is ever contended.
func TestGMModelNoContentionWithOneM(t *testing.T) {
	mc := newTestMachine(t, 1)
	mc.cfg.Layers = Layers(LayerStacks)
	mc.cur = 0
	mc.lockSched(CostGlobrunq)
	mc.lockSched(CostGlobrunq) // the same M, same instant: after its own hold
	if mc.sched.lockWait != 0 {
		t.Errorf("M0 waited for itself: %d contended acquisitions", mc.sched.lockWait)
	}
	if mc.sched.lockFreeAt != mc.now+2*CostGlobrunq {
		t.Errorf("lock free at %d, want two holds after now (%d)", mc.sched.lockFreeAt, mc.now+2*CostGlobrunq)
	}
	mc.cur = 1
	if len(mc.allm) < 2 {
		mc.allm = append(mc.allm, m{id: 1, p: nilIdx, curg: nilIdx})
	}
	mc.lockSched(CostGlobrunq) // another M while M0 holds it: contended
	if mc.sched.lockWait != 1 {
		t.Errorf("another M did not wait: %d contended acquisitions", mc.sched.lockWait)
	}
}

// proc.go: schedtrace prints a line every period; with the sysmon layer off
// (no sysmon to print it) the engine prints them at the same times.
func TestSchedtraceEveryPeriod(t *testing.T) {
	for _, upTo := range []string{"steal", "sysmon"} {
		ls, _ := LayersUpTo(upTo)
		mc, err := New(spinProg(1e9, 1e9), Config{GOMAXPROCS: 1, Layers: ls, SchedtracePeriod: 1e6, MaxTime: 5e6})
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		mc.Run(func(ev *Event) {
			if ev.Kind == EvSchedtrace {
				lines = append(lines, ev.Text)
			}
		})
		if len(lines) < 5 || !strings.HasPrefix(lines[0], "SCHED 0ms: gomaxprocs=1 ") || !strings.HasPrefix(lines[4], "SCHED 4ms:") {
			t.Errorf("layers up to %s: %d lines: %q", upTo, len(lines), lines)
		}
	}
}
