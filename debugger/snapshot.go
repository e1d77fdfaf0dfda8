package debugger

import (
	"runtime/metrics"
	"slices"
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
// Bound: at most Max snapshots are kept, and at most MaxBytes of them (the
// size of a snapshot is what its Clone allocated, read from the Go
// runtime's allocation counter). When one more would exceed either, the
// store drops the snapshot whose removal costs least, where the cost is the
// gap it would leave (the events a replay would have to step through)
// divided by its distance from the focus (the event the session stands at
// or is going to). Gaps near the focus therefore stay about Every events
// wide, and farther away they widen in proportion to the distance: the
// spacing is geometric, so Max snapshots cover a run of any length, and a
// step backwards near the focus replays at most about Every events.
//
// Memory is at most MaxBytes, and at most Max times the size of one machine
// (its Gs' frames and values, 1 KB of ring per P, its channels and timers);
// a machine does not grow with the number of events, only with what the
// program keeps alive: a lesson's is a few KB, one with 100,000 parked
// goroutines 22 MB. A big machine is also slow to copy, so the spacing
// grows with its size: at least one event per 512 bytes of the last
// snapshot (for 22 MB, a snapshot every 43,000 events), which keeps the
// copying under the cost of the stepping it saves (measured: a rev step in
// that run takes 50 ms, goto 900000 one second, in 10 snapshots).
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
	// DefaultMaxSnapshotBytes bounds the store's memory.
	DefaultMaxSnapshotBytes = 256 << 20
	// bytesPerEvent: a snapshot of B bytes is taken at least B/bytesPerEvent
	// events after the one before it.
	bytesPerEvent = 512
)

// snapshot is a clone of the machine after event seq (the event itself is
// kept too: it is what the session shows when it stands there).
type snapshot struct {
	seq  int64
	last runtime.Event
	mc   *runtime.Machine // never stepped: restore clones it
	size int64            // bytes it holds: what the clone allocated, plus what it took over (thin)
	full int64            // bytes a clone sharing nothing would have allocated
	base *runtime.Machine // the snapshot it shares storage with, if any
}

type snapshots struct {
	every    int64
	max      int
	maxBytes int64
	list     []snapshot // sorted by seq; list[0].seq == 0
	bytes    int64      // their sizes' sum
	lastSize int64      // the size of the last clone
	taken    int64      // clones made, for tests and benchmarks
	shared   int64      // clones that shared storage with the snapshot before them
	sample   [1]metrics.Sample
}

func newSnapshots(start *runtime.Machine, every int64, maxSnaps int, maxBytes int64) *snapshots {
	if every <= 0 {
		every = DefaultSnapshotEvery
	}
	if maxSnaps <= 0 {
		maxSnaps = DefaultMaxSnapshots
	}
	if maxBytes <= 0 {
		maxBytes = DefaultMaxSnapshotBytes
	}
	ss := &snapshots{every: every, max: max(maxSnaps, 2), maxBytes: maxBytes} // at least the start and the furthest
	ss.sample[0].Name = "/gc/heap/allocs:bytes"
	ss.reset(start)
	return ss
}

// allocated is the Go runtime's count of bytes allocated so far.
func (ss *snapshots) allocated() int64 {
	metrics.Read(ss.sample[:])
	if ss.sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(ss.sample[0].Value.Uint64())
}

// clone copies mc and measures the copy. With prev, the snapshot before
// it, the copy shares with prev whatever did not change since
// (runtime.Machine.CloneSharing): snapshots are never stepped, only cloned
// again to restore, so neither is ever written.
func (ss *snapshots) clone(mc, prev *runtime.Machine) snapshot {
	before := ss.allocated()
	var sn snapshot
	var shared int64
	sn.mc, shared = mc.CloneSharing(prev)
	sn.size = max(ss.allocated()-before, 1)
	sn.full = sn.size + shared
	if shared > 0 {
		sn.base = prev
		ss.shared++
	}
	// Comparing costs about what copying does: the spacing follows the
	// whole machine.
	ss.lastSize = sn.full
	return sn
}

// spacing is the fewest events between two snapshots.
func (ss *snapshots) spacing() int64 { return max(ss.every, ss.lastSize/bytesPerEvent) }

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
	if !mc.BetweenSteps() {
		return // the next step is under way: a replay from here could not stop inside it
	}
	seq := last.Seq
	i := sort.Search(len(ss.list), func(i int) bool { return ss.list[i].seq >= seq })
	if i < len(ss.list) && ss.list[i].seq == seq {
		return
	}
	if seq-ss.list[i-1].seq < ss.spacing() {
		return
	}
	ss.taken++
	sn := ss.clone(mc, ss.list[i-1].mc)
	sn.seq, sn.last = seq, last
	ss.list = append(ss.list, snapshot{})
	copy(ss.list[i+1:], ss.list[i:])
	ss.list[i] = sn
	ss.bytes += sn.size
	for len(ss.list) > 2 && (len(ss.list) > ss.max || ss.bytes > ss.maxBytes) {
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
		score := gap / float64(d+ss.spacing())
		if best < 0 || score < bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return
	}
	// What a snapshot sharing with the dropped one shares stays alive: it
	// takes over the dropped one's bytes, up to what it would hold alone,
	// so that the store's bytes stay an upper bound of its memory.
	d := ss.list[best]
	for j := range ss.list {
		if sn := &ss.list[j]; j != best && sn.base == d.mc {
			add := min(d.size, sn.full-sn.size)
			sn.size += add
			ss.bytes += add
			sn.base = d.base
		}
	}
	ss.bytes -= d.size
	ss.list = slices.Delete(ss.list, best, best+1) // zeroes the vacated slot: the dropped clone is garbage
}

// reset keeps only the start (after a restart the old run's snapshots are
// another run's).
func (ss *snapshots) reset(start *runtime.Machine) {
	sn := ss.clone(start, nil)
	ss.list = []snapshot{sn}
	ss.bytes = sn.size
}

// seqs lists the snapshots' events (tests, `info`).
func (ss *snapshots) seqs() []int64 {
	s := make([]int64, len(ss.list))
	for i := range ss.list {
		s[i] = ss.list[i].seq
	}
	return s
}
