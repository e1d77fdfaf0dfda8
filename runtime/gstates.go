package runtime

// The goroutine state machine: every change of a G's status the engine
// makes, with the functions that make it (each named after the real
// runtime's, runtime/proc.go and its neighbours, where one exists). It is
// the one place the transitions are declared: casgstatus refuses any other
// (a gmplab bug), TestGTransitionsAreTheCallSites checks that the engine's
// casgstatus calls make exactly these, and the diagrams read it
// (GTransitions).
//
// Simplified: the real runtime also passes through _Gidle (malg's new g,
// then _Gdead), _Gcopystack (copystack), _Gpreempted (suspendG's
// preemptPark) and _Gscan bits (the GC scanning a stack); the model moves
// a stack without a status, preempts to _Grunnable directly
// (gopreempt_m's path) and scans without suspending (docs/assumptions.md).
var gTransitions = []struct {
	from, to gstatus
	by       []string
}{
	{_Gdead, _Grunnable, []string{"newproc1"}},
	{_Grunnable, _Grunning, []string{"execute"}},
	{_Grunnable, _Gwaiting, []string{"startup"}},
	{_Grunning, _Grunnable, []string{"gosched1", "goyield", "exitsyscall", "gcstoplockedm", "stopTheWorld"}},
	{_Grunning, _Gwaiting, []string{"gopark"}},
	{_Grunning, _Gsyscall, []string{"entersyscall", "writeSyscall"}},
	{_Grunning, _Gdead, []string{"goexit0"}},
	{_Gsyscall, _Grunning, []string{"exitsyscall"}},
	{_Gwaiting, _Grunnable, []string{"ready", "injectglist", "netpollWake", "findRunnable", "findRunnableGCWorker", "runIdleGCWorker", "readyAssist"}},
}

// gEdge[old][new] reports whether casgstatus may move a G from old to new.
var gEdge = func() (e [len(gstatusNames)][len(gstatusNames)]bool) {
	for _, t := range gTransitions {
		e[t.from][t.to] = true
	}
	return e
}()

// GTransition is one edge of the goroutine state machine: a G's status
// From → To (the names gmplab prints: "running", "waiting"…), and the
// engine's functions that make the change.
type GTransition struct {
	From, To string
	By       []string
}

// GStates returns the G statuses the engine uses, in the real runtime's
// order (runtime2.go's values), and GTransitions the changes between them.
func GStates() []string {
	var used [len(gstatusNames)]bool
	for _, t := range gTransitions {
		used[t.from], used[t.to] = true, true
	}
	var out []string
	for s, u := range used {
		if u {
			out = append(out, gstatus(s).String())
		}
	}
	return out
}

// GTransitions returns the goroutine state machine's edges, in gTransitions'
// order.
func GTransitions() []GTransition {
	out := make([]GTransition, len(gTransitions))
	for i, t := range gTransitions {
		out[i] = GTransition{From: t.from.String(), To: t.to.String(), By: append([]string(nil), t.by...)}
	}
	return out
}
