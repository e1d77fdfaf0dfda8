package debugger

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
	"github.com/gmplab/gmplab/vm"
)

// goschedProg is main calling runtime.Gosched n times, then
// sim.Breakpoint() if bp, then returning: a program built by hand, so that
// these tests need no front end. Line i+3 holds the i-th Gosched.
func goschedProg(n int, bp bool) *vm.Program {
	var code []vm.Instr
	var pos []vm.Pos
	var src strings.Builder
	src.WriteString("package main\n\nfunc main() {\n")
	for i := 0; i < n; i++ {
		code = append(code, vm.Instr{Op: vm.OpGosched})
		pos = append(pos, vm.Pos{Line: int32(4 + i), Col: 2})
		src.WriteString("\truntime.Gosched()\n")
	}
	if bp {
		code = append(code, vm.Instr{Op: vm.OpBreakpoint})
		pos = append(pos, vm.Pos{Line: int32(4 + n), Col: 2})
		src.WriteString("\tsim.Breakpoint()\n")
	}
	code = append(code, vm.Instr{Op: vm.OpExit})
	pos = append(pos, vm.Pos{Line: int32(5 + n), Col: 1})
	src.WriteString("}\n")
	return &vm.Program{
		Files:   []string{"gosched.go"},
		Sources: [][]byte{[]byte(src.String())},
		Funcs:   []vm.Func{{Name: "main.main", Code: code, Pos: pos, Decl: vm.Pos{Line: 3, Col: 1}, FrameSize: 16, NoSplit: true}},
		Main:    0, Init: -1,
	}
}

func newSession(t testing.TB, prog *vm.Program, every int64, max int) *Session {
	t.Helper()
	s, err := New(Options{Program: prog, Config: runtime.Config{GOMAXPROCS: 2, Seed: 1}, Name: "gosched.go", SnapshotEvery: every, MaxSnapshots: max})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// fresh returns the state JSON and the event after n events of a fresh
// run, stepped forwards with no snapshots involved.
func fresh(t *testing.T, prog *vm.Program, n int64) ([]byte, runtime.Event) {
	t.Helper()
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 2, Seed: 1, Why: true})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		return view.MarshalState(mc.State()), runtime.Event{}
	}
	mc.WatchState(n)
	var last runtime.Event
	for i := int64(0); i < n; i++ {
		ev, ok := mc.Step()
		if !ok {
			t.Fatalf("the run ended after %d events, before %d", i, n)
		}
		last = ev
	}
	return view.MarshalState(mc.StateAt(n)), last
}

func runLength(t *testing.T, prog *vm.Program) int64 {
	s := newSession(t, prog, 0, 0)
	st, err := s.Continue()
	if err != nil {
		t.Fatal(err)
	}
	if st.Reason != StopExit {
		t.Fatalf("continue stopped for %v at %d", st.Reason, st.Seq)
	}
	return st.Seq
}

// TestReverseEqualsForward: every way of reaching event N (rev step from
// later, goto backwards and forwards, with a store small enough to thin)
// gives the state JSON and event that a fresh run has after N events.
func TestReverseEqualsForward(t *testing.T) {
	prog := goschedProg(40, false)
	total := runLength(t, prog)
	want := make([][]byte, total+1)
	wantEv := make([]runtime.Event, total+1)
	for n := int64(0); n <= total; n++ {
		want[n], wantEv[n] = fresh(t, prog, n)
	}
	check := func(s *Session, how string) {
		t.Helper()
		n := s.Pos()
		if got := view.MarshalState(s.State()); !bytes.Equal(got, want[n]) {
			t.Fatalf("%s: state at event %d differs from a fresh run's", how, n)
		}
		ev, _ := s.Event()
		if ev != wantEv[n] {
			t.Fatalf("%s: event %d = %+v, want %+v", how, n, ev, wantEv[n])
		}
	}
	s := newSession(t, prog, 7, 4)
	if _, err := s.Goto(total); err != nil {
		t.Fatal(err)
	}
	check(s, "goto end")
	for s.Pos() > 0 {
		if _, err := s.RevStep(1); err != nil {
			t.Fatal(err)
		}
		check(s, "rev step")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 300; i++ {
		n := rng.Int64N(total + 1)
		switch rng.IntN(3) {
		case 0:
			s.Goto(n)
		case 1:
			if n > s.Pos() {
				s.Step(n - s.Pos())
			} else if n < s.Pos() {
				s.RevStep(s.Pos() - n)
			}
		case 2:
			if s.Pos() > 0 {
				s.RevStep(1)
			}
			n = s.Pos()
		}
		if s.Pos() != n {
			t.Fatalf("at %d, want %d", s.Pos(), n)
		}
		check(s, "random motion")
		if l := len(s.SnapshotSeqs()); l > 4 {
			t.Fatalf("%d snapshots, bound 4", l)
		}
	}
}

func TestStepPastEnd(t *testing.T) {
	prog := goschedProg(2, false)
	s := newSession(t, prog, 0, 0)
	if _, err := s.Continue(); err != nil {
		t.Fatal(err)
	}
	if !s.Exited() {
		t.Fatal("not at the end after continue")
	}
	for _, f := range []func() (Stop, error){
		func() (Stop, error) { return s.Step(1) },
		s.Continue, s.Next, s.StepOut,
	} {
		_, err := f()
		var ee *ExitedError
		if !errors.As(err, &ee) {
			t.Fatalf("past the end: %v, want ExitedError", err)
		}
		if !strings.Contains(err.Error(), "exited with code 0") || !strings.Contains(err.Error(), "rev step") {
			t.Errorf("message does not say how to go back: %v", err)
		}
	}
	end := s.Pos()
	if _, err := s.Goto(end + 100); err == nil || s.Pos() != end {
		t.Errorf("goto past the end: at %d, err %v", s.Pos(), err)
	}
	if _, err := s.RevStep(end + 5); err != nil || s.Pos() != 0 {
		t.Errorf("rev step past the start: at %d, %v", s.Pos(), err)
	}
	if _, err := s.RevStep(1); err != errAtStart {
		t.Errorf("rev step at 0: %v", err)
	}
	if _, err := s.RevContinue(); err != errAtStart {
		t.Errorf("rev continue at 0: %v", err)
	}
}

func TestBreakpoints(t *testing.T) {
	prog := goschedProg(10, true)
	s := newSession(t, prog, 5, 4)
	bp, err := s.AddBreakpoint("goschedImpl")
	if err != nil {
		t.Fatal(err)
	}
	var hits []int64
	for {
		st, err := s.Continue()
		if err != nil {
			t.Fatal(err)
		}
		if st.Reason != StopBreakpoint {
			if st.Reason != StopSimBreakpoint {
				t.Fatalf("after %d gosched hits: stopped for %v, want sim.Breakpoint", len(hits), st.Reason)
			}
			break
		}
		if st.Event.Kind != runtime.EvGosched || st.Breakpoint != bp {
			t.Fatalf("stopped at %v", st.Event)
		}
		hits = append(hits, st.Seq)
	}
	if len(hits) != 10 || bp.Hits != 10 {
		t.Fatalf("hits %v (count %d), want 10", hits, bp.Hits)
	}
	// Backwards: the same hits in reverse order, then the start.
	for i := len(hits) - 1; i >= 0; i-- {
		st, err := s.RevContinue()
		if err != nil {
			t.Fatal(err)
		}
		if st.Seq != hits[i] || st.Reason != StopBreakpoint {
			t.Fatalf("rev continue: at %d (%v), want %d", st.Seq, st.Reason, hits[i])
		}
	}
	if st, _ := s.RevContinue(); st.Seq != 0 || st.Reason != StopStart {
		t.Fatalf("rev continue past the first hit: at %d", st.Seq)
	}

	// A condition on the state: the 4th gosched happens when P1's
	// schedtick is 6 (main starts on P1 with schedtick 3; one execute per
	// Gosched).
	if _, err := s.SetCondition(bp.ID, "p1.schedtick >= 6 && kind == goschedImpl"); err != nil {
		t.Fatal(err)
	}
	st, _ := s.Continue()
	if st.Reason != StopBreakpoint || s.State().Ps[1].Schedtick < 6 {
		t.Fatalf("conditional stop at %d with schedtick %d", st.Seq, s.State().Ps[1].Schedtick)
	}
	first := st.Seq
	st, _ = s.RevContinue()
	if st.Seq != 0 {
		t.Fatalf("rev continue with the condition went to %d, want the start (the first hit was %d)", st.Seq, first)
	}
	if _, err := s.SetCondition(bp.ID, "p0.nosuch > 1"); err == nil {
		t.Error("a condition naming no field was accepted")
	}
	if _, err := s.SetCondition(7, "p == 1"); err == nil || !strings.Contains(err.Error(), "breakpoints: 1") {
		t.Errorf("condition on a missing breakpoint: %v", err)
	}

	// Other kinds of breakpoints.
	s.ClearAll()
	for _, spec := range []string{"g1", "g 1", "G 1", "execute p 0", "p0", "m0", "line gosched.go:6", "line 6", "execute p0", "steal", "preempt", "syscall", "globrunqget if len(global) == 0"} {
		if _, err := s.AddBreakpoint(spec); err != nil {
			t.Errorf("break %s: %v", spec, err)
		}
	}
	for _, spec := range []string{"", "hadnoffp", "p9", "p 9", "g x", "line x.go:3", "line 999", "line", "g1 if", "bogus if p == 1", "goschedImpl if p =="} {
		if _, err := s.AddBreakpoint(spec); err == nil {
			t.Errorf("break %q was accepted", spec)
		}
	}
	if _, err := s.AddBreakpoint("hadnoffp"); err == nil || !strings.Contains(err.Error(), "did you mean handoffp?") {
		t.Errorf("break hadnoffp: %v", err)
	}
	n := len(s.Breakpoints())
	if _, err := s.ClearBreakpoint(s.Breakpoints()[0].ID); err != nil || len(s.Breakpoints()) != n-1 {
		t.Errorf("clear: %v", err)
	}
}

func TestLineBreakpoint(t *testing.T) {
	prog := goschedProg(5, false)
	s := newSession(t, prog, 0, 0)
	bp, err := s.AddBreakpoint("line 6") // the third Gosched
	if err != nil {
		t.Fatal(err)
	}
	st, _ := s.Continue()
	if st.Breakpoint != bp || st.Event.Pos.Line != 6 {
		t.Fatalf("stopped at %+v", st.Event)
	}
	if note := s.LineNote(bp); note != "" {
		t.Errorf("note for a line with a scheduler op: %s", note)
	}
	bp2, _ := s.AddBreakpoint("line 2")
	if note := s.LineNote(bp2); !strings.Contains(note, "no code") {
		t.Errorf("note for an empty line: %q", note)
	}
}

func TestNextAndStepOut(t *testing.T) {
	prog := goschedProg(5, false)
	s := newSession(t, prog, 0, 0)
	st, err := s.Next()
	if err != nil || st.Event.Kind != runtime.EvExecute || st.Event.P != 1 { // main starts on P1
		t.Fatalf("next from the start: %+v, %v", st.Event, err)
	}
	g := st.Event.G
	st, err = s.StepOut()
	if err != nil || st.Event.G != g || !st.Event.Kind.Spec().Leaves {
		t.Fatalf("stepout: %+v, %v", st.Event, err)
	}
	before := st.Seq
	if _, err := s.Next(); err != nil {
		t.Fatal(err)
	}
	st, err = s.RevNext()
	if err != nil || st.Event.Kind != runtime.EvExecute || st.Seq >= before {
		t.Fatalf("rev next: %+v, %v", st.Event, err)
	}
	st, err = s.RevStepOut()
	if err != nil {
		t.Fatal(err)
	}
	if st.Seq != 0 && (st.Event.Kind != runtime.EvExecute || st.Event.G != s.Selected()) {
		t.Fatalf("rev stepout: %+v", st.Event)
	}
}

func TestRestartKeepsBreakpoints(t *testing.T) {
	s := newSession(t, goschedProg(3, false), 0, 0)
	s.AddBreakpoint("goschedImpl")
	s.Continue()
	seed := uint64(9)
	st, err := s.Restart(&seed)
	if err != nil || st.Seq != 0 || s.Config().Seed != 9 || len(s.Breakpoints()) != 1 || s.Breakpoints()[0].Hits != 0 {
		t.Fatalf("restart: %+v %v %+v", st, err, s.Config())
	}
	if len(s.SnapshotSeqs()) != 1 {
		t.Errorf("snapshots of the old run survived the restart: %v", s.SnapshotSeqs())
	}
}

func TestPrint(t *testing.T) {
	s := newSession(t, goschedProg(3, false), 0, 0)
	// main starts on P1 (runtime.main leaves it there with two Ps). Event
	// 5: G1 yielded to the global queue (3), and wakep handed the idle P0
	// to M3 to spin (4-5); M3 has not woken yet.
	s.Step(5)
	for _, tc := range []struct{ expr, want string }{
		{"global", "[G1]"},
		{"len(global)", "1"},
		{"p1.runq", "[]"},
		{"p1.runnext", "-"},
		{"kind", "startm"},
		{"ev.kind == startm", "true"},
		{"kind == \"startm\"", "true"},
		{"p1.status", "running"},
		{"p0.status", "idle"},
		{"g1.status", "runnable"},
		{"g1.where", "global runq"},
		{"npidle", "0"},
		{"sched.idle_ps", "[]"},
		{"sched.idleps", "[]"},
		{"m3.spinning", "true"},
		{"m3.nextp", "P0"},
		{"clock", "0.000060ms"},
		{"t < 1ms", "true"},
		{"!(p == 0)", "false"},
		{"len(global) >= 1 && nmspinning == 1", "true"},
		{"p1.schedtick", "3"},
		{"gomaxprocs", "2"},
		// The collector's state (layer gc): no cycle yet.
		{"gc.phase", "off"},
		{"gc.gogc", "100"},
		{"gc.cycles", "0"},
		// startm's arguments, by the names its spec gives them.
		{"thread", "M3"},
		{"spin", "1"},
		{"ev.thread", "M3"},
		{"arg1", "3"},
		{"thread == 3 && spin == 1", "true"},
	} {
		got, err := s.Print(tc.expr)
		if err != nil {
			t.Errorf("print %s: %v", tc.expr, err)
			continue
		}
		if got != tc.want {
			t.Errorf("print %s = %q, want %q", tc.expr, got, tc.want)
		}
	}
	for _, tc := range []struct{ expr, want string }{
		{"p9", "there are 2 Ps"},
		{"g99", "no goroutine G99"},
		{"p0.nosuch", "no field nosuch (fields: id, status"},
		{"p0.runq[9]", "out of range"},
		{"m9", "there are 4 Ms"},
		{"bogus", "unknown name \"bogus\""},
		{"p0 =", "compare with =="},
		{"len(p0)", "not a list"},
		{"(p == 1", "not closed"},
		{"\"abc", "not closed"},
		{"p0.runq == 1", "compare numbers"}, {"1 == p0.runq", "cannot compare a number"},
		{"", "empty expression"},
		{"3xs", "unit is"},
		{"p0..runq", "want a field name"},
		{"step", "the event (startm) has no such argument"},
	} {
		_, err := s.Print(tc.expr)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("print %q: %v, want an error with %q", tc.expr, err, tc.want)
		}
	}
	// print ev names the arguments as the spec does.
	out, err := s.Print("ev")
	if err != nil || !strings.Contains(out, "\n  thread: M3\n  spin: 1\n  line:") || strings.Contains(out, "arg1") {
		t.Errorf("print ev:\n%s", out)
	}
	out, err = s.Print("p1")
	if err != nil || !strings.Contains(out, "\n  runq: []\n") || !strings.HasPrefix(out, "{") {
		t.Errorf("print p0:\n%s", out)
	}
	if err := s.AddDisplay("len(global)"); err != nil {
		t.Fatal(err)
	}
	if d := s.Displays(); len(d) != 1 || d[0] != "0: len(global) = 1" {
		t.Errorf("displays: %q", d)
	}
	if err := s.RemoveDisplay(3); err == nil {
		t.Error("removed a display that does not exist")
	}
}

func TestLooking(t *testing.T) {
	s := newSession(t, goschedProg(3, false), 0, 0)
	if got := s.When(); got != "event 0 (the start) at 0.000000ms" {
		t.Errorf("when = %q", got)
	}
	s.Step(12)
	if w := s.Why(); !strings.Contains(w, "event 12: globrunqget on M0/P1/G1") || !strings.Contains(w, "  1. runnext and ring empty\n") {
		t.Errorf("why:\n%s", w)
	}
	for _, g := range []string{"", "status", "p"} {
		out, err := s.Goroutines(g)
		if err != nil || !strings.Contains(out, "* G1") {
			t.Errorf("goroutines -group %q:\n%s%v", g, out, err)
		}
	}
	if _, err := s.Goroutines("x"); err == nil {
		t.Error("goroutines -group x accepted")
	}
	if out, err := s.Goroutine(1); err != nil || !strings.Contains(out, "main.main") {
		t.Errorf("goroutine 1:\n%s%v", out, err)
	}
	if _, err := s.Goroutine(42); err == nil {
		t.Error("goroutine 42 found")
	}
	if out, err := s.List(""); err != nil || !strings.Contains(out, "=>") {
		t.Errorf("list:\n%s%v", out, err)
	}
	for _, loc := range []string{"5", "gosched.go:4", "main", "main.main"} {
		if _, err := s.List(loc); err != nil {
			t.Errorf("list %s: %v", loc, err)
		}
	}
	for _, loc := range []string{"99", "x.go:3", "nofunc", "a:b"} {
		if _, err := s.List(loc); err == nil {
			t.Errorf("list %s worked", loc)
		}
	}
	if out, err := s.Stack(); err != nil || !strings.Contains(out, "main.main") {
		t.Errorf("stack:\n%s%v", out, err)
	}
	if !strings.HasPrefix(s.Procs(), "P    status   M     runs   runnext runq schedtick syscalltick timers\nP0   ") || !strings.HasPrefix(s.Threads(), "M0") {
		t.Errorf("procs/threads:\n%s%s", s.Procs(), s.Threads())
	}
	if b := s.Board(80); !strings.HasPrefix(b, "event 12 at") {
		t.Errorf("board:\n%s", b)
	}
	if !strings.HasPrefix(s.Schedtrace(), "SCHED ") {
		t.Errorf("schedtrace: %q", s.Schedtrace())
	}
}

func TestNearest(t *testing.T) {
	words := []string{"step", "stepout", "next", "continue", "goroutines", "print"}
	for _, tc := range []struct{ in, want string }{
		{"stpe", "step"}, {"setp", "step"}, {"contniue", "continue"}, {"nxet", "next"},
		{"goroutins", "goroutines"}, {"prnt", "print"}, {"xyzzy", ""}, {"cont", "continue"},
	} {
		if got := Nearest(tc.in, words); got != tc.want {
			t.Errorf("Nearest(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSnapshotSpacing: after a long run the snapshots are bounded, dense
// near the focus and geometric farther back.
func TestSnapshotSpacing(t *testing.T) {
	prog := goschedProg(3000, false)
	s := newSession(t, prog, 16, 12)
	s.Goto(9000)
	seqs := s.SnapshotSeqs()
	if len(seqs) > 12 || seqs[0] != 0 {
		t.Fatalf("snapshots %v", seqs)
	}
	last := seqs[len(seqs)-1]
	if sp := s.snaps.spacing(); 9000-last >= sp {
		t.Errorf("nearest snapshot to 9000 is %d (spacing %d)", last, sp)
	}
	// Gaps grow towards the start.
	if g1, g2 := seqs[len(seqs)-1]-seqs[len(seqs)-2], seqs[2]-seqs[1]; g1 > g2 {
		t.Errorf("gap near the focus %d > gap far from it %d: %v", g1, g2, seqs)
	}
}

func TestInterrupt(t *testing.T) {
	s := newSession(t, goschedProg(200000, false), 0, 0)
	done := make(chan Stop)
	go func() {
		st, _ := s.Continue()
		done <- st
	}()
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case st := <-done:
			if st.Reason != StopInterrupted {
				t.Fatalf("continue ran to %v at %d despite Ctrl-C", st.Reason, st.Seq)
			}
			return
		case <-tick.C:
			s.Interrupt()
		}
	}
}

// TestSnapshotByteBound: with a byte budget smaller than the count bound
// allows, the store keeps under the budget (beyond the start and the
// furthest snapshot, which always stay).
func TestSnapshotByteBound(t *testing.T) {
	s, err := New(Options{Program: goschedProg(3000, false), Config: runtime.Config{GOMAXPROCS: 2, Seed: 1},
		SnapshotEvery: 16, MaxSnapshots: 100, MaxSnapshotBytes: 1})
	if err != nil {
		t.Fatal(err)
	}
	s.Goto(9000)
	if n := len(s.SnapshotSeqs()); n != 2 {
		t.Errorf("byte budget of 1: %d snapshots %v, want the start and the furthest", n, s.SnapshotSeqs())
	}
	if s.SnapshotBytes() <= 0 {
		t.Errorf("snapshot bytes %d", s.SnapshotBytes())
	}
	s.RevStep(5)
	if s.Pos() != 8995 {
		t.Errorf("rev step with two snapshots: at %d", s.Pos())
	}
}

// TestStepListsPassedEvents: step N reports the N-1 events it passed
// before its stop, the first StepShowMax of them, and how many more.
func TestStepListsPassedEvents(t *testing.T) {
	s := newSession(t, goschedProg(40, false), 0, 0)
	st, err := s.Step(5)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Passed) != 4 || st.PassedMore != 0 || st.Passed[0].Seq != 1 || st.Passed[3].Seq != 4 || st.Seq != 5 {
		t.Fatalf("step 5: passed %d events (%+v), %d more, stop at %d", len(st.Passed), st.Passed, st.PassedMore, st.Seq)
	}
	st, err = s.Step(StepShowMax + 30)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Passed) != StepShowMax || st.PassedMore != 29 || st.Passed[0].Seq != 6 {
		t.Fatalf("step %d: passed %d events from %d, %d more", StepShowMax+30, len(st.Passed), st.Passed[0].Seq, st.PassedMore)
	}
	if st, _ := s.Step(1); len(st.Passed) != 0 {
		t.Fatalf("step 1 passed %d events", len(st.Passed))
	}
	if st, _ := s.Continue(); st.Passed != nil {
		t.Fatal("continue lists the events it passed")
	}
}

// An argument's name is free in expressions: no event field, root name or
// scheduler counter takes it, so it means the same at every event.
func TestEventArgNamesAreFree(t *testing.T) {
	c := &evalCtx{stateOf: func() *runtime.State { return &runtime.State{} }}
	sched := value{v: reflect.ValueOf(&runtime.SchedState{})}
	for _, k := range runtime.EvKinds() {
		for _, a := range k.Spec().Args {
			if a.Name == "" {
				continue
			}
			_, err := (&pathExpr{segs: []string{a.Name}}).eval(c)
			if err == nil || !strings.Contains(err.Error(), "has no such argument") {
				t.Errorf("%s's argument %s is another name too (%v)", k, a.Name, err)
			}
			if _, err := field(sched, a.Name, a.Name); err == nil {
				t.Errorf("%s's argument %s is a scheduler counter's name too", k, a.Name)
			}
		}
	}
}

// A breakpoint may name an event of Go's execution trace format: it stops
// at the kinds whose spec says the format records them that way (GoStop:
// goschedImpl's), and a name ending in * takes every event it begins.
func TestBreakOnTraceEvents(t *testing.T) {
	prog := goschedProg(3, false)
	for _, c := range []struct {
		spec string
		want runtime.EvKind
	}{
		{"GoStop", runtime.EvGosched},
		{"gostart", runtime.EvExecute},
		{"GoSt*", runtime.EvExecute},
	} {
		s := newSession(t, prog, 5, 4)
		if _, err := s.AddBreakpoint(c.spec); err != nil {
			t.Fatal(err)
		}
		st, err := s.Continue()
		if err != nil {
			t.Fatal(err)
		}
		if st.Reason != StopBreakpoint || st.Event.Kind != c.want {
			t.Errorf("break %s stopped at %s (%v), want %s", c.spec, st.Event.Kind, st.Reason, c.want)
		}
	}
	s := newSession(t, prog, 5, 4)
	if _, err := s.AddBreakpoint("GoStp"); err == nil || !strings.Contains(err.Error(), "did you mean GoStop?") {
		t.Errorf("break GoStp: %v", err)
	}
}

// In the GM model (no procs layer) an event carries its running slot where
// a P would be; print ev shows no P, as the event list shows no P column.
func TestPrintEventHasNoPInTheGMModel(t *testing.T) {
	for _, c := range []struct {
		layers runtime.Layers
		want   string
	}{
		{runtime.Layers(runtime.LayerStacks), "\n  p: -\n"},
		{runtime.Layers(runtime.LayerStacks | runtime.LayerProcs), "\n  p: P"},
	} {
		s, err := New(Options{Program: goschedProg(2, false), Config: runtime.Config{GOMAXPROCS: 2, Seed: 1, Layers: c.layers}, Name: "gosched.go"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Step(3); err != nil {
			t.Fatal(err)
		}
		out, err := s.Print("ev")
		if err != nil || !strings.Contains(out, c.want) {
			t.Errorf("layers %v: print ev: want %q in\n%s", c.layers, c.want, out)
		}
	}
}
