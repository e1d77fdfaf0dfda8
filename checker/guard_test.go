package checker

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gmplab/gmplab/exercises/rt"
)

// TestGuard: a panic and a hang in the learner's code each fail the test
// with a message, and rt.TODO means not started.
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
}
