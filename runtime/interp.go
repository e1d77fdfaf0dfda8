package runtime

// The interpreter: runs a G's Go code (its frames, locals and operands) until
// something needs the scheduler. It never touches scheduler state (queues,
// Ps, Ms, other Gs) and never reads the clock; the scheduler charges
// CostInstr per instruction it reports.

// execStop says why exec returned.
type execStop uint8

const (
	// stopBudget: budget instructions ran; the G can go on.
	stopBudget execStop = iota
	// stopSched: the top frame's pc is at a scheduler op (Op.IsSched);
	// the scheduler performs it (intrinsics.go) and advances the pc.
	stopSched
	// stopExit: the entry function returned (all defers ran): goexit.
	stopExit
	// stopMorestack: the prologue check of a call failed (SP ≤ stackguard0
	// with the StackSmall/StackBig shapes of obj6.go: stacksplit).
	// gp.morestackFn names the callee; the pc is still at the call, which
	// is executed again after newstack grew the stack or the G was
	// preempted and resumed.
	stopMorestack
	// stopPanic: the G panicked (gp.panicMsg, gp.panicPos) and its
	// deferred calls have all run.
	stopPanic
)
