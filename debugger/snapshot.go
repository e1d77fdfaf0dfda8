package debugger

import (
	"sort"

	"github.com/gmplab/gmplab/runtime"
)

// Snapshots and replay: how the debugger goes backwards.
//
// The engine is deterministic and Machine.Clone is exact: a clone stepped
// forward gives the events the original would have given. So the session
// keeps clones of the machine at some past events (snapshots) and reaches
// any earlier event N by cloning the latest snapshot at or before N and
// stepping it forward to N. The state reached is the state a fresh run
// reaches after N events, by construction; the tests check it on the State
// JSON.
//
// Placement: while the session steps forward (or replays), it takes a
// snapshot whenever the event it reached is at least Every events past the
// nearest snapshot before it. Snapshot 0 (the start) is never dropped, nor
// is the furthest one (it makes a later `goto` forward cheap).
//
// Bound: at most Max snapshots are kept. When one more would exceed it, the
// store drops the snapshot whose removal costs least, where the cost is the
// gap it would leave (the events a replay would have to step through)
// divided by its distance from the focus (the event the session stands at
// or is going to). Gaps near the focus therefore stay about Every events
// wide, and farther away they widen in proportion to the distance: the
// spacing is geometric, so Max snapshots cover a run of any length, and a
// step backwards near the focus replays at most about Every events. Memory
// is Max times the size of one machine (its Gs' frames and values, 1 KB of
// ring per P, its channels and timers); a machine does not grow with the
// number of events, only with what the program keeps alive.
//
// Rejected: recording every event and an undo log of state changes (exact,
// but it makes every engine change carry its inverse, and memory grows with
// the run); snapshots at fixed intervals with no bound (a long run fills
// memory); doubling the interval and dropping every other snapshot when
// full (bounded, but a step back at the far end of a long run replays half
// the interval, which grows with the run).

// Snapshot store defaults.
const (
	// DefaultSnapshotEvery is the spacing of snapshots near the focus: a
	// step backwards replays at most about this many events. The engine
	// steps a few million events a second, so this is well under a
	// millisecond of replay, and a lesson's machine is a few tens of KB.
	DefaultSnapshotEvery = 1024
	// DefaultMaxSnapshots bounds the store; with geometric spacing 128
	// snapshots cover billions of events.
	DefaultMaxSnapshots = 128
)

// snapshot is a clone of the machine after event seq (the event itself is
// kept too: it is what the session shows when it stands there).
type snapshot struct {
	seq  int64
	last runtime.Event
	mc   *runtime.Machine // never stepped: restore clones it
}

type snapshots struct {
	every int64
	max   int
	list  []snapshot // sorted by seq; list[0].seq == 0
	taken int64      // clones made, for tests and benchmarks
}

func newSnapshots(start *runtime.Machine, every int64, maxSnaps int) *snapshots {
	if every <= 0 {
		every = DefaultSnapshotEvery
	}
	if maxSnaps <= 0 {
		maxSnaps = DefaultMaxSnapshots
	}
	maxSnaps = max(maxSnaps, 2) // the start and the furthest
	return &snapshots{every: every, max: maxSnaps, list: []snapshot{{seq: 0, mc: start.Clone()}}}
}

// floor returns the latest snapshot at or before seq.
func (ss *snapshots) floor(seq int64) *snapshot {
	i := sort.Search(len(ss.list), func(i int) bool { return ss.list[i].seq > seq })
	if i == 0 {
		return &ss.list[0]
	}
	return &ss.list[i-1]
}

// consider takes a snapshot of mc, standing after event last, if the
// nearest snapshot before it is Every or more events back; focus is where
// the session is going, for thinning.
func (ss *snapshots) consider(mc *runtime.Machine, last runtime.Event, focus int64) {
	seq := last.Seq
	i := sort.Search(len(ss.list), func(i int) bool { return ss.list[i].seq >= seq })
	if i < len(ss.list) && ss.list[i].seq == seq {
		return
	}
	if seq-ss.list[i-1].seq < ss.every {
		return
	}
	ss.taken++
	ss.list = append(ss.list, snapshot{})
	copy(ss.list[i+1:], ss.list[i:])
	ss.list[i] = snapshot{seq: seq, last: last, mc: mc.Clone()}
	for len(ss.list) > ss.max {
		ss.thin(focus)
	}
}

// thin drops the snapshot whose removal leaves the smallest gap relative to
// its distance from focus (see the comment at the top of the file).
func (ss *snapshots) thin(focus int64) {
	best, bestScore := -1, 0.0
	for i := 1; i < len(ss.list)-1; i++ {
		gap := float64(ss.list[i+1].seq - ss.list[i-1].seq)
		d := ss.list[i].seq - focus
		if d < 0 {
			d = -d
		}
		score := gap / float64(d+ss.every)
		if best < 0 || score < bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return
	}
	ss.list = append(ss.list[:best], ss.list[best+1:]...)
}

// reset keeps only the start (after a restart the old run's snapshots are
// another run's).
func (ss *snapshots) reset(start *runtime.Machine) {
	ss.list = []snapshot{{seq: 0, mc: start.Clone()}}
}

// seqs lists the snapshots' events (tests, `info`).
func (ss *snapshots) seqs() []int64 {
	s := make([]int64, len(ss.list))
	for i := range ss.list {
		s[i] = ss.list[i].seq
	}
	return s
}
