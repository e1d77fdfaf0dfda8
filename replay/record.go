package replay

import (
	"encoding/binary"
	"sort"
)

// A record is one event of the trace that the replay keeps: a goroutine's
// or a P's state transition, a range (GC, stop-the-world, a mark assist),
// a user annotation, a change of GOMAXPROCS. Its kind is named after the
// event of Go's trace format that wrote it (internal/trace/tracev2's
// EventSpec names: GoCreate, GoStart, …), because those are the words
// `go tool trace` and the runtime's tracer use; runtime.EvSpec.Trace maps
// each to the simulator's event kind (events.go).
type record struct {
	kind rkind
	t    int64 // ns since the trace's first event
	m    int32 // the thread, as a dense index in order of appearance (-1: none)
	p    int32 // the P of the event's context, or the P it is about (-1: none)
	g    int64 // the goroutine the event is about (-1: none)
	g2   int64 // the other goroutine: the creator, the waker, the context's (-1: none)
	a, b int64 // kind-specific (see the kinds)
	c    int64
	stk  uint32 // the stack the trace recorded with the event (0: none)
}

// rkind is a record's kind.
type rkind uint8

// The kinds. What g, g2, p, a, b, c and stk hold for each is said on its
// line; a string is an index into Trace.strs.
const (
	rNone                rkind = iota
	rGoCreate                  // g created by g2 (-1: by the runtime, without a G); a: g's start stack; stk: g2's
	rGoCreateBlocked           // as GoCreate, g starts blocked
	rGoCreateSyscall           // g appears in a system call (a cgo callback on a thread Go did not make)
	rGoStart                   // g starts running on p
	rGoStop                    // g stops running, stays runnable; a: the reason (string); stk: g's
	rGoBlock                   // g blocks; a: the reason (string); stk: where
	rGoUnblock                 // g made runnable by g2 (-1: no goroutine: the netpoller, a timer run by the scheduler); stk: g2's
	rGoSyscallBegin            // g enters a system call; stk: where
	rGoSyscallEnd              // g returns from its system call and keeps running
	rGoSyscallEndBlocked       // g returns from its system call without a P: runnable
	rGoDestroy                 // g ends
	rGoDestroySyscall          // g ends in a system call (cgo callback)
	rGoStatus                  // g is first seen by the trace; a: its state (a trace.GoState); stk: its stack when recorded
	rProcStart                 // p starts running on m
	rProcStop                  // p stops running: m lets it go idle
	rProcSteal                 // p was taken from m's thread in a system call by g2's M, on P a-1 (a = 0: no P: sysmon)
	rProcStatus                // p is first seen by the trace; a: its state (a trace.ProcState)
	rProcsChange               // GOMAXPROCS is a; stk: where it was set
	rSTWBegin                  // stop-the-world by g2; a: the reason (string)
	rSTWEnd                    // the world restarts; a: the reason (string)
	rGCBegin                   // the GC's concurrent mark phase begins (a = 1: it was under way when the trace began)
	rGCEnd                     // the mark phase ends
	rGCMarkAssistBegin         // g assists the GC's marking (a = 1: already when the trace began)
	rGCMarkAssistEnd           // g's assist ends
	rGoLabel                   // g2 runs under label a (string): the GC's mark workers ("GC (dedicated)", …)
	rUserTaskBegin             // task a (type b, a string) begins, in task c (0: none)
	rUserTaskEnd               // task a ends
	rUserRegionBegin           // g2 enters region b (string) of task a
	rUserRegionEnd             // g2 leaves region b of task a
	rUserLog                   // g2 logs b (category, string) = c (message, string) in task a
	numRKinds
)

// rkindNames are the kinds' names: the trace format's own (Go's
// internal/trace/tracev2 EventSpec.Name), which breakpoints accept.
var rkindNames = [numRKinds]string{
	rNone:                "none",
	rGoCreate:            "GoCreate",
	rGoCreateBlocked:     "GoCreateBlocked",
	rGoCreateSyscall:     "GoCreateSyscall",
	rGoStart:             "GoStart",
	rGoStop:              "GoStop",
	rGoBlock:             "GoBlock",
	rGoUnblock:           "GoUnblock",
	rGoSyscallBegin:      "GoSyscallBegin",
	rGoSyscallEnd:        "GoSyscallEnd",
	rGoSyscallEndBlocked: "GoSyscallEndBlocked",
	rGoDestroy:           "GoDestroy",
	rGoDestroySyscall:    "GoDestroySyscall",
	rGoStatus:            "GoStatus",
	rProcStart:           "ProcStart",
	rProcStop:            "ProcStop",
	rProcSteal:           "ProcSteal",
	rProcStatus:          "ProcStatus",
	rProcsChange:         "ProcsChange",
	rSTWBegin:            "STWBegin",
	rSTWEnd:              "STWEnd",
	rGCBegin:             "GCBegin",
	rGCEnd:               "GCEnd",
	rGCMarkAssistBegin:   "GCMarkAssistBegin",
	rGCMarkAssistEnd:     "GCMarkAssistEnd",
	rGoLabel:             "GoLabel",
	rUserTaskBegin:       "UserTaskBegin",
	rUserTaskEnd:         "UserTaskEnd",
	rUserRegionBegin:     "UserRegionBegin",
	rUserRegionEnd:       "UserRegionEnd",
	rUserLog:             "UserLog",
}

func (k rkind) String() string {
	if k < numRKinds {
		return rkindNames[k]
	}
	return "rkind?"
}

// The records are kept encoded, in blocks, so that a trace of a hundred
// megabytes (some twenty million events) fits in a little more than its
// own size: a record is its kind's byte, a byte saying which of g, g2, a,
// b, c and stk it carries (the others are -1 or 0), and its fields as
// variable-length integers: the time as the difference from the record
// before (one or two bytes), m and p shifted by one so that -1 (none) is 0.
// A block starts every blockLen records, with the absolute time, so that
// decoding can start at any block; the bytes live in chunks of chunkSize,
// so that growing never copies what is already there.
const (
	blockLen   = 1024
	chunkSize  = 4 << 20
	firstChunk = 16 << 10
	maxRecord  = 2 + 10*9 // the longest encoding of a record
)

type records struct {
	chunks [][]byte
	blocks []block
	n      int64 // records
	last   int64 // time of the last record appended
}

type block struct {
	chunk int32
	off   int32 // into the chunk
	t     int64 // time of the record before the block's first (0 for the first block)
}

// The bits of a record's second byte: which fields follow.
const (
	hasG = 1 << iota
	hasG2
	hasA
	hasB
	hasC
	hasStk
)

// add appends r.
func (rs *records) add(r *record) {
	if len(rs.chunks) == 0 || len(rs.chunks[len(rs.chunks)-1])+maxRecord > cap(rs.chunks[len(rs.chunks)-1]) {
		// The first chunks are small, for the many small traces.
		rs.chunks = append(rs.chunks, make([]byte, 0, min(chunkSize, firstChunk<<len(rs.chunks))))
	}
	ci := len(rs.chunks) - 1
	b := rs.chunks[ci]
	if rs.n%blockLen == 0 {
		rs.blocks = append(rs.blocks, block{chunk: int32(ci), off: int32(len(b)), t: rs.last})
	}
	dt := r.t - rs.last
	if dt < 0 {
		dt = 0 // the reader orders events by time; never go back
		r.t = rs.last
	}
	var mask byte
	if r.g != -1 {
		mask |= hasG
	}
	if r.g2 != -1 {
		mask |= hasG2
	}
	if r.a != 0 {
		mask |= hasA
	}
	if r.b != 0 {
		mask |= hasB
	}
	if r.c != 0 {
		mask |= hasC
	}
	if r.stk != 0 {
		mask |= hasStk
	}
	b = append(b, byte(r.kind), mask)
	b = binary.AppendUvarint(b, uint64(dt))
	b = binary.AppendUvarint(b, uint64(r.m+1))
	b = binary.AppendUvarint(b, uint64(r.p+1))
	if mask&hasG != 0 {
		b = binary.AppendUvarint(b, uint64(r.g))
	}
	if mask&hasG2 != 0 {
		b = binary.AppendUvarint(b, uint64(r.g2))
	}
	if mask&hasA != 0 {
		b = binary.AppendVarint(b, r.a)
	}
	if mask&hasB != 0 {
		b = binary.AppendVarint(b, r.b)
	}
	if mask&hasC != 0 {
		b = binary.AppendVarint(b, r.c)
	}
	if mask&hasStk != 0 {
		b = binary.AppendUvarint(b, uint64(r.stk))
	}
	rs.chunks[ci] = b
	rs.last = r.t
	rs.n++
}

// cursor decodes records from one position on.
type cursor struct {
	rs    *records
	i     int64 // index of the next record
	chunk int
	off   int
	t     int64
}

// at returns a cursor at record i (0 ≤ i ≤ n).
func (rs *records) at(i int64) cursor {
	bi := i / blockLen
	if bi >= int64(len(rs.blocks)) {
		return cursor{rs: rs, i: rs.n, t: rs.last}
	}
	b := rs.blocks[bi]
	c := cursor{rs: rs, i: bi * blockLen, chunk: int(b.chunk), off: int(b.off), t: b.t}
	var r record
	for c.i < i {
		c.next(&r)
	}
	return c
}

// next decodes the next record into r; false at the end.
func (c *cursor) next(r *record) bool {
	if c.i >= c.rs.n {
		return false
	}
	d := c.rs.chunks[c.chunk][c.off:]
	if len(d) == 0 {
		c.chunk++
		c.off = 0
		d = c.rs.chunks[c.chunk]
	}
	n := 2
	uv := func() uint64 {
		v, k := binary.Uvarint(d[n:])
		n += k
		return v
	}
	sv := func() int64 {
		v, k := binary.Varint(d[n:])
		n += k
		return v
	}
	r.kind = rkind(d[0])
	mask := d[1]
	c.t += int64(uv())
	r.t = c.t
	r.m = int32(uv()) - 1
	r.p = int32(uv()) - 1
	r.g, r.g2, r.a, r.b, r.c, r.stk = -1, -1, 0, 0, 0, 0
	if mask&hasG != 0 {
		r.g = int64(uv())
	}
	if mask&hasG2 != 0 {
		r.g2 = int64(uv())
	}
	if mask&hasA != 0 {
		r.a = sv()
	}
	if mask&hasB != 0 {
		r.b = sv()
	}
	if mask&hasC != 0 {
		r.c = sv()
	}
	if mask&hasStk != 0 {
		r.stk = uint32(uv())
	}
	c.off += n
	c.i++
	return true
}

// bytes is the memory the records take.
func (rs *records) bytes() int64 {
	var n int64
	for _, c := range rs.chunks {
		n += int64(cap(c))
	}
	return n + int64(cap(rs.blocks))*16
}

// firstAtOrAfter returns the index of the first record at or after time t
// (n if none).
func (rs *records) firstAtOrAfter(t int64) int64 {
	bi := sort.Search(len(rs.blocks), func(i int) bool { return rs.blocks[i].t >= t })
	// Block bi-1 may hold records at or after t.
	start := max(int64(bi-1), 0) * blockLen
	c := rs.at(start)
	var r record
	for {
		i := c.i
		if !c.next(&r) {
			return rs.n
		}
		if r.t >= t {
			return i
		}
	}
}
