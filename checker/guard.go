package checker

import (
	"fmt"
	"regexp"
	goruntime "runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gmplab/gmplab/exercises/rt"
)

// CallTimeout bounds the CPU time of one test. The engine is
// deterministic and every run is bounded by steps (runtime.Config.MaxSteps),
// so only a learner's function that never returns reaches it. It is CPU
// time of the test's own thread (where Linux tells it), not wall-clock
// time, so that a loaded machine does not fail a slow but correct test;
// wallFactor times it in wall-clock time is the last resort.
var CallTimeout = 10 * time.Second

const wallFactor = 20

// guard runs f, turning a panic into feedback with the learner's frames
// and a hang into feedback after CallTimeout. notStarted reports rt.TODO.
func guard(f func() string) (msg string, notStarted bool) {
	type outcome struct {
		msg        string
		notStarted bool
	}
	done := make(chan outcome, 1)
	tid := make(chan int, 1)
	go func() {
		goruntime.LockOSThread() // the thread's CPU time is the test's
		tid <- threadID()
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(rt.NotStarted); ok {
					done <- outcome{notStarted: true}
					return
				}
				done <- outcome{msg: panicMessage(r, debug.Stack())}
			}
		}()
		done <- outcome{msg: f()}
	}()
	id := <-tid
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	wall := time.After(wallFactor * CallTimeout)
	blockedAfter := BlockedTimeout
	var lastCPU time.Duration
	lastChange := time.Now()
	for {
		select {
		case o := <-done:
			return o.msg, o.notStarted
		case <-tick.C:
			cpu, ok := threadCPU(id)
			if ok && cpu > CallTimeout {
				return hung(CallTimeout.String() + " of CPU"), false
			}
			if ok && cpu != lastCPU {
				lastCPU, lastChange = cpu, time.Now()
			} else if ok && time.Since(lastChange) > blockedAfter {
				return blocked(blockedAfter), false
			}
		case <-wall:
			return hung((wallFactor * CallTimeout).String()), false
		}
	}
}

// BlockedTimeout is how long a test's thread may use no CPU at all before
// the test fails as blocked (a channel operation or a select that nothing
// answers): a thread that runs, however loaded the machine, gets some CPU
// time in that long; one whose goroutine is blocked gets none. The wall-
// clock limit would otherwise take wallFactor times CallTimeout.
var BlockedTimeout = 10 * time.Second

// blocked is the feedback for a function whose goroutine blocked.
func blocked(after time.Duration) string {
	return "your function has been blocked for " + after.String() + " without using the CPU: a channel operation or a select that nothing answers? (the checker carries on; this test fails)"
}

// hung is the feedback for a function that did not return. Its goroutine
// cannot be stopped and keeps a CPU busy until the process ends; gmplab
// grade runs each exercise in its own process.
func hung(limit string) string {
	return "your function did not return within " + limit + ": an endless loop? (the checker carries on; this test fails)"
}

// panicMessage explains a recovered panic: the engine's invariant checks
// mean the learner's function left the state corrupt; anything else is the
// learner's function panicking.
func panicMessage(r any, stack []byte) string {
	s := fmt.Sprint(r)
	frames := learnerFrames(stack)
	var b strings.Builder
	switch {
	case strings.HasPrefix(s, "checkInvariants:"), strings.HasPrefix(s, "hook:"):
		b.WriteString("your function left the scheduler's state corrupt (the engine checks it after every event):\n  " + s + "\n")
	default:
		b.WriteString("your function panicked: " + s + "\n")
	}
	if frames != "" {
		b.WriteString("in your code:\n" + frames)
	}
	return b.String()
}

var stackFile = regexp.MustCompile(`^\s+(\S*/(exercises/[^ ]+\.go:\d+|internal/gradebuild/s\d+/[^ ]+\.go:\d+))`)

// gradebuild is where gmplab grade compiles a submission's files.
var gradebuild = regexp.MustCompile(`^internal/gradebuild/s\d+/`)

// learnerFrames keeps the stack's frames in an exercise's own files (not
// rt, not tests), with paths from exercises/.
func learnerFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	var b strings.Builder
	for i := 1; i < len(lines); i++ {
		m := stackFile.FindStringSubmatch(lines[i])
		if m == nil || strings.Contains(m[2], "exercises/rt/") || strings.Contains(m[2], "_test.go") {
			continue
		}
		fn := strings.TrimSpace(lines[i-1])
		if j := strings.LastIndex(fn, "("); j > 0 {
			fn = fn[:j]
		}
		if k := strings.LastIndex(fn, "/"); k >= 0 {
			fn = fn[k+1:]
		}
		b.WriteString("  " + fn + "\n      " + gradebuild.ReplaceAllString(m[2], "") + "\n")
	}
	return b.String()
}
