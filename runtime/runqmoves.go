package runtime

// The run queues drawn as a figure: where a runnable goroutine can wait
// (a P's runnext slot, its 256-slot ring, the global queue) and every move
// between them and to running that the engine makes, each labelled with
// the engine's function that makes it and the real runtime's that makes
// the same move (runtime/proc.go). It is the one place the moves are
// declared for the diagrams (RunqMoves, diagram q in a lesson);
// TestRunqMovesAreTheCallSites reads the engine's source and holds the
// table to it: every function that puts a G into runnext, a ring or the
// global queue is a move into that place, and every move's function puts
// its G there (or, for running, takes it from where the move starts).
//
// Simplified: the places are a P's own queues; "another P" is any other
// P's runnext and ring, which runqsteal takes from (runqgrab). The
// model's start-up fills the queues main.main starts with
// (runtime/startup.go) without a move, and an exercise's hooks
// (runtime/hooks.go) may replace the functions drawn here.
type runqPlace uint8

const (
	qMadeRunnable runqPlace = iota // a G a go statement, a wake-up or a preemption has just made runnable
	qRunnext                       // p.runnext: one G, run next, inheriting the time slice
	qRing                          // p.runq: the 256-slot ring, runqhead to runqtail
	qGlobal                        // sched.runq: the global queue, under sched.lock
	qOtherP                        // another P's runnext and ring (runqsteal's victim)
	qRunning                       // execute: the G runs on this P
)

var runqPlaceNames = [...]string{
	qMadeRunnable: "made runnable", qRunnext: "runnext", qRing: "ring", qGlobal: "global queue",
	qOtherP: "another P", qRunning: "running",
}

func (q runqPlace) String() string { return runqPlaceNames[q] }

// runqMoves is every move of a runnable G the engine makes between the
// places, with the engine's functions (the first name, which the tests
// find in the engine's source) and the real runtime's (the diagrams'
// labels).
var runqMoves = []stateRow[runqPlace]{
	// newproc and ready: runqput(pp, gp, next=true); the G already in
	// runnext is kicked to the ring's tail.
	{qMadeRunnable, qRunnext, []site{as("runqputnext", "runqput")}},
	{qRunnext, qRing, []site{as("runqputkicked", "runqput")}},
	// runqput(next=false); netpoll's and a timer's Gs (injectglist) go to
	// the current P's ring once idle Ps have had theirs.
	{qMadeRunnable, qRing, []site{as("runqputtail", "runqput"), rt("injectglist")}},
	// Gosched, a preemption, exitsyscall without a P, injectglist with
	// idle Ps, and every put of the GM model (no procs layer).
	{qMadeRunnable, qGlobal, []site{rt("globrunqput")}},
	// A full ring: its older half and the new G (runqputslow); a P that
	// GOMAXPROCS removes ((*p).destroy); a dedicated GC mark worker's P
	// (gcBgMarkWorker: runqdrain, globrunqputbatch).
	{qRing, qGlobal, []site{rt("runqputslow"), as("pdestroy", "(*p).destroy"), as("runqKick", "runqdrain")}},
	{qRunnext, qGlobal, []site{as("pdestroy", "(*p).destroy"), as("runqKick", "runqdrain")}},
	// findRunnable: runnext first (inheritTime), then the ring's head;
	// one from the global queue every 61 schedticks, else a batch when
	// the local queue is empty; a steal from another P's head.
	{qRunnext, qRunning, []site{rt("runqget")}},
	{qRing, qRunning, []site{rt("runqget")}},
	{qGlobal, qRunning, []site{rt("globrunqget"), rt("globrunqgetbatch")}},
	{qGlobal, qRing, []site{rt("globrunqgetbatch"), as("globrunqgetbatch", "runqputbatch")}},
	{qOtherP, qRing, []site{rt("runqsteal")}},
	{qOtherP, qRunning, []site{rt("runqsteal")}},
}

// RunqMoves is the run queues as a figure: the places a runnable G waits
// in and the moves between them (diagram q).
func RunqMoves() StateMachine {
	states, edges := transitions(runqPlace.String, runqMoves)
	return StateMachine{Key: "q", Name: "run queue", Title: "The run queues", Boxes: "Places", Source: "runtime/runqmoves.go", States: states, Edges: edges,
		Intro: "Where a runnable goroutine waits (a P's runnext slot and 256-slot ring, the global queue) and the functions that move it, as findRunnable and runqput order them."}
}
