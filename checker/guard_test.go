package checker

import (
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	runqgetref "github.com/gmplab/gmplab/exercises/02-runqget/solution"
	"github.com/gmplab/gmplab/exercises/rt"
)

// TestGuard: a panic and a hang in the learner's code each fail the test
// with a message, a function blocked for good fails as blocked, and
// rt.TODO means not started.
func TestGuard(t *testing.T) {
	msg, ns, _ := guard(func() string { var m map[int]int; m[1] = 1; return "" }, false)
	if ns || !strings.HasPrefix(msg, "your function panicked: assignment to entry in nil map") {
		t.Errorf("panic: %q", msg)
	}
	if _, ns, _ := guard(func() string { rt.TODO("f"); return "" }, false); !ns {
		t.Error("rt.TODO is not reported as not started")
	}
	old := CallTimeout
	CallTimeout = 300 * time.Millisecond
	defer func() { CallTimeout = old }()
	var stop atomic.Bool
	defer stop.Store(true) // end the spinning goroutine
	msg, _, _ = guard(func() string {
		for !stop.Load() {
		}
		return ""
	}, false)
	if !strings.Contains(msg, "did not return within 300ms") {
		t.Errorf("hang: %q", msg)
	}
	// A goroutine blocked for good is seen in the Go runtime's record
	// of it (its wait reason), in well under a second, whatever the
	// CPU limit.
	CallTimeout = time.Minute
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"chan receive", func() { <-make(chan bool) }},
		{"select (no cases)", func() { select {} }},
		{"chan send (nil chan)", func() { var c chan int; c <- 1 }},
		{"sync.Mutex.Lock", func() { var mu sync.Mutex; mu.Lock(); mu.Lock() }},
	} {
		start := time.Now()
		msg, _, _ = guard(func() string { c.f(); return "" }, false)
		if !strings.HasPrefix(msg, "your function is blocked ("+c.name+")") {
			t.Errorf("%s: %q", c.name, msg)
		}
		t.Logf("%s: found blocked after %v", c.name, time.Since(start).Round(time.Millisecond))
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: found blocked after %v, want well under a second", c.name, d)
		}
	}
	if _, ok := threadCPU(threadID()); !ok {
		return // no thread CPU time on this system: no fallback
	}
	// A wait the record does not name (here a syscall's: read from a
	// pipe nothing writes to) is found by the thread's CPU time: a thread
	// that spins gets some CPU time in a second however loaded the
	// machine; a blocked one gets none.
	oldBlocked := BlockedTimeout
	BlockedTimeout = time.Second
	defer func() { BlockedTimeout = oldBlocked }()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	msg, _, _ = guard(func() string {
		var b [1]byte
		syscall.Read(int(r.Fd()), b[:])
		return ""
	}, false)
	if !strings.Contains(msg, "blocked for 1s without using the CPU") {
		t.Errorf("block: %q", msg)
	}
}

// TestCorruptRingFoundAtOnce: runqget without its empty check, called by
// findRunnable in a lesson's scenario, once made the engine walk 2^32
// slots (minutes) and the learner read "an endless loop?". The engine now
// refuses the ring in the step that corrupts it, and the feedback names
// it, the last good event and both boards, in well under a second.
func TestCorruptRingFoundAtOnce(t *testing.T) {
	noEmpty := func(pp *rt.P) (rt.Guintptr, bool) {
		if next := pp.Runnext; next != 0 {
			pp.Runnext = 0
			return next, true
		}
		g := pp.Runq[pp.Runqhead%256]
		pp.Runqhead++
		return g, false
	}
	find := func(pp *rt.P, s *rt.Schedt) (rt.Guintptr, bool) {
		if pp.Schedtick%61 == 0 && !s.Runq.Empty() {
			return s.Runq.Pop(), false
		}
		if g, inh := noEmpty(pp); g != 0 {
			return g, inh
		}
		return runqgetref.FindRunnable(pp, s)
	}
	ex := Runqget(noEmpty, find)
	var lesson battery
	for _, b := range ex.batteries {
		if b.name == "lesson" {
			lesson = b
		}
	}
	start := time.Now()
	msg, _, _ := guard(lesson.tests[0].run, false)
	took := time.Since(start)
	t.Logf("found in %v", took.Round(time.Millisecond))
	if !strings.Contains(msg, "your findRunnable took from an empty ring: head == tail") || !strings.Contains(msg, "the last good event:") {
		t.Errorf("feedback:\n%s", msg)
	}
	if took > 10*time.Second {
		t.Errorf("found after %v, want well under a second (10 s allowed for a loaded machine)", took)
	}
}

// TestHangFoundInOneCall: a learner's function in an endless loop is
// found when one call has used HangBudget of CPU time (not the test's or
// the process's whole limit), whether the engine called it (a scenario)
// or a property test did, and the exercise's other tests are not run
// beside it: a runqput that never returns costs about HangBudget, not the
// grading process's CPU limit.
func TestHangFoundInOneCall(t *testing.T) {
	if _, ok := threadCPU(threadID()); !ok {
		t.Skip("no thread CPU time on this system")
	}
	old := HangBudget
	HangBudget = 300 * time.Millisecond
	defer func() { HangBudget = old }()
	var stop atomic.Bool
	defer stop.Store(true) // end the spinning goroutines
	spin := func(pp *rt.P, s *rt.Schedt, gp rt.Guintptr, next bool) {
		for !stop.Load() {
		}
	}
	ex := Runqput(spin)
	for _, b := range ex.batteries {
		if b.name != "lesson" {
			continue
		}
		start := time.Now()
		msg, _, stuck := guard(b.tests[0].run, false)
		t.Logf("engine's call: found in %v", time.Since(start).Round(time.Millisecond))
		if !stuck || !strings.HasPrefix(msg, "your runqput did not return within 300ms of CPU time") || !strings.Contains(msg, "lessons/") {
			t.Errorf("engine's call: stuck %v, feedback:\n%s", stuck, msg)
		}
	}
	start := time.Now()
	r := ex.Run()
	took := time.Since(start)
	t.Logf("the exercise: %d tests in %v", len(r.Tests), took.Round(time.Millisecond))
	if r.Status != StatusFail || !strings.Contains(r.Message, "did not return within 300ms of CPU") {
		t.Fatalf("%s %q", r.Status, r.Message)
	}
	if len(r.Tests) < 2 || r.Tests[0].Status != StatusFail {
		t.Fatalf("tests: %+v", r.Tests)
	}
	for _, tr := range r.Tests[1:] {
		if tr.Status != StatusFail || !strings.HasPrefix(tr.Message, "not run: your function did not return in "+r.Tests[0].Name) {
			t.Errorf("%s: %s %q", tr.Name, tr.Status, tr.Message)
		}
	}
	if r.Score != 0 {
		t.Errorf("score %d/%d: every rule has a test that did not run", r.Score, r.Total)
	}
	if took > 20*time.Second {
		t.Errorf("took %v, want about HangBudget (20 s allowed for a loaded machine)", took)
	}
}

// TestCreatedByLearner: a goroutine still alive that the learner's code
// started (its "created by" frame in an exercise's file, under go test or
// in a grading program's package) is found; the checker's and the Go
// runtime's own goroutines, and the exercise types' package, are not.
func TestCreatedByLearner(t *testing.T) {
	const dump = `goroutine 1 [chan receive]:
testing.(*T).Run(0xc000003880, {0x5a1b2c, 0x9}, 0x5b0c38)
	/usr/local/go/src/testing/testing.go:2005 +0x485
created by testing.(*T).Run in goroutine 1
	/usr/local/go/src/testing/testing.go:1997 +0x465

goroutine 7 [running]:
github.com/gmplab/gmplab/checker.guard.func1()
	/work/gmplab/checker/guard.go:60 +0x5f
created by github.com/gmplab/gmplab/checker.guard in goroutine 6
	/work/gmplab/checker/guard.go:56 +0x125

goroutine 9 [runnable]:
github.com/gmplab/gmplab/exercises/rt.helper()
	/work/gmplab/exercises/rt/rt.go:10 +0x1
created by github.com/gmplab/gmplab/exercises/rt.Start in goroutine 7
	/work/gmplab/exercises/rt/rt.go:12 +0x1
`
	if got := createdByLearner([]byte(dump)); got != "" {
		t.Errorf("the checker's own goroutines: %q", got)
	}
	for _, c := range []struct{ file, want string }{
		{"/home/ann/gmplab/exercises/05-preempt/preempt.go:14 +0x25", "preempt.spoil at exercises/05-preempt/preempt.go:14"},
		{"/tmp/x/github.com/gmplab/gmplab/internal/gradebuild/s12/preempt/preempt.go:14 +0x25", "preempt.spoil at preempt/preempt.go:14"},
	} {
		d := dump + "\ngoroutine 12 [running]:\nmain.loop()\n\t" + c.file + "\ncreated by github.com/gmplab/gmplab/exercises/05-preempt.spoil in goroutine 7\n\t" + c.file + "\n"
		d = strings.Replace(d, "github.com/gmplab/gmplab/exercises/05-preempt.spoil", "github.com/gmplab/gmplab/exercises/preempt.spoil", 1)
		if got := createdByLearner([]byte(d)); got != c.want {
			t.Errorf("%s: %q, want %q", c.file, got, c.want)
		}
	}
}
