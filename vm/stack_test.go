package vm

import "testing"

// The scheduler's stack constants (runtime/stack.go), for the tests' tiny
// driver that plays the scheduler.
const (
	fixedStack       = 2048
	stackGuard       = 928
	stackPreempt     = 0xfffffffffffffade
	initialStackUsed = 32 + 8
)

// proc.go: goexit0 → gfput frees a stack that is not the starting size; a
// dead G's Thread drops its big frames and values the same way, and keeps
// small ones for reuse.
func TestClearDropsBigCode(t *testing.T) {
	var th Thread
	th.frames = make([]frame, 3, 1000)
	th.vals = make([]Value, 5, 100000)
	th.Clear()
	if th.frames != nil || th.vals != nil {
		t.Errorf("kept frames cap %d, vals cap %d", cap(th.frames), cap(th.vals))
	}
	th.frames = make([]frame, 3, 8)
	th.vals = make([]Value, 5, 64)
	th.Clear()
	if cap(th.frames) != 8 || len(th.frames) != 0 || cap(th.vals) != 64 || len(th.vals) != 0 {
		t.Errorf("small: frames %d/%d vals %d/%d", len(th.frames), cap(th.frames), len(th.vals), cap(th.vals))
	}
}
