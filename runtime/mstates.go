package runtime

import "github.com/gmplab/gmplab/vm"

// The M state machine. The real runtime has no M status field: what an M
// is doing is read from the fields it uses (m.p, m.spinning, whether the
// M is on sched.midle (mput, mget), m.lockedg with stoplockedm's sleep,
// its curg's _Gsyscall, a blocking netpoll with no P). mshowOf derives the
// state gmplab shows from the engine's equivalents, and mTransitions is
// every change between those states the engine makes, labelled with the
// real runtime's functions that make it. The engine refuses any other
// change as a gmplab bug: with Config.Check, checkMTransitions compares
// every M's state after each action with the one it saw before
// (TestMTransitionsAreTaken runs the engine's tests and holds the table to
// exactly the changes they make; TestMTransitionFuncsChangeAnM holds each
// function to the engine's source).
//
// Simplified: a new M (newm, when startm finds no idle M) starts as an
// idle one, and an M startm hands a P to (notewakeup; the engine's
// mWaking) is already spinning or running. The sysmon thread runs without
// a P and is not drawn. Within one action an M may pass through a state
// the machine does not show (an M that drops its P in findRunnable and
// stops in the same action goes running → idle).
type mshow uint8

const (
	mshowIdle       mshow = iota // on sched.midle, asleep in stopm (or new)
	mshowSpinning                // m.spinning: it has a P and looks for work
	mshowRunning                 // it has a P and runs a G or schedule
	mshowSyscall                 // its G is in a system call; its P stays attached (Go 1.26)
	mshowSyscallNoP              // its G is in a system call and its P was taken (retake, a stop of the world)
	mshowNetpoll                 // blocked in netpoll without a P (findRunnable)
	mshowLocked                  // asleep in stoplockedm until its locked G can run
	mshowExited                  // exited (mexit: a locked G ended on it)
	mshowNone                    // the sysmon thread: not a scheduling M
)

var mshowNames = [...]string{
	mshowIdle: "idle", mshowSpinning: "spinning", mshowRunning: "running", mshowSyscall: "syscall",
	mshowSyscallNoP: "syscall (no P)", mshowNetpoll: "netpoll", mshowLocked: "locked", mshowExited: "exited",
	mshowNone: "sysmon",
}

func (s mshow) String() string { return mshowNames[s] }

// mshowOf is the state the M state machine shows M mi in.
func (mc *Machine) mshowOf(mi int32) mshow {
	M := &mc.allm[mi]
	switch {
	case mi == mc.sysmonM:
		return mshowNone
	case M.exited:
		return mshowExited
	case M.lockedPark:
		return mshowLocked
	}
	switch M.state {
	case mParked:
		return mshowIdle
	case mSyscall:
		if M.p != nilIdx {
			return mshowSyscall
		}
		return mshowSyscallNoP
	case mNetpoll:
		return mshowNetpoll
	}
	if M.spinning {
		return mshowSpinning
	}
	return mshowRunning
}

var mTransitions = []stateRow[mshow]{
	{mshowIdle, mshowSpinning, []site{rt("startm")}},
	{mshowIdle, mshowRunning, []site{rt("startm")}},
	{mshowSpinning, mshowRunning, []site{rt("resetspinning")}},
	{mshowSpinning, mshowIdle, []site{rt("stopm"), rt("gcstopm"), own("stopTheWorld", "stopTheWorld")}},
	{mshowRunning, mshowIdle, []site{rt("stopm"), rt("gcstopm"), own("stopTheWorld", "stopTheWorld")}},
	{mshowSpinning, mshowNetpoll, []site{as("netpollBlock", "findRunnable")}},
	{mshowRunning, mshowNetpoll, []site{as("netpollBlock", "findRunnable")}},
	{mshowNetpoll, mshowRunning, []site{as("netpollWake", "findRunnable")}},
	{mshowNetpoll, mshowIdle, []site{rt("stopm")}},
	{mshowRunning, mshowSyscall, []site{as("entersyscall", "reentersyscall"), as("writeSyscall", "reentersyscall")}},
	{mshowSyscall, mshowRunning, []site{rt("exitsyscall")}},
	{mshowSyscall, mshowSyscallNoP, []site{rt("takeP"), rt("stopTheWorldWithSema"), own("stopTheWorld", "stopTheWorld")}},
	{mshowSyscallNoP, mshowRunning, []site{rt("exitsyscall")}},
	{mshowSyscallNoP, mshowIdle, []site{as("stopm", "stopm")}},
	{mshowSyscallNoP, mshowLocked, []site{rt("stoplockedm")}},
	{mshowRunning, mshowLocked, []site{rt("stoplockedm")}},
	{mshowLocked, mshowRunning, []site{rt("startlockedm")}},
	{mshowRunning, mshowExited, []site{rt("mexit")}},
}

// mEdge[from][to] is the index plus one of mTransitions' row from → to.
var mEdge = edgeSet(int(mshowNone)+1, mTransitions)

// mTransitionSeen, when set (tests), is told of every change of an M's
// state checkMTransitions sees.
var mTransitionSeen func(from, to mshow)

// checkMTransitions compares every M's state with the one it was last
// seen in; a change mTransitions does not have is a gmplab bug.
func (mc *Machine) checkMTransitions() {
	for i := range mc.allm {
		M := &mc.allm[i]
		s := mc.mshowOf(int32(i))
		if s == M.shown {
			continue
		}
		if mEdge[M.shown][s] == 0 && M.shown != mshowNone && s != mshowNone {
			panic("checkMTransitions: M" + vm.Itoa(int64(i)) + " " + M.shown.String() + " → " + s.String() + " is not in the state machine (runtime/mstates.go: mTransitions)")
		}
		if mTransitionSeen != nil {
			mTransitionSeen(M.shown, s)
		}
		M.shown = s
	}
}

// MStateMachine is the M state machine: the states gmplab shows an M in,
// derived from its fields, and the changes between them.
func MStateMachine() StateMachine {
	states, edges := transitions(mshow.String, mTransitions)
	return StateMachine{Key: "m", Name: "M", Title: "The M state machine", Boxes: "States", Setter: "checkMTransitions", Source: "runtime/mstates.go", States: states, Edges: edges,
		Intro: "What an M (a thread) is doing, read from its fields (m.p, m.spinning, sched.midle, m.lockedg; the real runtime has no M status), and the functions that change it."}
}
