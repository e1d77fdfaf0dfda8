package replay

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gmplab/gmplab/debugger"
	"github.com/gmplab/gmplab/runtime"
)

// The tests read traces that real programs write (testdata/tracegen) and
// assert what holds on any machine, however the run was scheduled: every
// goroutine starts after it is created, the count of the program's
// goroutines, a breakpoint on GoBlock stops at one.

var (
	tracegenOnce sync.Once
	tracegenExe  string
	tracegenErr  error
	tracesMu     sync.Mutex
	traces       = map[string]string{}
	tracesDir    string
)

// tracegen builds testdata/tracegen once per test binary.
func tracegen(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs real programs (not with -short)")
	}
	tracegenOnce.Do(func() {
		dir, err := os.MkdirTemp("", "gmplab-replay-test-")
		if err != nil {
			tracegenErr = err
			return
		}
		tracesDir = dir
		tracegenExe = filepath.Join(dir, "tracegen")
		out, err := exec.Command("go", "build", "-o", tracegenExe, "./testdata/tracegen").CombinedOutput()
		if err != nil {
			tracegenErr = err
			tracegenExe = string(out)
		}
	})
	if tracegenErr != nil {
		t.Fatalf("building tracegen: %v\n%s", tracegenErr, tracegenExe)
	}
	return tracegenExe
}

// realTrace runs program (with GOMAXPROCS procs, 0: the machine's) once
// per test binary and returns its trace's path.
func realTrace(t testing.TB, program string, procs int, args ...string) string {
	t.Helper()
	exe := tracegen(t)
	key := program + "/" + strings.Join(args, ",") + "/" + string(rune('0'+procs))
	tracesMu.Lock()
	defer tracesMu.Unlock()
	if p, ok := traces[key]; ok {
		return p
	}
	out := filepath.Join(tracesDir, strings.NewReplacer("/", "_", ",", "_").Replace(key)+".trace")
	cmd := exec.Command(exe, append([]string{program, out}, args...)...)
	cmd.Env = os.Environ()
	if procs > 0 {
		cmd.Env = append(cmd.Env, "GOMAXPROCS="+string(rune('0'+procs)))
	}
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tracegen %s: %v\n%s", program, err, b)
	}
	traces[key] = out
	return out
}

func TestMain(m *testing.M) {
	code := m.Run()
	if tracesDir != "" {
		os.RemoveAll(tracesDir)
	}
	os.Exit(code)
}

func open(t testing.TB, path string) *Trace {
	t.Helper()
	tr, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Warning != "" {
		t.Fatalf("warning: %s", tr.Warning)
	}
	return tr
}

// each calls f for every record of t, numbered from 1.
func each(t *Trace, f func(i int64, r *record)) {
	c := t.recs.at(0)
	var r record
	for c.next(&r) {
		f(c.i, &r)
	}
}

// mainGoroutines returns the goroutines created in the trace whose
// function is in package main, by that function.
func mainGoroutines(t *Trace) map[int64]string {
	gs := map[int64]string{}
	each(t, func(_ int64, r *record) {
		if r.kind != rGoCreate {
			return
		}
		if fr := t.frames(uint32(r.a)); len(fr) > 0 && strings.HasPrefix(fr[0].Func, "main.") {
			gs[r.g] = fr[0].Func
		}
	})
	return gs
}

// TestWorkerPoolStartsFollowCreates: every goroutine created in the trace
// starts after its GoCreate and runs on a P, and the trace has the
// program's goroutines: 8 workers and main's 2 helpers.
func TestWorkerPoolStartsFollowCreates(t *testing.T) {
	tr := open(t, realTrace(t, "workerpool", 0))
	created := map[int64]int64{}
	started := map[int64]bool{}
	each(tr, func(i int64, r *record) {
		switch r.kind {
		case rGoCreate:
			created[r.g] = i
		case rGoStart:
			if c, ok := created[r.g]; ok && !started[r.g] {
				if c >= i {
					t.Errorf("G%d starts at event %d, before its GoCreate at %d", r.g, i, c)
				}
				started[r.g] = true
			}
			if r.p < 0 {
				t.Errorf("event %d: G%d starts on no P", i, r.g)
			}
		}
	})
	byFunc := map[string]int{}
	for _, fn := range mainGoroutines(tr) {
		byFunc[fn]++
	}
	if byFunc["main.worker"] != 8 {
		t.Errorf("%d goroutines run main.worker; the program starts 8 (all: %v)", byFunc["main.worker"], byFunc)
	}
	if n := len(mainGoroutines(tr)); n != 10 {
		t.Errorf("%d goroutines of package main; the program starts 10 (8 workers, a feeder, a closer): %v", n, byFunc)
	}
	for g := range mainGoroutines(tr) {
		if !started[g] {
			t.Errorf("G%d was created but never started", g)
		}
	}
}

// TestBreakGoBlockStops: a breakpoint on the trace's GoBlock stops at a
// gopark, and continuing stops at the next one, as gmplab step's break
// gopark does.
func TestBreakGoBlockStops(t *testing.T) {
	s := NewSession(open(t, realTrace(t, "workerpool", 0)))
	bp, err := s.AddBreakpoint("GoBlock")
	if err != nil {
		t.Fatal(err)
	}
	prev := int64(0)
	for i := 0; i < 3; i++ {
		st, err := s.Continue()
		if err != nil {
			t.Fatal(err)
		}
		if st.Reason != debugger.StopBreakpoint || st.Breakpoint != bp {
			t.Fatalf("continue %d stopped for %v at %s", i, st.Reason, st.Line())
		}
		if st.Event.Kind != runtime.EvGopark || s.lastRec.kind != rGoBlock {
			t.Fatalf("break GoBlock stopped at %s (the trace's %s)", st.Event.Kind, s.lastRec.kind)
		}
		if st.Seq <= prev {
			t.Fatalf("continue %d went from event %d to %d", i, prev, st.Seq)
		}
		prev = st.Seq
	}
	if bp.Hits != 3 {
		t.Errorf("hits = %d, want 3", bp.Hits)
	}
	// And back: rev continue stops at the previous GoBlock.
	st, err := s.RevContinue()
	if err != nil {
		t.Fatal(err)
	}
	if st.Event.Kind != runtime.EvGopark || st.Seq >= prev {
		t.Errorf("rev continue from %d stopped at %d (%s)", prev, st.Seq, st.Event.Kind)
	}
}

// TestSyscallPairs: in a program that blocks in read(2) and write(2),
// every exitsyscall follows an entersyscall of the same goroutine, and
// the program's 400 calls are there.
func TestSyscallPairs(t *testing.T) {
	tr := open(t, realTrace(t, "syscalls", 0))
	in := map[int64]bool{}
	begins := 0
	mains := mainGoroutines(tr)
	each(tr, func(i int64, r *record) {
		switch r.kind {
		case rGoSyscallBegin:
			in[r.g] = true
			if _, ok := mains[r.g]; ok {
				begins++
			}
		case rGoSyscallEnd, rGoSyscallEndBlocked:
			if !in[r.g] {
				t.Errorf("event %d: G%d leaves a system call it was not seen to enter", i, r.g)
			}
			in[r.g] = false
		}
	})
	// 4 readers × 50 reads and 4 writers × 50 writes (and the closes).
	if begins < 400 {
		t.Errorf("%d system calls by the program's goroutines, want at least 400", begins)
	}
}

// TestGCPhases: a program that allocates until the GC has run three
// times shows at least three mark phases, each begun and ended, and
// stop-the-world pairs.
func TestGCPhases(t *testing.T) {
	tr := open(t, realTrace(t, "gcheavy", 0))
	var gcs, stw int
	inGC, inSTW := false, false
	each(tr, func(i int64, r *record) {
		switch r.kind {
		case rGCBegin:
			if inGC {
				t.Errorf("event %d: a GC begins inside another", i)
			}
			inGC = true
			gcs++
		case rGCEnd:
			inGC = false
		case rSTWBegin:
			if inSTW {
				t.Errorf("event %d: a stop-the-world begins inside another", i)
			}
			inSTW = true
			stw++
		case rSTWEnd:
			if !inSTW {
				t.Errorf("event %d: a stop-the-world ends that did not begin", i)
			}
			inSTW = false
		}
	})
	if gcs < 3 {
		t.Errorf("%d GC cycles, want at least 3", gcs)
	}
	if stw < 2*3 {
		t.Errorf("%d stop-the-worlds, want at least two per GC cycle (sweep termination, mark termination)", stw)
	}
}

// TestFlightRecorderSnapshot: a snapshot of Go 1.25's flight recorder
// begins in the middle of a run: the goroutines alive then are first seen
// by their status, every goroutine that starts was either created in the
// snapshot or seen runnable first, and its waits that began before the
// snapshot are marked partial.
func TestFlightRecorderSnapshot(t *testing.T) {
	tr := open(t, realTrace(t, "flightrecorder", 0))
	known := map[int64]bool{}
	statuses := 0
	each(tr, func(i int64, r *record) {
		switch r.kind {
		case rGoStatus:
			known[r.g] = true
			statuses++
		case rGoCreate, rGoCreateBlocked, rGoCreateSyscall:
			known[r.g] = true
		case rGoStart, rGoUnblock, rGoBlock, rGoStop:
			if !known[r.g] {
				t.Errorf("event %d: %s of G%d, neither created nor first seen", i, r.kind, r.g)
			}
		}
	})
	if statuses == 0 {
		t.Error("no goroutine was first seen by its status: a snapshot begins with the goroutines alive")
	}
	if got := len(mainGoroutines(tr)); got < 8 {
		t.Errorf("%d goroutines of package main created in the snapshot, want at least the last pool's 8 workers", got)
	}
	// The session steps through it like any trace.
	s := NewSession(tr)
	if _, err := s.Step(50); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Goto(tr.Events()); err != nil {
		t.Fatal(err)
	}
}

// TestOneProcModelAgrees: with one P nothing is stolen and nothing races:
// the model's rules (ready and newproc into runnext, runqput's ring, the
// global queue after a preemption) must name the G that starts next every
// time. A finding here is the model being wrong about Go 1.26
// (proc.go: runqput, runqget, findRunnable).
func TestOneProcModelAgrees(t *testing.T) {
	for _, prog := range []string{"pingpong", "workerpool"} {
		tr := open(t, realTrace(t, prog, 1))
		if tr.idx.nFinding != 0 {
			s := NewSession(tr)
			t.Errorf("%s, GOMAXPROCS=1: %d findings:\n%s", prog, tr.idx.nFinding, s.Findings())
		}
		st := tr.idx.stats.starts
		if st[srcSteal] != 0 {
			t.Errorf("%s, GOMAXPROCS=1: %d steals with one P", prog, st[srcSteal])
		}
		if st[srcRunnext]+st[srcRunq] == 0 {
			t.Errorf("%s: no start from a local queue: %v", prog, st)
		}
	}
}

// TestGo127Trace: Go 1.27 still writes Go 1.26's format ("go 1.26
// trace"), and its traces replay as 1.26's do. Skipped where Go 1.27.3 is
// not installed (GOTOOLCHAIN=go1.27.3, no download).
func TestGo127Trace(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with Go 1.27")
	}
	env := append(os.Environ(), "GOTOOLCHAIN=go1.27.3", "GOPROXY=off")
	if out, err := exec.Command("go", "version").CombinedOutput(); err != nil {
		t.Skipf("no go command: %v", err)
	} else if v, err := cmdOut(env, "go", "version"); err != nil || !strings.Contains(v, "go1.27") {
		t.Skipf("Go 1.27.3 is not installed (%s%v)", out, err)
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "tracegen127")
	if out, err := cmdOutDir(env, "", "go", "build", "-o", exe, "./testdata/tracegen"); err != nil {
		t.Fatalf("go build with Go 1.27: %v\n%s", err, out)
	}
	path := filepath.Join(dir, "wp.trace")
	if out, err := cmdOutDir(append(os.Environ(), "GOMAXPROCS=2"), "", exe, "workerpool", path); err != nil {
		t.Fatalf("tracegen: %v\n%s", err, out)
	}
	tr := open(t, path)
	if tr.Version != 26 {
		t.Errorf("Go 1.27's trace is in the format of Go 1.%d, want 1.26", tr.Version)
	}
	if n := len(mainGoroutines(tr)); n != 10 {
		t.Errorf("%d goroutines of package main, want 10", n)
	}
}

func cmdOut(env []string, name string, args ...string) (string, error) {
	return cmdOutDir(env, "", name, args...)
}

func cmdOutDir(env []string, dir, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Env, cmd.Dir = env, dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}
