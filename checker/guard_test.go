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
	msg, ns := guard(func() string { var m map[int]int; m[1] = 1; return "" })
	if ns || !strings.HasPrefix(msg, "your function panicked: assignment to entry in nil map") {
		t.Errorf("panic: %q", msg)
	}
	if _, ns := guard(func() string { rt.TODO("f"); return "" }); !ns {
		t.Error("rt.TODO is not reported as not started")
	}
	old := CallTimeout
	CallTimeout = 300 * time.Millisecond
	defer func() { CallTimeout = old }()
	var stop atomic.Bool
	defer stop.Store(true) // end the spinning goroutine
	msg, _ = guard(func() string {
		for !stop.Load() {
		}
		return ""
	})
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
		msg, _ = guard(func() string { c.f(); return "" })
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
	msg, _ = guard(func() string {
		var b [1]byte
		syscall.Read(int(r.Fd()), b[:])
		return ""
	})
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
	msg, _ := guard(lesson.tests[0].run)
	took := time.Since(start)
	t.Logf("found in %v", took.Round(time.Millisecond))
	if !strings.Contains(msg, "your findRunnable took from an empty ring: head == tail") || !strings.Contains(msg, "the last good event:") {
		t.Errorf("feedback:\n%s", msg)
	}
	if took > 10*time.Second {
		t.Errorf("found after %v, want well under a second (10 s allowed for a loaded machine)", took)
	}
}
