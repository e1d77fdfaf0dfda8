package replay

import (
	"container/heap"
	"sort"
)

// The index: what the first pass over a trace keeps so that any position
// is reached quickly without keeping every state.
//
// Reading a trace runs the model over every record once. Every so many
// records (SnapshotEvery, 4096 by default) the model is cloned; a position
// is reached by cloning the nearest snapshot before it and applying the
// records between (at most the spacing: a few milliseconds). The clones'
// memory is bounded (MaxSnapshotBytes): past it, every other snapshot is
// dropped and the spacing doubles, so a trace with many goroutines gets
// fewer, larger snapshots. The same pass counts what the --report prints:
// the longest waits of runnable goroutines and the findings.

type index struct {
	snaps    []snap
	every    int64
	bytes    int64
	max      int64
	findings []found // the first maxFindings
	nFinding int64
	waits    waitHeap // the longest waits, shortest first
	stats    modelStats
	maxGs    int   // the most goroutines alive at once
	maxPs    int   // the most Ps seen
	lastT    int64 // time of the last record
}

type snap struct {
	rec int64 // records applied
	md  *model
}

type found struct {
	rec int64
	f   finding
}

// maxFindings bounds the findings kept; more are counted.
const maxFindings = 10000

// topWaits is how many of the longest waits the index keeps.
const topWaits = 50

type wait struct {
	rec    int64 // the GoStart
	g      int64
	waited int64
}

type waitHeap []wait

func (h waitHeap) Len() int { return len(h) }
func (h waitHeap) Less(i, j int) bool {
	if h[i].waited != h[j].waited {
		return h[i].waited < h[j].waited
	}
	return h[i].rec > h[j].rec
}
func (h waitHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *waitHeap) Push(x any)   { *h = append(*h, x.(wait)) }
func (h *waitHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// sorted returns the waits longest first.
func (h waitHeap) sorted() []wait {
	s := append([]wait(nil), h...)
	sort.SliceStable(s, func(i, j int) bool {
		if s[i].waited != s[j].waited {
			return s[i].waited > s[j].waited
		}
		return s[i].rec < s[j].rec
	})
	return s
}

type indexer struct {
	t  *Trace
	md *model
}

const (
	defaultSnapshotEvery    = 4096
	defaultMaxSnapshotBytes = 256 << 20
)

func newIndexer(t *Trace, o Options) *indexer {
	t.idx.every = o.SnapshotEvery
	if t.idx.every <= 0 {
		t.idx.every = defaultSnapshotEvery
	}
	t.idx.max = o.MaxSnapshotBytes
	if t.idx.max <= 0 {
		t.idx.max = defaultMaxSnapshotBytes
	}
	md := newModel()
	t.idx.snaps = []snap{{rec: 0, md: md.clone()}}
	return &indexer{t: t, md: md}
}

// apply runs record r, number rec, through the model.
func (ix *indexer) apply(r *record, rec int64) {
	idx := &ix.t.idx
	out := ix.md.apply(ix.t, r, rec)
	if out.finding.code != fNone {
		if len(idx.findings) < maxFindings {
			idx.findings = append(idx.findings, found{rec: rec, f: out.finding})
		}
		idx.nFinding++
	}
	if r.kind == rGoStart && out.waited > 0 {
		w := wait{rec: rec, g: r.g, waited: out.waited}
		if len(idx.waits) < topWaits {
			heap.Push(&idx.waits, w)
		} else if w.waited > idx.waits[0].waited {
			idx.waits[0] = w
			heap.Fix(&idx.waits, 0)
		}
	}
	if n := ix.md.live; n > idx.maxGs {
		idx.maxGs = n
	}
	if n := max(len(ix.md.ps), int(ix.md.gomaxprocs)); n > idx.maxPs {
		idx.maxPs = n
	}
	idx.lastT = r.t
	if rec-idx.snaps[len(idx.snaps)-1].rec >= idx.every {
		sn := ix.md.clone()
		idx.snaps = append(idx.snaps, snap{rec: rec, md: sn})
		idx.bytes += sn.size()
		for idx.bytes > idx.max && len(idx.snaps) > 2 {
			idx.thin()
		}
	}
}

// thin drops every other snapshot but the first and doubles the spacing.
func (idx *index) thin() {
	kept := idx.snaps[:1]
	var bytes int64
	for i := 1; i < len(idx.snaps); i++ {
		if i%2 == 0 {
			kept = append(kept, idx.snaps[i])
			bytes += idx.snaps[i].md.size()
		}
	}
	clear(idx.snaps[len(kept):])
	idx.snaps = kept
	idx.bytes = bytes
	idx.every *= 2
}

func (ix *indexer) finish() {
	ix.t.idx.stats = ix.md.stats
}

// floor returns the latest snapshot at or before rec.
func (idx *index) floor(rec int64) *snap {
	i := sort.Search(len(idx.snaps), func(i int) bool { return idx.snaps[i].rec > rec })
	if i == 0 {
		return &idx.snaps[0]
	}
	return &idx.snaps[i-1]
}

// stateAt returns a fresh model after rec records, and a cursor at the
// next record.
func (t *Trace) stateAt(rec int64) (*model, cursor) {
	rec = min(max(rec, 0), t.recs.n)
	sn := t.idx.floor(rec)
	md := sn.md.clone()
	c := t.recs.at(sn.rec)
	var r record
	for c.i < rec && c.next(&r) {
		md.apply(t, &r, c.i)
	}
	return md, c
}
