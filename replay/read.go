package replay

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/exp/trace"
)

// Trace is an execution trace read into the replay's records, with the
// model's snapshots every so many events (index.go).
type Trace struct {
	// Name says where the trace came from ("trace.out").
	Name string
	// Version is the format's Go release: 26 for "go 1.26 trace".
	Version int
	// Bytes is the size of the file read.
	Bytes int64
	// Warning says what was left out of a damaged trace ("" if nothing):
	// the events of a truncated or corrupt last generation.
	Warning string
	// Generations counts the trace's generations (one per second or so
	// of a run; a flight recorder's snapshot holds the last few).
	Generations int

	recs    records
	strs    []string
	strIdx  map[string]int64
	stacks  []stack // 0 is no stack
	threads []int64 // a dense M index → the OS thread id

	idx index
}

// stack is a stack the trace recorded, innermost frame first.
type stack []frame

type frame struct {
	fn, file int64 // strings
	line     int64
}

// Events is the number of events in the trace (the replay's positions run
// from 0, the start, to Events).
func (t *Trace) Events() int64 { return t.recs.n }

// Duration is the time from the first event to the last, in ns.
func (t *Trace) Duration() int64 { return t.recs.last }

// Threads is the number of threads (Ms) that emitted an event.
func (t *Trace) Threads() int { return len(t.threads) }

// MemoryBytes is what the records and snapshots hold (an estimate).
func (t *Trace) MemoryBytes() int64 { return t.recs.bytes() + t.idx.bytes }

func (t *Trace) str(id int64) string {
	if id < 0 || id >= int64(len(t.strs)) {
		return ""
	}
	return t.strs[id]
}

func (t *Trace) intern(s string) int64 {
	if id, ok := t.strIdx[s]; ok {
		return id
	}
	id := int64(len(t.strs))
	t.strs = append(t.strs, s)
	t.strIdx[s] = id
	return id
}

// Options tune reading.
type Options struct {
	// Name names the trace in messages (default: the path).
	Name string
	// SnapshotEvery is the fewest events between two snapshots of the
	// model (0: the default, 4096); MaxSnapshotBytes bounds their memory
	// (0: 256 MB): past it, every other snapshot is dropped and the
	// spacing doubles.
	SnapshotEvery    int64
	MaxSnapshotBytes int64
}

// Open reads the execution trace in file path.
func Open(path string, o Options) (*Trace, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("%s is a directory, not an execution trace", path)
	}
	if o.Name == "" {
		o.Name = path
	}
	t, err := Read(f, o)
	if t != nil {
		t.Bytes = fi.Size()
	}
	return t, err
}

// The header of every execution trace since Go 1.5: "go 1.N trace"
// padded with zero bytes to 16 (internal/trace/version's headerFmt).
const headerLen = 16

// The formats this reader takes: Go 1.22's new tracer and later. Go 1.27
// still writes go 1.26's.
const (
	minVersion = 22
	maxVersion = 26
)

// Read reads an execution trace from r. A damaged trace whose first
// generations read well is replayed up to where it breaks, with
// Trace.Warning saying what was left out; one that has nothing readable is
// an error that says why, in words a person can act on. Read never panics
// on bad input: the trace library's panics are turned into errors.
func Read(r io.Reader, o Options) (t *Trace, err error) {
	name := o.Name
	if name == "" {
		name = "the trace"
	}
	br := bufio.NewReaderSize(r, 1<<20)
	head, _ := br.Peek(headerLen)
	v, herr := parseHeader(head)
	if herr != nil {
		return nil, fmt.Errorf("%s: %v", name, herr)
	}
	tr, err := trace.NewReader(br)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	t = &Trace{Name: name, Version: v, strIdx: map[string]int64{}, stacks: []stack{nil}}
	t.intern("")
	b := newBuilder(t, o)
	for {
		ev, rerr := readEvent(tr)
		if rerr == io.EOF {
			break
		}
		if rerr == nil {
			rerr = b.event(&ev)
		}
		if rerr != nil {
			if t.recs.n == 0 {
				return nil, fmt.Errorf("%s: %v", name, describeReadError(rerr))
			}
			t.Warning = fmt.Sprintf("%s is damaged after event %d (%s): %v; the replay stops there",
				name, t.recs.n, AppendTimeString(t.recs.last), describeReadError(rerr))
			break
		}
	}
	b.finish()
	if t.recs.n == 0 {
		return nil, fmt.Errorf("%s: the trace has no events (was trace.Stop called right after trace.Start?)", name)
	}
	return t, nil
}

// readEvent reads the next event, turning a panic of the trace library on
// a malformed file into an error (gmplab's own code runs outside it: a
// panic there is gmplab's bug, and says so).
func readEvent(tr *trace.Reader) (ev trace.Event, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the trace reader (golang.org/x/exp/trace) failed: %v", p)
		}
	}()
	return tr.ReadEvent()
}

// parseHeader checks the file's first bytes and returns the format's
// version, with an error that says what the file is when it is not a
// trace this reader takes.
func parseHeader(head []byte) (int, error) {
	if len(head) == 0 {
		return 0, errors.New("the file is empty, not an execution trace")
	}
	var v int
	n, _ := fmt.Sscanf(string(head), "go 1.%d trace", &v)
	rest := head[min(len(head), len(fmt.Sprintf("go 1.%d trace", v))):]
	if n != 1 || !bytes.HasPrefix(head, []byte("go 1.")) || len(bytes.Trim(rest, "\x00")) > 0 {
		return 0, fmt.Errorf("not a Go execution trace: it begins %s, a trace begins \"go 1.N trace\" (write one with go test -trace, runtime/trace.Start or trace.FlightRecorder)", describeStart(head))
	}
	if len(head) < headerLen {
		return 0, fmt.Errorf("truncated: the file ends inside its %d-byte header", headerLen)
	}
	switch {
	case v < minVersion:
		return v, fmt.Errorf("a trace of Go 1.%d, whose format (before Go 1.22's new tracer) gmplab replay does not read: trace the program with Go 1.22 or later", v)
	case v > maxVersion:
		return v, fmt.Errorf("a trace in the format of Go 1.%d, newer than this gmplab reads (Go 1.22 to 1.%d's): update gmplab", v, maxVersion)
	}
	return v, nil
}

// describeStart shows the first bytes of a file that is not a trace.
func describeStart(head []byte) string {
	if len(head) > 12 {
		head = head[:12]
	}
	printable := true
	for _, c := range head {
		if c < 0x20 && c != '\n' && c != '\t' && c != '\r' || c >= 0x7f {
			printable = false
		}
	}
	if printable {
		return fmt.Sprintf("%q", string(head))
	}
	return fmt.Sprintf("with the bytes % x", head)
}

// describeReadError rewords the trace library's errors about a damaged
// file.
func describeReadError(err error) string {
	s := err.Error()
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		strings.Contains(s, "unexpected EOF") || strings.HasSuffix(s, ": EOF") ||
		strings.Contains(s, "failed to read full") || strings.Contains(s, "truncated"):
		// readBatch's "failed to read full batch" and "error reading
		// batch M ID: EOF" (a cut inside a batch's header),
		// readGeneration's "incomplete generation found; trace likely
		// truncated".
		return "the file is truncated: it ends inside a generation (the trace was cut while it was written or copied)"
	}
	return "malformed: " + s
}

// AppendTimeString formats ns as the event lines' time column does.
func AppendTimeString(ns int64) string {
	return string(appendTime(nil, ns))
}

func appendTime(b []byte, ns int64) []byte {
	if ns < 0 {
		b = append(b, '-')
		ns = -ns
	}
	b = fmt.Appendf(b, "%d.%06dms", ns/1e6, ns%1e6)
	return b
}

// builder turns the trace library's events into records.
type builder struct {
	t       *Trace
	t0      trace.Time
	started bool
	thread  map[trace.ThreadID]int32
	lastTID trace.ThreadID // the last thread looked up, and its M
	lastM   int32
	stackOf map[trace.Stack]uint32 // this generation's stacks, interned
	stackID map[string]uint32      // a stack's PCs → its id
	pending record                 // a GoStart, until the event after it (a GoLabel names a GC worker)
	hasPend bool
	key     []byte
	ix      *indexer
}

func newBuilder(t *Trace, o Options) *builder {
	return &builder{
		t:       t,
		thread:  map[trace.ThreadID]int32{},
		lastTID: trace.NoThread,
		stackOf: map[trace.Stack]uint32{},
		stackID: map[string]uint32{},
		ix:      newIndexer(t, o),
	}
}

func (b *builder) m(id trace.ThreadID) int32 {
	if id == trace.NoThread {
		return -1
	}
	if id == b.lastTID {
		return b.lastM
	}
	m, ok := b.thread[id]
	if !ok {
		m = int32(len(b.t.threads))
		b.t.threads = append(b.t.threads, int64(id))
		b.thread[id] = m
	}
	b.lastTID, b.lastM = id, m
	return m
}

func gid(g trace.GoID) int64 {
	if g == trace.NoGoroutine {
		return -1
	}
	return int64(g)
}

func pid(p trace.ProcID) int32 {
	if p == trace.NoProc {
		return -1
	}
	return int32(p)
}

// stack interns s: the trace's stack tables are per generation, so a
// stack is known by its PCs.
func (b *builder) stack(s trace.Stack) uint32 {
	if s == trace.NoStack {
		return 0
	}
	if id, ok := b.stackOf[s]; ok {
		return id
	}
	key := b.key[:0]
	var frames stack
	for f := range s.Frames() {
		key = binary.AppendUvarint(key, f.PC)
		frames = append(frames, frame{fn: b.t.intern(f.Func), file: b.t.intern(f.File), line: int64(f.Line)})
	}
	b.key = key
	id, ok := b.stackID[string(key)]
	if !ok {
		id = uint32(len(b.t.stacks))
		b.t.stacks = append(b.t.stacks, frames)
		b.stackID[string(key)] = id
	}
	b.stackOf[s] = id
	return id
}

// event turns one event of the trace library into a record, if the
// replay keeps it, and adds it. What the library's accessors do with a
// malformed event is an error of the file's.
func (b *builder) event(ev *trace.Event) error {
	r, keep, err := b.convert(ev)
	if err != nil || !keep {
		return err
	}
	b.add(&r)
	return nil
}

// convert makes the record of ev; keep is false for the events the
// replay leaves out.
func (b *builder) convert(ev *trace.Event) (r record, keep bool, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the trace reader (golang.org/x/exp/trace) failed on an event: %v", p)
		}
	}()
	keep = b.record(ev, &r)
	return r, keep, nil
}

// record fills r for ev; false for an event the replay leaves out.
func (b *builder) record(ev *trace.Event, r *record) bool {
	if !b.started {
		b.t0 = ev.Time()
		b.started = true
	}
	*r = record{t: int64(ev.Time() - b.t0), m: b.m(ev.Thread()), p: pid(ev.Proc()), g: -1, g2: gid(ev.Goroutine())}
	switch ev.Kind() {
	case trace.EventSync:
		b.t.Generations++
		clear(b.stackOf) // the next generation has its own tables
		return false
	case trace.EventLabel:
		if b.hasPend && b.pending.g == r.g2 {
			b.pending.a = b.t.intern(ev.Label().Label)
		}
		return false
	case trace.EventStateTransition:
		if !b.transition(ev, r) {
			return false
		}
	case trace.EventRangeBegin, trace.EventRangeActive, trace.EventRangeEnd:
		if !b.rang(ev, r) {
			return false
		}
	case trace.EventMetric:
		m := ev.Metric()
		if m.Name != "/sched/gomaxprocs:threads" {
			return false // the heap's size and goal
		}
		r.kind, r.a, r.stk = rProcsChange, int64(m.Value.Uint64()), b.stack(ev.Stack())
	case trace.EventTaskBegin, trace.EventTaskEnd:
		tk := ev.Task()
		r.kind, r.a, r.b = rUserTaskBegin, int64(tk.ID), b.t.intern(tk.Type)
		if ev.Kind() == trace.EventTaskEnd {
			r.kind = rUserTaskEnd
		}
		if tk.Parent != trace.NoTask {
			r.c = int64(tk.Parent)
		}
		r.stk = b.stack(ev.Stack())
	case trace.EventRegionBegin, trace.EventRegionEnd:
		rg := ev.Region()
		r.kind, r.a, r.b = rUserRegionBegin, int64(rg.Task), b.t.intern(rg.Type)
		if ev.Kind() == trace.EventRegionEnd {
			r.kind = rUserRegionEnd
		}
		r.stk = b.stack(ev.Stack())
	case trace.EventLog:
		l := ev.Log()
		r.kind, r.a, r.b, r.c = rUserLog, int64(l.Task), b.t.intern(l.Category), b.t.intern(l.Message)
		r.stk = b.stack(ev.Stack())
	default:
		return false // CPU samples, experimental events
	}
	return true
}

// add appends r, holding a GoStart back until the next event, which may
// be the label of a GC worker.
func (b *builder) add(r *record) {
	if b.hasPend {
		b.emit(&b.pending)
		b.hasPend = false
	}
	if r.kind == rGoStart {
		b.pending, b.hasPend = *r, true
		b.pending.a = -1 // no label (a string id is ≥ 0)
		return
	}
	b.emit(r)
}

func (b *builder) emit(r *record) {
	b.t.recs.add(r)
	b.ix.apply(r, b.t.recs.n)
}

func (b *builder) finish() {
	if b.hasPend {
		b.emit(&b.pending)
		b.hasPend = false
	}
	b.ix.finish()
}

// transition fills r for a goroutine's or a P's state transition; false
// for the ones the replay does not keep (a generation restating a state
// already known).
func (b *builder) transition(ev *trace.Event, r *record) bool {
	st := ev.StateTransition()
	switch st.Resource.Kind {
	case trace.ResourceGoroutine:
		from, to := st.Goroutine()
		r.g = int64(st.Resource.Goroutine())
		switch {
		case from == trace.GoUndetermined:
			r.kind, r.a, r.stk = rGoStatus, int64(to), b.stack(st.Stack)
		case from == to:
			return false
		case from == trace.GoNotExist:
			switch to {
			case trace.GoRunnable:
				r.kind = rGoCreate
			case trace.GoWaiting:
				r.kind = rGoCreateBlocked
			case trace.GoSyscall:
				r.kind = rGoCreateSyscall
				r.g2 = -1
				return true
			default:
				return false
			}
			r.a, r.stk = int64(b.stack(st.Stack)), b.stack(ev.Stack())
		case from == trace.GoRunnable && to == trace.GoRunning:
			r.kind = rGoStart
		case from == trace.GoRunning && to == trace.GoRunnable:
			r.kind, r.a, r.stk = rGoStop, b.t.intern(st.Reason), b.stack(st.Stack)
		case from == trace.GoRunning && to == trace.GoWaiting:
			r.kind, r.a, r.stk = rGoBlock, b.t.intern(st.Reason), b.stack(st.Stack)
		case from == trace.GoWaiting && to == trace.GoRunnable:
			r.kind, r.stk = rGoUnblock, b.stack(ev.Stack())
		case from == trace.GoRunning && to == trace.GoSyscall:
			r.kind, r.stk = rGoSyscallBegin, b.stack(st.Stack)
		case from == trace.GoSyscall && to == trace.GoRunning:
			r.kind = rGoSyscallEnd
		case from == trace.GoSyscall && to == trace.GoRunnable:
			r.kind = rGoSyscallEndBlocked
		case from == trace.GoRunning && to == trace.GoNotExist:
			r.kind = rGoDestroy
		case from == trace.GoSyscall && to == trace.GoNotExist:
			r.kind = rGoDestroySyscall
		default:
			return false
		}
		if r.g == r.g2 {
			r.g2 = -1 // the goroutine itself: only creations and unblocks name another
		}
		return true
	case trace.ResourceProc:
		from, to := st.Proc()
		p := int32(st.Resource.Proc())
		switch {
		case from == trace.ProcUndetermined:
			r.kind, r.a = rProcStatus, int64(to)
		case from == to:
			// A new generation restating a P's state (or a P stolen
			// from a thread the trace had lost track of, which the
			// reader shows as idle already).
			return false
		case from == trace.ProcIdle && to == trace.ProcRunning:
			r.kind = rProcStart
		case to == trace.ProcIdle && p != r.p:
			// Taken by another M: sysmon's retake (no P), exitsyscall
			// taking its P back, or the GC (an M with its own P).
			r.kind, r.a = rProcSteal, int64(r.p+1)
		case from == trace.ProcRunning && to == trace.ProcIdle:
			r.kind = rProcStop
		default:
			return false
		}
		r.p = p
		return true
	}
	return false
}

// rang fills r for a range: the GC's mark phase, a stop-the-world, a mark
// assist (sweeping is left out).
func (b *builder) rang(ev *trace.Event, r *record) bool {
	rg := ev.Range()
	begin := ev.Kind() != trace.EventRangeEnd
	if ev.Kind() == trace.EventRangeActive {
		r.a = 1
	}
	switch {
	case strings.HasPrefix(rg.Name, "stop-the-world ("):
		r.kind = rSTWEnd
		if begin {
			r.kind = rSTWBegin
			r.stk = b.stack(ev.Stack())
		}
		r.a = b.t.intern(strings.TrimSuffix(strings.TrimPrefix(rg.Name, "stop-the-world ("), ")"))
	case rg.Name == "GC concurrent mark phase":
		r.kind = rGCEnd
		if begin {
			r.kind = rGCBegin
			r.stk = b.stack(ev.Stack())
		}
	case rg.Name == "GC mark assist":
		r.kind = rGCMarkAssistEnd
		if begin {
			r.kind = rGCMarkAssistBegin
		}
		r.g = int64(rg.Scope.Goroutine())
	default:
		return false
	}
	return true
}
