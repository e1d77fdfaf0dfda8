package checker

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

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
	if _, ok := threadCPU(threadID()); !ok {
		return // no thread CPU time on this system: no block detection
	}
	// A thread that spins gets some CPU time in a second however loaded
	// the machine; a blocked one gets none.
	oldBlocked := BlockedTimeout
	CallTimeout, BlockedTimeout = time.Minute, time.Second
	defer func() { BlockedTimeout = oldBlocked }()
	msg, _ = guard(func() string {
		<-make(chan bool)
		return ""
	})
	if !strings.Contains(msg, "blocked for 1s without using the CPU") {
		t.Errorf("block: %q", msg)
	}
}
