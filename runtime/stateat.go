package runtime

// The state at event N.
//
// One engine step (one action of one M) can make several events: a
// findRunnable that takes a G and executes it, a go statement that kicks
// runnext and wakes an M. The state a learner sees at event N must be the
// machine right after event N and before event N+1, even when N+1 comes from
// the same step.
//
// Design: every emit is placed after the mutations the event reports and
// before the mutations of the next one (the rules' code is ordered so: see
// newproc, ready, goschedImpl, goexit0, gopark, execute, startm, runqput).
// The engine can then record, inside emit, the State of the machine as it is
// at that instant. Nobody pays for it unless asked: WatchState(N) records the
// state after event N only, RecordStates records it after every event (the
// debugger's conditions), and StateAt returns what was recorded for the
// current step. A caller that stands at event N without a recorded state
// (the debugger after `continue`) re-runs the step from a snapshot taken
// between steps, with a watch on N (debugger/snapshot.go). The check in emit
// is one predictable branch per event (the 1,000,000-goroutine benchmark
// does not move).
//
// Rejected: splitting every step so that it makes at most one event (the
// rules are written as the runtime's functions, which decide several things
// in one call: cutting findRunnable or newproc into resumable pieces would
// make them unreadable next to proc.go); running each step on a host
// coroutine that pauses in emit (iter.Pull: a paused coroutine cannot be
// cloned for snapshots, and a host goroutine per step is slow and not
// deterministic to snapshot); computing the State after every event always
// (it copies every G: the 1,000,000-goroutine run would be quadratic); an
// undo log from the end of the step back to event N (every mutation would
// have to carry its inverse).

// stateWatch says which events' states emit records.
type stateWatch struct {
	on     bool     // seq > 0 or all
	seq    int64    // record the state after this event
	all    bool     // record the state after every event
	states []*State // parallel to Machine.pending; nil: not recorded
	// queues: record the run queues' picture (AppendQueues) after every
	// event, into qbuf; pending[i]'s is qbuf[qfrom[i]:qends[i]], or none
	// when qfrom[i] < 0 (made before RecordQueues).
	queues bool
	qbuf   []int64
	qfrom  []int
	qends  []int
}

// WatchState makes the engine record the state after event seq when it
// makes it; StateAt(seq) returns it until the step after it. It reports
// false if event seq has already been made.
func (mc *Machine) WatchState(seq int64) bool {
	if seq <= mc.seq {
		return false
	}
	mc.watch.seq = seq
	mc.watch.on = true
	return true
}

// RecordStates makes the engine record the state after every event (on)
// or only the watched one (off).
func (mc *Machine) RecordStates(on bool) {
	mc.watch.all = on
	mc.watch.on = on || mc.watch.seq > mc.seq || mc.watch.queues
}

// RecordQueues makes the engine record the run queues' picture
// (AppendQueues) after every event, for QueuesAt. It is far cheaper than
// RecordStates: the checker compares two runs' queues after every event,
// so that the first divergence is the event at which a learner's function
// first put a G somewhere else, not the end of the engine step it ran in.
func (mc *Machine) RecordQueues(on bool) {
	mc.watch.queues = on
	mc.watch.on = on || mc.watch.all || mc.watch.seq > mc.seq
}

// QueuesAt returns the run queues' picture right after event seq, when
// RecordQueues was on when the event was made and seq is in the step whose
// events Step is handing out; nil otherwise. It is valid until the next
// step.
func (mc *Machine) QueuesAt(seq int64) []int64 {
	w := &mc.watch
	if len(mc.pending) == 0 {
		return nil
	}
	i := seq - mc.pending[0].Seq
	if i < 0 || i >= int64(len(w.qends)) || w.qfrom[i] < 0 {
		return nil
	}
	return w.qbuf[w.qfrom[i]:w.qends[i]]
}

// resetWatch lets the last step's recorded states and queues go.
func (w *stateWatch) reset() {
	if len(w.states) > 0 {
		clear(w.states)
		w.states = w.states[:0]
	}
	w.qbuf, w.qfrom, w.qends = w.qbuf[:0], w.qfrom[:0], w.qends[:0]
}

// StateAt returns the state after event seq if the engine recorded it (a
// watch or RecordStates) and seq is in the step whose events Step is
// handing out; nil otherwise.
func (mc *Machine) StateAt(seq int64) *State {
	if len(mc.pending) == 0 {
		return nil
	}
	i := seq - mc.pending[0].Seq
	if i < 0 || i >= int64(len(mc.watch.states)) {
		return nil
	}
	return mc.watch.states[i]
}

// BetweenSteps reports whether Step has handed out every event made so
// far: the machine is between two steps, and a clone of it replays the next
// step whole (snapshots are taken only there).
func (mc *Machine) BetweenSteps() bool { return mc.phead >= len(mc.pending) }

// recordState is emit's hook: the state after the event just appended.
func (mc *Machine) recordState() {
	w := &mc.watch
	if w.queues {
		for len(w.qends) < len(mc.pending)-1 { // events made before RecordQueues
			w.qfrom, w.qends = append(w.qfrom, -1), append(w.qends, -1)
		}
		w.qfrom = append(w.qfrom, len(w.qbuf))
		w.qbuf = mc.AppendQueues(w.qbuf)
		w.qends = append(w.qends, len(w.qbuf))
	}
	if !w.all && mc.seq != w.seq {
		return
	}
	i := len(mc.pending) - 1
	for len(w.states) <= i {
		w.states = append(w.states, nil)
	}
	w.states[i] = mc.State()
	if mc.seq == w.seq {
		w.seq = 0
		w.on = w.all || w.queues
	}
}
