package checker

import (
	"bytes"
	"fmt"
	"regexp"
	goruntime "runtime"
	"runtime/debug"
	"strconv"
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

// guard runs f, turning a panic into feedback with the learner's frames,
// a blocked goroutine into feedback within about a quarter of a second,
// and a hang into feedback after CallTimeout. notStarted reports rt.TODO,
// and msg then names the function that called it.
//
// A blocked function is found by the Go runtime's own record of the
// goroutine: its wait reason (chan receive, select, sync.Mutex.Lock, …),
// read from runtime.Stack every blockedPoll. The exercises' functions are
// pure computation (their imports are checked), so a goroutine of theirs
// that waits for blockedPolls samples in a row waits for something that
// will not come. The engine itself never blocks: every one of its runs is
// bounded by steps. The thread's CPU time is the fallback for a wait the
// record does not name (BlockedTimeout without using the CPU).
//
// A learner's function the engine called (instrument) that has used
// HangBudget of CPU time in one call without returning is an endless
// loop, found in about that long rather than after CallTimeout; so is a
// test that calls the learner's functions itself (direct: the property
// batteries, which take milliseconds) when it has used HangBudget in all.
// Either leaves the function running on a goroutine nothing can stop:
// stuck says so, and the caller runs no more tests beside it.
func guard(f func() string, direct bool) (msg string, notStarted, stuck bool) {
	type outcome struct {
		msg        string
		notStarted bool
	}
	done := make(chan outcome, 1)
	type ids struct{ tid, gid int }
	started := make(chan ids, 1)
	current.Store(nil)
	go func() {
		goruntime.LockOSThread() // the thread's CPU time is the test's
		started <- ids{threadID(), goid()}
		defer func() {
			if r := recover(); r != nil {
				if ns, ok := r.(rt.NotStarted); ok {
					done <- outcome{msg: ns.Func, notStarted: true}
					return
				}
				done <- outcome{msg: panicMessage(r, debug.Stack())}
			}
		}()
		done <- outcome{msg: f()}
	}()
	id := <-started
	tick := time.NewTicker(blockedPoll)
	defer tick.Stop()
	wall := time.After(wallFactor * CallTimeout)
	blockedAfter := BlockedTimeout
	var lastCPU time.Duration
	lastChange := time.Now()
	waits, lastWait := 0, ""
	callSeq, callCPU := int64(-1), time.Duration(0) // the call in progress, and the CPU time when first seen
	for {
		select {
		case o := <-done:
			if o.msg == "" && !o.notStarted {
				if made := learnerGoroutine(); made != "" {
					return startedGoroutine(made), false, true
				}
			}
			return o.msg, o.notStarted, false
		case <-tick.C:
			if reason, stack := goroutineWait(id.gid); reason != "" && reason == lastWait {
				if waits++; waits >= blockedPolls {
					return blockedOn(reason, stack) + at(), false, false
				}
			} else {
				waits, lastWait = 0, reason
			}
			cpu, ok := threadCPU(id.tid)
			if !ok {
				continue
			}
			if cpu > CallTimeout {
				return hung(CallTimeout.String()+" of CPU") + at(), false, true
			}
			if inLearner.depth.Load() > 0 {
				if seq := inLearner.seq.Load(); seq != callSeq {
					callSeq, callCPU = seq, cpu
				} else if cpu-callCPU > HangBudget {
					return hungIn(*inLearner.fn.Load()) + at(), false, true
				}
			} else {
				callSeq = -1
			}
			if direct && cpu > HangBudget {
				return hung(HangBudget.String()+" of CPU") + at(), false, true
			}
			if cpu != lastCPU {
				lastCPU, lastChange = cpu, time.Now()
			} else if time.Since(lastChange) > blockedAfter {
				return blocked(blockedAfter) + at(), false, false
			}
		case <-wall:
			return hung((wallFactor * CallTimeout).String()), false, true
		}
	}
}

// HangBudget is the CPU time one call of a learner's function may use
// (and a test that calls them itself, in all) before it counts as an
// endless loop. The reference solutions' calls take microseconds, and
// their longest property test 80 ms.
var HangBudget = time.Second

// hungIn is the feedback for a learner's function fn, called by the
// engine, that did not return.
func hungIn(fn string) string {
	return "your " + fn + " " + DidNotReturn + " " + HangBudget.String() + " of CPU time: an endless loop? (a call takes microseconds; nothing can stop it, so this exercise's other tests do not run)"
}

// at names the scenario run the test's goroutine was in, on a line of
// its own, or "".
func at() string {
	if w := where(); w != "" {
		return "\n" + w + "\n"
	}
	return ""
}

// blockedPoll and blockedPolls: a goroutine seen waiting for the same
// reason blockedPolls times in a row, blockedPoll apart, is blocked.
const (
	blockedPoll  = 50 * time.Millisecond
	blockedPolls = 5
)

// blockingWaits are the wait reasons (runtime2.go: waitReasonStrings) of
// a goroutine that waits for another goroutine.
var blockingWaits = []string{"chan receive", "chan send", "select", "sync.Mutex.Lock", "sync.RWMutex.Lock",
	"sync.RWMutex.RLock", "sync.WaitGroup.Wait", "sync.Cond.Wait", "semacquire", "sleep", "sync.(*Mutex).Lock"}

// goroutineWait returns goroutine gid's wait reason when it is one of
// blockingWaits, and its stack; "" when it runs or is gone.
func goroutineWait(gid int) (reason string, stack []byte) {
	buf := make([]byte, 1<<16)
	for {
		n := goruntime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	head := []byte("goroutine " + strconv.Itoa(gid) + " [")
	i := bytes.Index(buf, head)
	if i < 0 {
		return "", nil
	}
	rest := buf[i+len(head):]
	end := bytes.IndexByte(rest, ']')
	if end < 0 {
		return "", nil
	}
	state, _, _ := strings.Cut(string(rest[:end]), ",") // "chan receive, 2 minutes"
	for _, w := range blockingWaits {
		if state == w || strings.HasPrefix(state, w+" (") { // "chan receive (nil chan)"
			block := buf[i:]
			if j := bytes.Index(block, []byte("\n\n")); j >= 0 {
				block = block[:j]
			}
			return state, block
		}
	}
	return "", nil
}

// learnerGoroutine says where a goroutine that is still alive was started
// by the learner's code ("go" in one of the exercise's files: the stack's
// "created by" frame), or "". Exercise code computes where the engine
// calls it; a goroutine of its own runs beside the checker (spinning or
// printing forever, the hostile submissions of the class) and nothing can
// stop it. It is looked for when a test has passed, so that one that is
// still running then fails that test, whatever the machine's load.
func learnerGoroutine() string {
	buf := make([]byte, 1<<16)
	for {
		n := goruntime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	return createdByLearner(buf)
}

// createdByLearner is learnerGoroutine on a dump of every goroutine's
// stack (runtime.Stack's).
func createdByLearner(dump []byte) string {
	lines := strings.Split(string(dump), "\n")
	for i := 0; i+1 < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "created by ") {
			continue
		}
		m := stackFile.FindStringSubmatch(lines[i+1])
		if m == nil || strings.Contains(m[2], "exercises/rt/") || strings.Contains(m[2], "_test.go") {
			continue
		}
		fn, _, _ := strings.Cut(strings.TrimPrefix(lines[i], "created by "), " in goroutine")
		if k := strings.LastIndex(fn, "/"); k >= 0 {
			fn = fn[k+1:]
		}
		return fn + " at " + gradebuild.ReplaceAllString(m[2], "")
	}
	return ""
}

// startedGoroutine is the feedback for a function that started a
// goroutine that is still alive when its test ended.
// DidNotReturn is in the message of a test whose learner's function used
// its CPU time without returning (hung, hungIn).
const DidNotReturn = "did not return within"

func startedGoroutine(where string) string {
	return "your function started a goroutine that still runs (go statement in " + where + "): exercise code runs where the engine calls it, on one M at a time, and nothing can stop a goroutine, so this exercise's other tests do not run"
}

// goid is the calling goroutine's id, from its stack's first line.
func goid() int {
	var buf [64]byte
	b := buf[:goruntime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	n, _ := strconv.Atoi(string(b[:max(0, bytes.IndexByte(b, ' '))]))
	return n
}

// blockedOn is the feedback for a function whose goroutine waits (reason)
// for something nothing will do; stack is its goroutine's stack.
func blockedOn(reason string, stack []byte) string {
	msg := "your function is blocked (" + reason + ") and nothing will wake it: a channel operation, a select or a lock that nothing answers (the Go runtime's record of its goroutine says so; the checker carries on, this test fails)\n"
	if frames := learnerFrames(stack); frames != "" {
		msg += "in your code:\n" + frames
	}
	return msg
}

// BlockedTimeout is how long a test's thread may use no CPU at all before
// the test fails as blocked, for a wait goroutineWait does not name: a
// thread that runs, however loaded the machine, gets some CPU time in that
// long; one whose goroutine is blocked gets none. The wall-clock limit
// would otherwise take wallFactor times CallTimeout.
var BlockedTimeout = 10 * time.Second

// blocked is the feedback for a function whose goroutine blocked.
func blocked(after time.Duration) string {
	return "your function has been blocked for " + after.String() + " without using the CPU: a channel operation or a select that nothing answers? (the checker carries on; this test fails)"
}

// hung is the feedback for a function that did not return. Its goroutine
// cannot be stopped and keeps a CPU busy until the process ends, so the
// exercise's other tests are not run beside it (Exercise.Run); gmplab
// grade runs each exercise in its own process.
func hung(limit string) string {
	return "your function " + DidNotReturn + " " + limit + ": an endless loop? (nothing can stop it, so this exercise's other tests do not run)"
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

// stackFile matches a frame in an exercise's folder (exercises/NN-name/,
// not the checkout's own folder, which may be called exercises too) or in
// a submission's package of gmplab grade.
var stackFile = regexp.MustCompile(`^\s+(\S*/(exercises/\d\d-[^ ]+\.go:\d+|internal/gradebuild/s\d+/[^ ]+\.go:\d+))`)

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
