package view

import (
	"encoding/binary"
	"io"
	"slices"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// The Go execution trace writer (`--format trace`): the simulator's run in
// the format Go 1.26's runtime/trace writes, so that go tool trace,
// gotraceui and gmplab replay open a simulated run as they open a real one.
//
// Each event is written as the trace event its kind's spec names
// (runtime.EvSpec.Trace): newproc as GoCreate, execute as GoStart, gopark
// as GoBlock with the reason Go's trace gives its wait reason, … What the
// format does not record (the run queues, spinning Ms, sysmon's passes) is
// left out, as the real tracer leaves it out. The program's output goes in
// as trace.Log events of category "stdout" or "stderr".
//
// The format (internal/trace/tracev2, Go 1.26): a 16-byte header, then one
// generation: per-thread batches of events (a type byte, then variable-
// length integers, the first a time delta), a batch of strings, one of
// stacks, a sync batch (the clock's frequency and a snapshot), and the
// end-of-generation byte. A reader orders events across threads by time
// and by the sequence numbers each goroutine's and P's events carry, and
// checks each against the state it infers, so every event must come in a
// context the reader accepts: a GoStart on a thread that holds the P, a
// GoSyscallEnd while the P is still in the call. The writer keeps that
// context per M, P and G and fills in what the simulator's events leave
// implicit (a G the network poller readied is unblocked just before it
// starts; a procresize that moves main's M to another P stops and starts
// them, as the runtime's procresize does when traced).
//
// Times: the simulator's virtual nanoseconds (the trace's clock ticks once
// a nanosecond), after goTraceBase; an event at an instant already taken
// gets the next nanosecond, so that a reader, which orders events by time,
// keeps the simulator's order (a burst of n events at one instant ends
// n-1 ns late). Nothing depends on the wall clock: the file is
// byte-identical from run to run.

// The event types of the wire format (tracev2's EventType, Go 1.26); the
// test checks them against $GOROOT/src/internal/trace/tracev2/events.go.
const (
	goTraceEventBatch      = 1
	goTraceStacks          = 2
	goTraceStack           = 3
	goTraceStrings         = 4
	goTraceString          = 5
	goTraceFrequency       = 8
	goTraceProcsChange     = 9
	goTraceProcStart       = 10
	goTraceProcStop        = 11
	goTraceProcSteal       = 12
	goTraceProcStatus      = 13
	goTraceGoCreate        = 14
	goTraceGoStart         = 16
	goTraceGoDestroy       = 17
	goTraceGoStop          = 19
	goTraceGoBlock         = 20
	goTraceGoUnblock       = 21
	goTraceGoSyscallBegin  = 22
	goTraceGoSyscallEnd    = 23
	goTraceGoSyscallEndBlk = 24
	goTraceGoStatus        = 25
	goTraceSTWBegin        = 26
	goTraceSTWEnd          = 27
	goTraceGCBegin         = 29
	goTraceGCEnd           = 30
	goTraceGCAssistBegin   = 35
	goTraceGCAssistEnd     = 36
	goTraceUserLog         = 44
	goTraceSync            = 50
	goTraceClockSnapshot   = 51
	goTraceEndOfGeneration = 52
)

// The states GoStatus and ProcStatus write (tracev2.GoStatus, ProcStatus).
const (
	goTraceGoRunnable = 1
	goTraceGoRunning  = 2
	goTraceGoSyscall  = 3
	goTraceGoWaiting  = 4
	goTraceProcRun    = 1
	goTraceProcIdle   = 2
	goTraceProcSys    = 3
)

const (
	goTraceHeader   = "go 1.26 trace\x00\x00\x00"
	goTraceTickNS   = 1024          // ticks per virtual nanosecond
	goTraceBase     = 1_000_000     // ns of the first event: a reader treats time 0 as none
	goTraceMaxBatch = 64<<10 - 64   // tracev2.MaxBatchSize, less room for a header
	goTraceMaxStr   = 1 << 10       // tracev2.MaxEventTrailerDataSize
	goTraceNoThread = ^uint64(0)    // an M id of -1
	goTracePCBase   = 0x401000      // the first made-up PC
	goTraceGen      = 1             // the one generation
	goTraceFreq     = 1_000_000_000 // ticks a second: one a nanosecond
)

// GoTraceWriter writes events in Go's execution trace format. Call Event
// for each event in order, then Close, which writes the tables and the
// end of the generation.
type GoTraceWriter struct {
	// State, when set, returns the machine's state after the event just
	// given to Event: with it, the Gs that injectglist made runnable
	// together are each unblocked there (its event names only the first),
	// as the runtime traces them, not just before each runs.
	State func() *runtime.State

	w    io.Writer
	err  error
	prog *vm.Program

	ms     map[int32]*goTraceM
	morder []int32 // Ms in the order they first wrote
	ps     map[int32]*goTraceP
	gs     map[int64]*goTraceG

	strings  map[string]uint64
	strOrder []string
	stacks   map[string]uint64 // a stack's frames' PCs, as bytes → id
	stackPCs [][]uint64
	frames   map[goTraceFrame]uint64 // → PC
	frameOf  []goTraceFrame          // by PC - goTracePCBase / 16
	funcAt   map[vm.Pos]string       // a position's function (line, col 0)

	tick int64          // the time of the last event written, in ns after goTraceBase
	stw  map[int64]bool // the Gs in a stop-the-world they began
	// gcSeq numbers the GC's begins and ends (GCBegin's and GCEnd's
	// seq: one more each time).
	gcSeq uint64
	// procs is GOMAXPROCS at the start, written (as the tracer writes it
	// when it starts) with the first G that runs: the event needs one.
	procs int
}

type goTraceFrame struct {
	fn, file string
	line     int64
}

// goTraceM is one thread: its context as the reader sees it, and its
// batch.
type goTraceM struct {
	id    int32
	p     int32 // the P it holds (-1)
	g     int64 // the G it runs, or in a system call (-1)
	batch []byte
	base  int64 // the batch's first tick
	last  int64 // the tick of its last event
}

type goTraceP struct {
	status int // goTraceProc*
	seq    uint64
	m      int32 // the M holding it (-1)
}

type goTraceG struct {
	status int // goTraceGo*, 0: does not exist
	seq    uint64
	m      int32 // the M it is in a system call on (-1)
}

// NewGoTraceWriter starts a trace of a run of prog from its state st at
// event 0: every P's and G's status is written first.
func NewGoTraceWriter(w io.Writer, prog *vm.Program, st *runtime.State) *GoTraceWriter {
	t := &GoTraceWriter{
		w: w, prog: prog,
		ms: map[int32]*goTraceM{}, ps: map[int32]*goTraceP{}, gs: map[int64]*goTraceG{},
		strings: map[string]uint64{}, stacks: map[string]uint64{}, frames: map[goTraceFrame]uint64{},
		stw: map[int64]bool{},
	}
	_, t.err = io.WriteString(w, goTraceHeader)
	t.procs = st.GOMAXPROCS
	ms := map[int32]int32{} // P → the M holding it
	for _, m := range st.Ms {
		if m.P >= 0 {
			ms[m.P] = m.ID
		}
	}
	for _, p := range st.Ps {
		m, ok := ms[p.ID]
		status := goTraceProcIdle
		if ok {
			status = goTraceProcRun
		} else {
			m = 0
		}
		mm := t.m(m)
		t.ps[p.ID] = &goTraceP{status: status, m: -1}
		if ok {
			t.ps[p.ID].m = m
			mm.p = p.ID
		}
		t.event(mm, 0, goTraceProcStatus, uint64(p.ID), uint64(status))
	}
	for _, g := range st.Gs {
		status, mid := goTraceGoWaiting, goTraceNoThread
		switch g.Status {
		case "runnable":
			status = goTraceGoRunnable
		case "running":
			status, mid = goTraceGoRunning, uint64(g.M)
		case "syscall":
			status, mid = goTraceGoSyscall, uint64(g.M)
		}
		t.gs[g.Goid] = &goTraceG{status: status, m: -1}
		writer := t.m(0)
		if g.M >= 0 {
			writer = t.m(g.M)
			writer.g = g.Goid
			t.gs[g.Goid].m = g.M
		}
		t.event(writer, 0, goTraceGoStatus, uint64(g.Goid), mid, uint64(status))
	}
	return t
}

// m returns M id's state, made on first use.
func (t *GoTraceWriter) m(id int32) *goTraceM {
	if mm, ok := t.ms[id]; ok {
		return mm
	}
	mm := &goTraceM{id: id, p: -1, g: -1, base: -1}
	t.ms[id] = mm
	t.morder = append(t.morder, id)
	return mm
}

func (t *GoTraceWriter) p(id int32) *goTraceP {
	if pp, ok := t.ps[id]; ok {
		return pp
	}
	pp := &goTraceP{status: goTraceProcIdle, m: -1}
	t.ps[id] = pp
	return pp
}

func (t *GoTraceWriter) g(id int64) *goTraceG {
	if gg, ok := t.gs[id]; ok {
		return gg
	}
	gg := &goTraceG{m: -1}
	t.gs[id] = gg
	return gg
}

// event appends one event at virtual time ns to mm's batch: the type, the
// time delta, then args.
func (t *GoTraceWriter) event(mm *goTraceM, ns int64, typ byte, args ...uint64) {
	// The next nanosecond if this one is taken: a reader orders events
	// by time, and those of one instant keep the simulator's order.
	t.tick = max(goTraceBase+ns, t.tick+1)
	if mm.base < 0 || len(mm.batch) > goTraceMaxBatch {
		t.flush(mm)
		mm.base, mm.last = t.tick, t.tick
	}
	b := append(mm.batch, typ)
	b = binary.AppendUvarint(b, uint64(t.tick-mm.last))
	for _, a := range args {
		b = binary.AppendUvarint(b, a)
	}
	mm.batch, mm.last = b, t.tick
}

// flush writes mm's batch.
func (t *GoTraceWriter) flush(mm *goTraceM) {
	if len(mm.batch) == 0 {
		return
	}
	t.batch(uint64(mm.id), uint64(mm.base), mm.batch)
	mm.batch = mm.batch[:0]
}

// batch writes one batch: header and data.
func (t *GoTraceWriter) batch(m, ts uint64, data []byte) {
	if t.err != nil {
		return
	}
	h := []byte{goTraceEventBatch}
	h = binary.AppendUvarint(h, goTraceGen)
	h = binary.AppendUvarint(h, m)
	h = binary.AppendUvarint(h, ts)
	h = binary.AppendUvarint(h, uint64(len(data)))
	if _, t.err = t.w.Write(h); t.err == nil {
		_, t.err = t.w.Write(data)
	}
}

// str returns the id of string s in the string table.
func (t *GoTraceWriter) str(s string) uint64 {
	if len(s) > goTraceMaxStr {
		s = s[:goTraceMaxStr]
	}
	if id, ok := t.strings[s]; ok {
		return id
	}
	t.strOrder = append(t.strOrder, s)
	id := uint64(len(t.strOrder))
	t.strings[s] = id
	return id
}

// stack returns the id of the stack of an event at pos: the program's
// function there (0: no stack, when the event has no position).
func (t *GoTraceWriter) stack(pos vm.Pos) uint64 { return t.stackIn(nil, pos) }

// stackIn is stack with the runtime's function s.Func on top, as the
// real runtime's stack of a yield or a preemption has it (a reader tells
// goyield and asyncPreempt from the other GoStops by that frame).
func (t *GoTraceWriter) stackIn(s *runtime.EvSpec, pos vm.Pos) uint64 {
	var pcs []uint64
	if s != nil {
		pcs = append(pcs, t.pc(goTraceFrame{fn: s.Func, file: s.File}))
	}
	if pos.Line > 0 && t.prog != nil {
		fr := goTraceFrame{fn: t.funcName(pos), file: "?", line: int64(pos.Line)}
		if int(pos.File) < len(t.prog.Files) {
			fr.file = t.prog.Files[pos.File]
		}
		pcs = append(pcs, t.pc(fr))
	}
	if len(pcs) == 0 {
		return 0
	}
	var key []byte
	for _, pc := range pcs {
		key = binary.AppendUvarint(key, pc)
	}
	if id, ok := t.stacks[string(key)]; ok {
		return id
	}
	t.stackPCs = append(t.stackPCs, pcs)
	id := uint64(len(t.stackPCs))
	t.stacks[string(key)] = id
	return id
}

// pc returns the made-up PC of a frame.
func (t *GoTraceWriter) pc(fr goTraceFrame) uint64 {
	pc, ok := t.frames[fr]
	if !ok {
		pc = goTracePCBase + 16*uint64(len(t.frameOf))
		t.frames[fr] = pc
		t.frameOf = append(t.frameOf, fr)
		t.str(fr.fn) // into the table before Close writes it
		t.str(fr.file)
	}
	return pc
}

// funcName is the function of the program at pos.
func (t *GoTraceWriter) funcName(pos vm.Pos) string {
	if t.funcAt == nil {
		t.funcAt = map[vm.Pos]string{}
		for _, f := range t.prog.Funcs {
			for _, p := range f.Pos {
				k := vm.Pos{File: p.File, Line: p.Line}
				if _, ok := t.funcAt[k]; !ok {
					t.funcAt[k] = f.Name
				}
			}
		}
	}
	if fn, ok := t.funcAt[vm.Pos{File: pos.File, Line: pos.Line}]; ok {
		return fn
	}
	return "main.main"
}

// Event writes ev, if Go's trace format records its kind.
func (t *GoTraceWriter) Event(ev runtime.Event) {
	if t.err != nil {
		return
	}
	te := ev.TraceEvent()
	if te == nil {
		return
	}
	mm := t.m(ev.M)
	switch te.Name {
	case "GoCreate":
		t.ensureRunning(mm, ev.P, ev.Arg1, ev.T)
		t.gs[ev.G] = &goTraceG{status: goTraceGoRunnable, m: -1}
		t.event(mm, ev.T, goTraceGoCreate, uint64(ev.G), 0, t.stack(ev.Pos))
	case "GoStart":
		t.start(mm, ev.P, ev.G, ev.T)
	case "GoBlock":
		t.ensureRunning(mm, ev.P, ev.G, ev.T)
		reason := runtime.WaitReasonTrace(ev.Arg1)
		if ev.Arg1 == 0 && ev.Text != "" {
			reason = ev.Text
		}
		t.event(mm, ev.T, goTraceGoBlock, t.str(reason), t.stack(ev.Pos))
		t.g(ev.G).status, t.g(ev.G).m, mm.g = goTraceGoWaiting, -1, -1
	case "GoUnblock":
		t.unblock(mm, ev.G, ev.T, t.stack(ev.Pos))
		if ev.Kind == runtime.EvInjectglist && ev.Arg1 > 1 && t.State != nil {
			// In the list's order: injectglist put its first Gs on the
			// global queue's tail and the rest on the P's ring's tail.
			st := t.State()
			order := slices.Clone(st.Global)
			for _, p := range st.Ps {
				if p.ID == ev.P {
					order = append(order, p.Runq...)
				}
			}
			for _, g := range st.Gs {
				if g.Status == "runnable" {
					order = append(order, g.Goid)
				}
			}
			for _, g := range order {
				if gg, ok := t.gs[g]; ok && gg.status == goTraceGoWaiting {
					t.unblock(mm, g, ev.T, 0)
				}
			}
		}
	case "GoStop":
		t.ensureRunning(mm, ev.P, ev.G, ev.T)
		t.event(mm, ev.T, goTraceGoStop, t.str(te.Reason), t.stackIn(ev.Kind.Spec(), ev.Pos))
		t.g(ev.G).status, t.g(ev.G).m, mm.g = goTraceGoRunnable, -1, -1
	case "GoDestroy":
		t.ensureRunning(mm, ev.P, ev.G, ev.T)
		t.event(mm, ev.T, goTraceGoDestroy)
		t.g(ev.G).status, t.g(ev.G).m, mm.g = 0, -1, -1
	case "GoSyscallBegin":
		t.ensureRunning(mm, ev.P, ev.G, ev.T)
		pp := t.p(ev.P)
		pp.seq++
		t.event(mm, ev.T, goTraceGoSyscallBegin, pp.seq, t.stack(ev.Pos))
		pp.status = goTraceProcSys
		gg := t.g(ev.G)
		gg.status, gg.m = goTraceGoSyscall, mm.id
	case "GoSyscallEnd", "GoSyscallEndBlocked":
		t.exitsyscall(mm, ev, te.Name == "GoSyscallEnd")
	case "ProcStart":
		t.procStart(mm, ev.P, ev.T)
	case "ProcStop":
		if mm.p == ev.P {
			t.event(mm, ev.T, goTraceProcStop)
			t.p(ev.P).status, t.p(ev.P).m, mm.p = goTraceProcIdle, -1, -1
		}
	case "ProcSteal":
		pp := t.p(ev.P)
		if pp.status != goTraceProcSys || pp.m < 0 {
			return
		}
		pp.seq++
		t.event(mm, ev.T, goTraceProcSteal, uint64(ev.P), pp.seq, uint64(pp.m))
		t.m(pp.m).p = -1
		pp.status, pp.m = goTraceProcIdle, -1
	case "ProcsChange":
		t.procresize(mm, ev)
	case "STWBegin":
		t.event(mm, ev.T, goTraceSTWBegin, t.str(ev.Text), t.stack(ev.Pos))
		t.stw[ev.G] = true
		// stopTheWorldWithSema stops every other P: their Gs are
		// preempted and their Ms let them go (gcstopm).
		for _, id := range t.morder {
			other := t.ms[id]
			if other == mm {
				continue
			}
			t.stopOn(other, ev.T)
			if other.p >= 0 && t.p(other.p).status == goTraceProcRun {
				t.event(other, ev.T, goTraceProcStop)
				t.p(other.p).status, t.p(other.p).m, other.p = goTraceProcIdle, -1, -1
			}
		}
	case "STWEnd":
		if t.stw[ev.G] {
			t.event(mm, ev.T, goTraceSTWEnd)
			delete(t.stw, ev.G)
		}
	case "GCBegin":
		t.gcSeq++
		t.event(mm, ev.T, goTraceGCBegin, t.gcSeq, t.stack(ev.Pos))
	case "GCEnd":
		if t.gcSeq%2 == 1 {
			t.gcSeq++
			t.event(mm, ev.T, goTraceGCEnd, t.gcSeq)
		}
	case "GCMarkAssistBegin":
		// The simulator's assist is one instant: it begins and ends there.
		if ev.G < 0 {
			return
		}
		t.ensureRunning(mm, ev.P, ev.G, ev.T)
		t.event(mm, ev.T, goTraceGCAssistBegin, t.stack(ev.Pos))
		t.event(mm, ev.T, goTraceGCAssistEnd)
	case "UserLog":
		if ev.G < 0 || t.g(ev.G).status != goTraceGoRunning || mm.g != ev.G {
			return // the reader wants a log on a running G's thread
		}
		stream := "stdout"
		if ev.Arg1 == 1 {
			stream = "stderr"
		}
		t.event(mm, ev.T, goTraceUserLog, 0, t.str(stream), t.str(ev.Text), t.stack(ev.Pos))
	}
}

// procStart gives mm P p, stopping what mm held before.
func (t *GoTraceWriter) procStart(mm *goTraceM, p int32, ns int64) {
	if p < 0 || mm.p == p {
		return
	}
	if mm.p >= 0 {
		t.event(mm, ns, goTraceProcStop)
		t.p(mm.p).status, t.p(mm.p).m = goTraceProcIdle, -1
	}
	pp := t.p(p)
	if pp.m >= 0 && pp.m != mm.id {
		// Another M holds it in the writer's eyes: it lets it go.
		other := t.m(pp.m)
		if pp.status == goTraceProcSys {
			pp.seq++
			t.event(mm, ns, goTraceProcSteal, uint64(p), pp.seq, uint64(other.id))
		} else {
			t.event(other, ns, goTraceProcStop)
		}
		other.p = -1
	}
	pp.seq++
	t.event(mm, ns, goTraceProcStart, uint64(p), pp.seq)
	pp.status, pp.m, mm.p = goTraceProcRun, mm.id, p
}

// ensureRunning makes the reader see G g running on mm with P p before an
// event of g's own.
func (t *GoTraceWriter) ensureRunning(mm *goTraceM, p int32, g int64, ns int64) {
	if p >= 0 && mm.p != p {
		t.procStart(mm, p, ns)
	}
	if g < 0 || mm.g == g {
		return
	}
	if gg := t.g(g); gg.status != goTraceGoRunning {
		t.start(mm, mm.p, g, ns)
	}
}

// start writes G g starting on mm.
func (t *GoTraceWriter) start(mm *goTraceM, p int32, g int64, ns int64) {
	if p >= 0 && mm.p != p {
		t.procStart(mm, p, ns)
	}
	gg := t.g(g)
	switch gg.status {
	case goTraceGoRunning:
		if mm.g == g {
			return
		}
		// It runs on another M in the writer's eyes: it left that M
		// without an event (a stop-the-world stopped it).
		t.stopOn(t.m(gg.m), ns)
	case goTraceGoWaiting:
		t.unblock(mm, g, ns, 0) // readied without an event of its own (the netpoller's list)
	case 0:
		gg.status = goTraceGoRunnable // a G the trace has not seen (made before it began)
		t.event(mm, ns, goTraceGoStatus, uint64(g), goTraceNoThread, goTraceGoRunnable)
	}
	if mm.g >= 0 && mm.g != g {
		t.stopOn(mm, ns)
	}
	gg.seq++
	t.event(mm, ns, goTraceGoStart, uint64(g), gg.seq)
	gg.status, gg.m, mm.g = goTraceGoRunning, mm.id, g
	if t.procs > 0 {
		t.event(mm, ns, goTraceProcsChange, uint64(t.procs), 0)
		t.procs = 0
	}
}

// stopOn stops the G that mm runs, if it still runs there: it left
// without an event of the simulator's (preempted by a stop-the-world).
func (t *GoTraceWriter) stopOn(mm *goTraceM, ns int64) {
	if mm.g < 0 {
		return
	}
	if gg := t.g(mm.g); gg.status == goTraceGoRunning && gg.m == mm.id {
		t.event(mm, ns, goTraceGoStop, t.str("preempted"), 0)
		gg.status, gg.m = goTraceGoRunnable, -1
	}
	mm.g = -1
}

// unblock writes G g made runnable by mm.
func (t *GoTraceWriter) unblock(mm *goTraceM, g int64, ns int64, stack uint64) {
	gg := t.g(g)
	if gg.status == 0 {
		gg.status = goTraceGoWaiting
		t.event(mm, ns, goTraceGoStatus, uint64(g), goTraceNoThread, goTraceGoWaiting)
	}
	if gg.status != goTraceGoWaiting {
		return
	}
	gg.seq++
	t.event(mm, ns, goTraceGoUnblock, uint64(g), gg.seq, stack)
	gg.status = goTraceGoRunnable
}

// exitsyscall writes G's return from a system call: with its P still
// attached (the fast path), or having lost it (then, with a P, it runs
// again at once: the runtime traces a GoStart after GoSyscallEndBlocked).
func (t *GoTraceWriter) exitsyscall(mm *goTraceM, ev runtime.Event, fast bool) {
	gg := t.g(ev.G)
	if gg.status != goTraceGoSyscall {
		return
	}
	if mm.g != ev.G {
		mm = t.m(gg.m)
	}
	if fast && mm.p >= 0 && t.p(mm.p).status == goTraceProcSys {
		t.event(mm, ev.T, goTraceGoSyscallEnd)
		t.p(mm.p).status = goTraceProcRun
		gg.status, gg.m = goTraceGoRunning, mm.id
		return
	}
	if ev.P >= 0 && mm.p != ev.P {
		t.procStart(mm, ev.P, ev.T)
	}
	if mm.p >= 0 && t.p(mm.p).status == goTraceProcSys {
		// The fast path after all: the P never left.
		t.event(mm, ev.T, goTraceGoSyscallEnd)
		t.p(mm.p).status = goTraceProcRun
		gg.status, gg.m = goTraceGoRunning, mm.id
		return
	}
	t.event(mm, ev.T, goTraceGoSyscallEndBlk)
	gg.status, gg.m, mm.g = goTraceGoRunnable, -1, -1
	if ev.P >= 0 {
		t.start(mm, ev.P, ev.G, ev.T)
	}
}

// procresize writes GOMAXPROCS's change; when the caller's M moves to
// another P, it stops its G and its P and starts them again, as the
// runtime's traced procresize does, and the stop-the-world it began ends.
func (t *GoTraceWriter) procresize(mm *goTraceM, ev runtime.Event) {
	g := mm.g
	if ev.P >= 0 && mm.p != ev.P && g >= 0 {
		t.event(mm, ev.T, goTraceGoStop, t.str("runtime.Gosched"), 0)
		t.g(g).status, t.g(g).m, mm.g = goTraceGoRunnable, -1, -1
		t.procStart(mm, ev.P, ev.T)
		t.start(mm, ev.P, g, ev.T)
	}
	t.event(mm, ev.T, goTraceProcsChange, uint64(ev.Arg2), t.stack(ev.Pos))
	if _, ok := t.stw[ev.G]; ok {
		t.event(mm, ev.T, goTraceSTWEnd)
		delete(t.stw, ev.G)
	}
}

// Close writes the rest of the generation: every batch, the strings, the
// stacks, the clock, and the end.
func (t *GoTraceWriter) Close() error {
	for _, id := range t.morder {
		t.flush(t.ms[id])
	}
	// Strings.
	data := []byte{goTraceStrings}
	for i, s := range t.strOrder {
		if len(data)+len(s)+32 > goTraceMaxBatch {
			t.batch(goTraceNoThread, 0, data)
			data = []byte{goTraceStrings}
		}
		data = append(data, goTraceString)
		data = binary.AppendUvarint(data, uint64(i+1))
		data = binary.AppendUvarint(data, uint64(len(s)))
		data = append(data, s...)
	}
	t.batch(goTraceNoThread, 0, data)
	// Stacks.
	data = []byte{goTraceStacks}
	for i, pcs := range t.stackPCs {
		if len(data)+64*len(pcs)+32 > goTraceMaxBatch {
			t.batch(goTraceNoThread, 0, data)
			data = []byte{goTraceStacks}
		}
		data = append(data, goTraceStack)
		data = binary.AppendUvarint(data, uint64(i+1))
		data = binary.AppendUvarint(data, uint64(len(pcs)))
		for _, pc := range pcs {
			fr := t.frameOf[(pc-goTracePCBase)/16]
			data = binary.AppendUvarint(data, pc)
			data = binary.AppendUvarint(data, t.str(fr.fn))
			data = binary.AppendUvarint(data, t.str(fr.file))
			data = binary.AppendUvarint(data, uint64(fr.line))
		}
	}
	t.batch(goTraceNoThread, 0, data)
	// Sync: the frequency and a clock snapshot at the first tick.
	data = []byte{goTraceSync, goTraceFrequency}
	data = binary.AppendUvarint(data, goTraceFreq)
	data = append(data, goTraceClockSnapshot)
	data = binary.AppendUvarint(data, 0) // at the batch's time
	data = binary.AppendUvarint(data, goTraceBase)
	data = binary.AppendUvarint(data, 0) // the wall clock: none, for a file that never changes
	data = binary.AppendUvarint(data, 0)
	t.batch(goTraceNoThread, goTraceBase, data)
	if t.err == nil {
		_, t.err = t.w.Write([]byte{goTraceEndOfGeneration})
	}
	return t.err
}
