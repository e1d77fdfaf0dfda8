package runtime

import (
	"github.com/gmplab/gmplab/vm"
	"slices"
	"strings"
	"testing"
)

// spinProg: main starts two goroutines that loop on sim.Work(chunk)
// forever and sleeps for sleep ns, then exits.
func spinProg(sleep, chunk int64) *vm.Program {
	p0 := []vm.Pos{{Line: 1}}
	main := vm.Func{Name: "runtime.main", FrameSize: 16, Code: []vm.Instr{
		{Op: vm.OpFuncVal, A: 1}, {Op: vm.OpGo},
		{Op: vm.OpFuncVal, A: 1}, {Op: vm.OpGo},
		{Op: vm.OpInt, A: int32(sleep >> 32), B: int32(uint32(sleep))}, {Op: vm.OpSleep},
		{Op: vm.OpExit},
	}}
	spin := vm.Func{Name: "main.spin", FrameSize: 16, Code: []vm.Instr{
		{Op: vm.OpInt, A: int32(chunk >> 32), B: int32(uint32(chunk))}, {Op: vm.OpWork}, {Op: vm.OpJump, A: 0},
	}}
	for _, f := range []*vm.Func{&main, &spin} {
		for range f.Code {
			f.Pos = append(f.Pos, p0[0])
		}
		f.MaxStack = 2
	}
	return &vm.Program{Files: []string{"spin.go"}, Funcs: []vm.Func{main, spin}, Main: 0, Init: -1}
}

// runAll runs mc to the end and returns its events.
func runAll(t *testing.T, mc *Machine) []Event {
	t.Helper()
	var evs []Event
	mc.Run(func(ev *Event) { evs = append(evs, *ev) })
	return evs
}

// The steady state of two CPU-bound goroutines on one P (go126-scheduler.md
// §7, measured on the real runtime: p50 20.3 ms): once sysmon has backed off
// to 10 ms, retake sees the schedtick unchanged on its next-but-one pass, so
// they switch about every 20 ms, by async preemption (sim.Work has no calls),
// and the preempted G goes to the global queue's tail (proc.go:
// goschedImpl(preempted=true)).
func TestPreemptSteadyStateTwentyMilliseconds(t *testing.T) {
	mc, err := New(spinProg(2e9, 10e9), Config{GOMAXPROCS: 1, Check: true, Why: true})
	if err != nil {
		t.Fatal(err)
	}
	evs := runAll(t, mc)
	var switches []int64
	preempts, coop := 0, 0
	for _, ev := range evs {
		switch ev.Kind {
		case EvExecute:
			if ev.G >= 6 { // the two spinners (goids 6 and 7: no os, no finalizer goroutine)
				switches = append(switches, ev.T)
			}
		case EvAsyncPreempt:
			preempts++
		case EvPreempted:
			coop++
		}
	}
	if preempts < 50 || coop > 0 {
		t.Fatalf("%d async and %d cooperative preemptions in 2s; want only async inside sim.Work", preempts, coop)
	}
	// Where each slice's G came from, once steady: a preempted G goes to
	// the global tail, the P finds the other in its ring, and when that
	// one is preempted too the P takes both from the global queue (a
	// batch of 2: one to run, one to the ring). So the picks alternate.
	// (Every 61st schedtick the fairness check takes one global G first,
	// which may make two global picks in a row.)
	var picks []EvKind
	var by61 []bool
	for _, ev := range evs {
		if (ev.Kind == EvRunqget || ev.Kind == EvGlobrunqget) && ev.G >= 6 && ev.T > 500e6 {
			picks = append(picks, ev.Kind)
			by61 = append(by61, ev.Kind == EvGlobrunqget && ev.Arg2 == 1)
		}
	}
	n61 := 0
	for i := 1; i < len(picks); i++ {
		if by61[i] {
			n61++
		}
		if picks[i] == picks[i-1] && !by61[i] && !by61[i-1] {
			t.Fatalf("picks %d and %d both came from %v; want global and ring alternating: %v", i-1, i, picks[i], picks)
		}
	}
	if len(picks) < 40 || n61 == 0 || n61 > len(picks)/20 {
		t.Errorf("%d picks, %d by the 61-tick check", len(picks), n61)
	}
	var gaps []int64
	for i := 1; i < len(switches); i++ {
		if switches[i] > 500e6 { // after sysmon's back-off
			gaps = append(gaps, switches[i]-switches[i-1])
		}
	}
	slices.Sort(gaps)
	med := gaps[len(gaps)/2]
	if med < 19e6 || med > 21e6 {
		t.Errorf("median time slice %v, want ≈20ms (gaps %v)", fmtNs(med), gaps)
	}
	if gaps[0] < 10e6 {
		t.Errorf("a slice of %v, under forcePreemptNS", fmtNs(gaps[0]))
	}
}

// Without the preempt layer nothing stops a loop with no calls: the run hits
// --max-time and says why nothing else ran.
func TestNoPreemptLayerHogs(t *testing.T) {
	ls, _ := LayersUpTo("sysmon")
	mc, err := New(spinProg(2e9, 1e6), Config{GOMAXPROCS: 1, Layers: ls, MaxTime: 3e9, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	evs := runAll(t, mc)
	ex := mc.Exit()
	if ex.Reason != "max-time" || !strings.Contains(ex.Msg, "never blocked or yielded") || !strings.Contains(ex.Msg, "asyncpreemptoff=1") {
		t.Fatalf("exit = %+v", ex)
	}
	for _, ev := range evs {
		if ev.Kind == EvAsyncPreempt || ev.Kind == EvPreempted {
			t.Fatalf("preempted without the preempt layer: %+v", ev)
		}
	}
}

// A loop of short sim.Work calls is stopped at the prologue of the next
// call, which comes (1 µs) before the signal is delivered (CostSignal, 2 µs):
// the G stops at whichever safe point comes first (stack.go: newstack;
// signal_unix.go: doSigPreempt).
func TestPreemptAtCallPrologueWhenFirst(t *testing.T) {
	mc, err := New(spinProg(200e6, 1000), Config{GOMAXPROCS: 1, Check: true, Why: true})
	if err != nil {
		t.Fatal(err)
	}
	coop := 0
	for _, ev := range runAll(t, mc) {
		if ev.Kind == EvAsyncPreempt {
			t.Errorf("async preemption though a call came first: %s", ev.Why)
		}
		if ev.Kind == EvPreempted {
			coop++
			if !strings.Contains(ev.Why, "called sim.Work") {
				t.Errorf("cooperative preemption elsewhere: %s", ev.Why)
			}
		}
	}
	if coop == 0 {
		t.Errorf("no cooperative preemption at sim.Work's prologue")
	}
}

// proc.go: preemptone with GODEBUG=asyncpreemptoff=1: stackguard0 is set,
// no signal is sent and pp.preempt stays false, so a goroutine inside a
// 10 s sim.Work (code without a prologue check) is not stopped by sysmon's
// requests: only its next call's prologue, after the 10 s, preempts it
// (cooperatively), though main's 50 ms sleep ended long before.
func TestPreemptoneAsyncPreemptOff(t *testing.T) {
	mc, err := New(spinProg(50e6, 10e9), Config{GOMAXPROCS: 1, Check: true, Why: true, AsyncPreemptOff: true})
	if err != nil {
		t.Fatal(err)
	}
	evs := runAll(t, mc)
	requests, first := 0, int64(-1)
	for _, ev := range evs {
		switch ev.Kind {
		case EvPreemptone:
			requests++
			if ev.Arg1 != 0 || !strings.Contains(ev.Why, "no signal (GODEBUG=asyncpreemptoff=1)") {
				t.Errorf("preemptone sent a signal: %+v", ev)
			}
		case EvAsyncPreempt:
			t.Errorf("preempted by a signal: %+v", ev)
		case EvPreempted:
			if first < 0 {
				first = ev.T
			}
		}
	}
	if requests == 0 {
		t.Error("sysmon never asked for a preemption")
	}
	if first < 10e9 {
		t.Errorf("first preemption at %d ns, want at the first prologue after the 10 s sim.Work", first)
	}
}

// asyncPreempt's work_left is the CPU left of the sim.Work the signal
// stopped (preempt.go: asyncPreempt, evspecs.go), so that a later
// execute resumes that much work; a goroutine stopped between two
// instructions of its own code (signal_unix.go: doSigPreempt at an async
// safe point in user code) has no sim.Work left, and the rest of the
// model's charge for its instruction is not reported as work.
func TestAsyncPreemptWorkLeftIsSimWorkOnly(t *testing.T) {
	for _, c := range []struct {
		name   string
		inWork bool
	}{{"sim.Work", true}, {"own loop", false}} {
		prog := spinProg(50e6, 10e9)
		if !c.inWork {
			// main.spin becomes `for {}`: a jump to itself, no call.
			prog.Funcs[1].Code = []vm.Instr{{Op: vm.OpJump, A: 0}}
			prog.Funcs[1].Pos = prog.Funcs[1].Pos[:1]
		}
		mc, err := New(prog, Config{GOMAXPROCS: 1, Check: true, Why: true})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, ev := range runAll(t, mc) {
			if ev.Kind != EvAsyncPreempt {
				continue
			}
			n++
			details := string(ev.Kind.Spec().Details(nil, ev))
			if c.inWork && (ev.Arg1 <= 0 || !strings.HasSuffix(details, " of work left")) {
				t.Errorf("%s: asyncPreempt inside sim.Work at %d: work_left %d, details %q; want the work left", c.name, ev.T, ev.Arg1, details)
			}
			if !c.inWork && (ev.Arg1 != 0 || details != "between instructions") {
				t.Errorf("%s: asyncPreempt in the G's own code at %d: work_left %d, details %q; want 0, \"between instructions\"", c.name, ev.T, ev.Arg1, details)
			}
		}
		if n == 0 {
			t.Errorf("%s: no asyncPreempt in 50ms of two spinning goroutines on one P", c.name)
		}
	}
}
