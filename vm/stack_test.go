package vm

// The scheduler's stack constants (runtime/stack.go), for the tests' tiny
// driver that plays the scheduler.
const (
	fixedStack       = 2048
	stackGuard       = 928
	stackPreempt     = 0xfffffffffffffade
	initialStackUsed = 32 + 8
)
