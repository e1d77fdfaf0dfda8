//go:build linux && (amd64 || arm64)

package real

import (
	"context"
	"os/exec"
	"regexp"
	goruntime "runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/debugger"
	"github.com/gmplab/gmplab/debugger/terminal"
	"github.com/gmplab/gmplab/internal/hostload"
	"github.com/gmplab/gmplab/internal/realhost"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// The real backend answers every command of gmplab step's REPL.
var _ terminal.Session = (*Session)(nil)

// launch starts a scenario of the repository under Delve, or skips the
// test where that cannot work here (not Linux, no go command, ptrace
// refused), saying why.
func launch(t testing.TB, file string, procs int) *Session {
	t.Helper()
	if err := realhost.Check(); err != nil {
		t.Skip(err)
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH: cannot build the program")
	}
	s, err := Launch(context.Background(), Options{File: "../" + file, Name: file, GOMAXPROCS: procs, ModuleDir: ".."})
	if err != nil {
		if strings.Contains(err.Error(), "refused ptrace") {
			t.Skip(err)
		}
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// stopLine is the shape of a stop's line as view.FormatEvent writes it,
// with a real M and P.
var handoffLine = regexp.MustCompile(`^\s+\d+\s+\d+\.\d{6}ms  M\d+\s+P0\s+G-\s+handoffp\s+step \d`)

// TestHandoffpOnTheRealRuntime runs lesson 4's scenario (main in a 5 ms
// system call while three workers wait in P0's queue) under Delve until
// the real runtime's handoffp hands P0 off. Stopping the threads changes
// the schedule (the debugger can make main look long-running and get it
// preempted first), so it tries up to three runs and asserts no count.
func TestHandoffpOnTheRealRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program under Delve; skipped with -short")
	}
	s := launch(t, "lessons/04-sysmon/handoff.go", 1)
	if _, err := s.AddBreakpoint("handoffp"); err != nil {
		t.Fatal(err)
	}
	const runs = 6
	for run := 1; run <= runs; run++ {
		st, err := s.Continue()
		if err != nil {
			t.Fatal(err)
		}
		if st.Event.Kind == runtime.EvHandoffp {
			if st.Event.P != 0 || st.Event.M < 0 {
				t.Fatalf("handoffp with P%d on M%d, want P0 (GOMAXPROCS=1) on a real M", st.Event.P, st.Event.M)
			}
			line := st.Line()
			if line != view.FormatEvent(st.Event) || !handoffLine.MatchString(line) {
				t.Fatalf("stop line %q is not view's line for handoffp with P0", line)
			}
			procs := s.Procs()
			if !regexp.MustCompile(`(?m)^P0 `).MatchString(procs) {
				t.Fatalf("procs at handoffp:\n%s", procs)
			}
			// The board draws the real Ps (the real runtime has them) and
			// names the Ms' states in the simulator's words.
			board := s.Board(100)
			if !regexp.MustCompile(`(?m)^P0 +\w+ +M`).MatchString(board) || strings.Contains(board, "spinning spinning") {
				t.Fatalf("board at handoffp, want a row for P0:\n%s", board)
			}
			for _, m := range s.State().Ms {
				if !slices.Contains([]string{"running", "syscall", "schedule", "parked", "sysmon"}, m.State) {
					t.Errorf("M%d in state %q, not one of the simulator's", m.ID, m.State)
				}
			}
			if _, err := s.Print("p0.runq"); err != nil {
				t.Fatalf("print p0.runq: %v", err)
			}
			if _, err := s.RevStep(1); err == nil || !strings.Contains(err.Error(), "gmplab step") {
				t.Fatalf("rev step: %v, want the error that points to gmplab step", err)
			}
			return
		}
		t.Logf("run %d ended without handoffp (%s); restarting", run, st.Line())
		if _, err := s.Restart(nil); err != nil {
			t.Fatal(err)
		}
	}
	if load, busy := hostload.Busy(); busy {
		// sysmon's retake needs the syscall to outlast its 20 µs-10 ms
		// sleep while another G waits; a host this busy delays sysmon
		// itself past the syscall.
		t.Skipf("%d real runs of lesson 4 without a handoffp, on a host with load average %.1f on %d CPUs: not a fair sample", runs, load, goruntime.NumCPU())
	}
	t.Fatalf("%d real runs of lesson 4 without a handoffp", runs)
}

// A continue that reaches the exit without stopping at a breakpoint says
// so (motion.go: unreached), and board, procs, goroutines and print after
// the exit say that the program has exited instead of drawing an empty
// scheduler (GOMAXPROCS=0). With one P nothing can steal: runqsteal is
// never called, whatever the host's load.
func TestExitWithoutReachingBreakpoint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program under Delve; skipped with -short")
	}
	s := launch(t, "lessons/04-sysmon/handoff.go", 1)
	if _, err := s.AddBreakpoint("runqsteal"); err != nil {
		t.Fatal(err)
	}
	st, err := s.Continue()
	if err != nil {
		t.Fatal(err)
	}
	if st.Reason != debugger.StopExit {
		t.Fatalf("continue stopped at %s, want the exit (one P: nothing steals)", st.Line())
	}
	want := "The program exited without stopping at breakpoint 1 (runqsteal): the real runtime did not make that decision in this run."
	if ex := s.ExitInfo(); ex == nil || !strings.HasPrefix(ex.Msg, want) || !strings.Contains(ex.Msg, "restart runs it again") {
		t.Fatalf("exit %+v, want a message that starts %q", ex, want)
	}
	for name, text := range map[string]string{"board": s.Board(100), "procs": s.Procs(), "threads": s.Threads()} {
		if !strings.HasPrefix(text, "the program has exited with code 0 at stop ") || !strings.HasSuffix(text, "restart runs it again\n") || strings.Contains(text, "GOMAXPROCS") {
			t.Errorf("%s after the exit:\n%s", name, text)
		}
	}
	if _, err := s.Goroutines(""); err == nil || !strings.Contains(err.Error(), "the program has exited") {
		t.Errorf("goroutines after the exit: %v", err)
	}
	// print, too, says so rather than reading an empty scheduler ("no
	// p0: there are 0 Ps"), and still prints the last stop and the exit.
	if _, err := s.Print("len(p0.runq)"); err == nil || !strings.Contains(err.Error(), "the program has exited with code 0 at stop ") || !strings.Contains(err.Error(), "print still reads the last stop's event") {
		t.Errorf("print len(p0.runq) after the exit: %v", err)
	}
	if code, err := s.Print("exit.code"); err != nil || code != "0" {
		t.Errorf("print exit.code after the exit = %q, %v", code, err)
	}
	if _, err := s.Print("seq"); err != nil {
		t.Errorf("print seq after the exit: %v", err)
	}
	// A breakpoint that stopped the run is not named.
	if _, err := s.Restart(nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddBreakpoint("execute"); err != nil {
		t.Fatal(err)
	}
	if st, err := s.Continue(); err != nil || st.Reason != debugger.StopBreakpoint {
		t.Fatalf("continue to execute: %v %v", st.Reason, err)
	}
	if _, err := s.ClearBreakpoint(1); err != nil {
		t.Fatal(err)
	}
	for {
		st, err := s.Continue()
		if err != nil {
			t.Fatal(err)
		}
		if st.Reason == debugger.StopExit {
			break
		}
	}
	if ex := s.ExitInfo(); ex == nil || ex.Msg != "" {
		t.Errorf("exit after stopping at every breakpoint: %+v, want no message", ex)
	}
}

// BenchmarkStep measures one real step: continue to the next scheduling
// function, read the stop's M, P, G and arguments.
func BenchmarkStep(b *testing.B) {
	s := launch(b, "examples/pingpong.go", 2)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st, err := s.Step(1)
		if err != nil {
			b.Fatal(err)
		}
		if st.Reason == debugger.StopExit { // run it again, off the clock
			b.StopTimer()
			if _, err := s.Restart(nil); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
	}
}

// BenchmarkLaunch measures gmplab real's start with a warm build cache:
// go build, the launch under Delve, the breakpoints, the run to main.main.
func BenchmarkLaunch(b *testing.B) {
	for i := 0; i < b.N; i++ {
		s := launch(b, "lessons/04-sysmon/handoff.go", 1)
		s.Close()
	}
}

// BenchmarkBoard measures reading the whole real scheduler (allp, allgs,
// allm, sched) for board.
func BenchmarkBoard(b *testing.B) {
	s := launch(b, "lessons/04-sysmon/handoff.go", 1)
	if _, err := s.Step(3); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.st = nil
		_ = s.Board(100)
	}
}
