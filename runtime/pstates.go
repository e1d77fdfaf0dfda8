package runtime

import "github.com/gmplab/gmplab/vm"

// The P state machine: every change of a P's status the engine makes,
// with the engine's functions that make it and the real runtime's that
// make the same change. The real runtime has no caspstatus: it assigns
// pp.status in wirep (acquirep), releasepNoTrace (releasep), procresize,
// (*p).init and (*p).destroy, stopTheWorldWithSema, gcstopm, handoffp,
// entersyscallHandleGCWait and syscallingThread.releaseP (takeP, gcstopP).
// The engine makes every change through setpstatus, which refuses one
// this table does not have (a gmplab bug);
// TestPTransitionsAreTheCallSites reads every setpstatus call in the
// engine's source and holds the table to exactly them.
//
// In Go 1.26 a P has no _Psyscall (runtime2.go: _Psyscall_unused): a P
// whose M is in a system call stays _Prunning until retake or a stop of
// the world takes it (syscallingThread.takeP, gcstopP).
//
// Simplified: the real (*p).init makes a P _Pgcstop before procresize
// makes it _Pidle; the model's new or revived P is _Pidle at once. The
// model's stop of the world for runtime.GOMAXPROCS (stopTheWorld,
// gcstopmNow, gcstoplockedm) is instant and leaves the Ps _Pidle, where
// the runtime's stopTheWorldWithSema makes them _Pgcstop
// (docs/assumptions.md).
var pTransitions = []stateRow[pstatus]{
	{_Pidle, _Prunning, []site{rt("acquirep"), as("New", "procresize"), rt("procresize"), own("startup", "startup")}},
	{_Prunning, _Pidle, []site{rt("releasep"), rt("procresize"), rt("takeP"), own("startup", "startup"), own("stopTheWorld", "stopTheWorld"), own("gcstopmNow", "stopTheWorld"), own("gcstoplockedm", "stopTheWorld")}},
	{_Prunning, _Pgcstop, []site{rt("stopTheWorldWithSema"), as("gcstopP", "entersyscallHandleGCWait")}},
	{_Pidle, _Pgcstop, []site{rt("stopTheWorldWithSema"), rt("gcstopm"), as("gcstopP", "handoffp")}},
	{_Pgcstop, _Pidle, []site{rt("procresize")}},
	{_Pgcstop, _Prunning, []site{as("startTheWorldWithSema", "procresize")}},
	{_Pidle, _Pdead, []site{as("pdestroy", "(*p).destroy")}},
	{_Pdead, _Pidle, []site{rt("procresize")}},
}

// pEdge[old][new] is the index plus one of pTransitions' row old → new.
var pEdge = edgeSet(int(_Pdead)+1, pTransitions)

// setpstatus makes P pp's status new; by is the engine function that
// does it (the tests hold it to the caller's name). Assigning a P the
// status it has is no change (procresize makes every P it keeps _Pidle).
// A change pTransitions does not list, or one by a function its row does
// not name, is a bug of gmplab's.
func (mc *Machine) setpstatus(pp int32, new pstatus, by string) {
	P := &mc.allp[pp]
	old := P.status
	if old == new {
		return
	}
	if i := pEdge[old][new]; i == 0 || !bySite(pTransitions[i-1].by, by) {
		panic("setpstatus: P" + vm.Itoa(int64(pp)) + " " + old.String() + " → " + new.String() + " by " + by + " is not in the state machine (runtime/pstates.go: pTransitions)")
	}
	P.status = new
}

// bySite reports whether fn is one of the sites.
func bySite(sites []site, fn string) bool {
	for _, s := range sites {
		if s.fn == fn {
			return true
		}
	}
	return false
}

// PStateMachine is the P state machine: the P statuses the engine uses,
// in the real runtime's order, and the changes between them.
func PStateMachine() StateMachine {
	states, edges := transitions(pstatus.String, pTransitions)
	return StateMachine{Key: "p", Name: "P", Title: "The P state machine", Prefix: "_P", Boxes: "States", Setter: "setpstatus", Source: "runtime/pstates.go", States: states, Edges: edges,
		Intro: "A P's status (p.status) and the functions that assign it. In Go 1.26 a P whose M is in a system call stays _Prunning."}
}
