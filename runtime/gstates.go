package runtime

// The goroutine state machine: every change of a G's status the engine
// makes, with the engine's functions that make it and the real runtime's
// (runtime/proc.go and its neighbours) that make the same change. It is
// the one place the transitions are declared: casgstatus refuses any other
// (a gmplab bug), TestGTransitionsAreTheCallSites checks that the engine's
// casgstatus calls make exactly these, and the diagrams read it
// (GStateMachine).
//
// Simplified: the real runtime also passes through _Gidle (malg's new g,
// then _Gdead), _Gcopystack (copystack), _Gpreempted (suspendG's
// preemptPark) and _Gscan bits (the GC scanning a stack); the model moves
// a stack without a status, preempts to _Grunnable directly
// (gopreempt_m's path) and scans without suspending (docs/assumptions.md).
var gTransitions = []stateRow[gstatus]{
	{_Gdead, _Grunnable, []site{rt("newproc1")}},
	{_Grunnable, _Grunning, []site{rt("execute")}},
	// The runtime's helper goroutines (forcegc, bgsweep…) run until they
	// park; the model's start-up parks them without running them.
	{_Grunnable, _Gwaiting, []site{own("startup", "startup")}},
	// stopTheWorld and gcstoplockedm: the model's instant stop of the
	// world for runtime.GOMAXPROCS, where the runtime preempts (preemptall)
	// and the G goes through goschedImpl.
	{_Grunning, _Grunnable, []site{as("gosched1", "goschedImpl"), as("goyield", "goyield_m"), as("exitsyscall", "exitsyscallNoP"), own("gcstoplockedm", "stopTheWorld"), own("stopTheWorld", "stopTheWorld")}},
	{_Grunning, _Gwaiting, []site{as("gopark", "park_m")}},
	// writeSyscall is fmt's write(2): syscall.Write's entersyscall.
	{_Grunning, _Gsyscall, []site{as("entersyscall", "reentersyscall"), as("writeSyscall", "reentersyscall")}},
	{_Grunning, _Gdead, []site{as("goexit0", "gdestroy")}},
	{_Gsyscall, _Grunning, []site{rt("exitsyscall")}},
	// netpollWake and runIdleGCWorker are parts of findRunnable's (its
	// blocking netpoll, its idle mark worker); readyAssist is
	// gcFlushBgCredit's ready of a parked assist.
	{_Gwaiting, _Grunnable, []site{rt("ready"), rt("injectglist"), as("netpollWake", "findRunnable"), rt("findRunnable"), rt("findRunnableGCWorker"), as("runIdleGCWorker", "findRunnable"), as("readyAssist", "ready")}},
}

// gEdge[old][new] reports whether casgstatus may move a G from old to new.
var gEdge = func() (e [len(gstatusNames)][len(gstatusNames)]bool) {
	for _, t := range gTransitions {
		e[t.from][t.to] = true
	}
	return e
}()

// GStateMachine is the goroutine state machine: the G statuses the engine
// uses, in the real runtime's order (runtime2.go's values), and the
// changes between them.
func GStateMachine() StateMachine {
	states, edges := transitions(gstatus.String, gTransitions)
	return StateMachine{Key: "g", Name: "goroutine", Title: "The goroutine state machine", Prefix: "_G", Boxes: "States", Setter: "casgstatus", Source: "runtime/gstates.go", States: states, Edges: edges,
		Intro: "A goroutine's status (g.atomicstatus) and the functions that change it, each through casgstatus (runtime/proc.go)."}
}
