package view

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"

	"github.com/gmplab/gmplab/runtime"
)

// The Chrome trace-event writer (`--format chrome`). The file opens in
// Perfetto (ui.perfetto.dev) or chrome://tracing: one track per P, where a
// slice "G5" says G5 ran on that P from its execute to the event that took
// it off (gopark, goschedImpl, goexit0, a preemption, the P being released);
// "G5 syscall" is G5 in a system call while still holding the P (Go 1.26
// keeps the P attached), until exitsyscall or until sysmon retakes the P.
// Instants mark the decisions a learner looks for: steals, preemptions,
// handoffs, stack growth, overflow to the global queue, the netpoller,
// timers, breakpoints and the program's output (the kinds whose spec says
// Instant; its Span says how each kind starts or ends a slice). Events with no P (sysmon,
// an M without a P) go on one extra track. With the collector (layer gc),
// as Go's trace viewer shows it: a mark worker's slice is named by its mode
// ("GC (dedicated)", "GC (fractional)", "GC (idle)") instead of its G, and
// a track "GC" holds a slice "STW" for each stop of the world (named by its
// reason) and "GC mark" for each concurrent mark.
//
// Times are virtual. The format's "ts" is in microseconds; it is written
// exactly (ns/1000 with three decimals), never through a float, so the file
// is byte-identical from run to run.
//
// Format reference: "Trace Event Format", Google, 2016
// (docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU).

const (
	chromePid = 1
	// noPTrack is the track of events that involve no P.
	noPTrack = 1 << 20
	// gcTrack is the collector's track: stops of the world and marks.
	gcTrack = noPTrack + 1
)

type chromeEvent struct {
	Name string      `json:"name"`
	Cat  string      `json:"cat,omitempty"`
	Ph   string      `json:"ph"`
	S    string      `json:"s,omitempty"`
	Pid  int         `json:"pid"`
	Tid  int64       `json:"tid"`
	Ts   json.Number `json:"ts,omitempty"`
	Dur  json.Number `json:"dur,omitempty"`
	Args any         `json:"args,omitempty"`
}

type chromeSliceArgs struct {
	G int64 `json:"g"`
	M int32 `json:"m"`
}

type chromeInstantArgs struct {
	Seq     int64  `json:"seq"`
	M       int32  `json:"m"`
	G       int64  `json:"g"`
	Details string `json:"details,omitempty"`
	Why     string `json:"why,omitempty"`
}

type chromeName struct {
	Name string `json:"name"`
}

type chromeSort struct {
	SortIndex int64 `json:"sort_index"`
}

// openSlice is what a P's track shows now.
type openSlice struct {
	on      bool
	g       int64
	m       int32
	syscall bool
	start   int64
	worker  string // a mark worker's mode: the slice's name
}

// ChromeWriter streams events into a Chrome trace-event JSON file. Call
// Event for each event in order, then Close.
type ChromeWriter struct {
	w      io.Writer
	err    error
	n      int
	tracks []bool      // tracks[p]: the P's track has been named
	open   []openSlice // by P
	noP    bool        // the no-P track has been named
	last   int64
	// The collector: the worker each P runs next (by P: goid and mode),
	// and the GC track's open slice.
	worker    map[int32]openSlice
	gcNamed   bool
	world     openSlice
	worldName string
}

// NewChromeWriter starts a trace file on w.
func NewChromeWriter(w io.Writer) *ChromeWriter {
	c := &ChromeWriter{w: w, worker: map[int32]openSlice{}}
	c.write([]byte("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n"))
	c.emit(chromeEvent{Name: "process_name", Ph: "M", Pid: chromePid, Args: chromeName{"gmplab (virtual time)"}})
	return c
}

func (c *ChromeWriter) write(b []byte) {
	if c.err != nil {
		return
	}
	_, c.err = c.w.Write(b)
}

func (c *ChromeWriter) emit(e chromeEvent) {
	var buf bytes.Buffer
	if c.n > 0 {
		buf.WriteString(",\n")
	}
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
		panic("view.ChromeWriter: " + err.Error()) // plain fields: cannot fail
	}
	c.n++
	c.write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// usec formats ns as microseconds, exactly: 1500 → "1.5", 2000 → "2".
func usec(ns int64) json.Number {
	neg := ns < 0
	if neg {
		ns = -ns
	}
	s := strconv.FormatInt(ns/1000, 10)
	if f := ns % 1000; f != 0 {
		fs := strconv.FormatInt(f+1000, 10)[1:] // three digits
		for fs[len(fs)-1] == '0' {
			fs = fs[:len(fs)-1]
		}
		s += "." + fs
	}
	if neg {
		s = "-" + s
	}
	return json.Number(s)
}

// track returns the tid for P p, naming the track the first time.
func (c *ChromeWriter) track(p int32) int64 {
	if p < 0 {
		if !c.noP {
			c.noP = true
			c.emit(chromeEvent{Name: "thread_name", Ph: "M", Pid: chromePid, Tid: noPTrack, Args: chromeName{"no P (sysmon, Ms without a P)"}})
			c.emit(chromeEvent{Name: "thread_sort_index", Ph: "M", Pid: chromePid, Tid: noPTrack, Args: chromeSort{noPTrack}})
		}
		return noPTrack
	}
	for int(p) >= len(c.tracks) {
		c.tracks = append(c.tracks, false)
		c.open = append(c.open, openSlice{})
	}
	if !c.tracks[p] {
		c.tracks[p] = true
		c.emit(chromeEvent{Name: "thread_name", Ph: "M", Pid: chromePid, Tid: int64(p), Args: chromeName{"P" + strconv.Itoa(int(p))}})
		c.emit(chromeEvent{Name: "thread_sort_index", Ph: "M", Pid: chromePid, Tid: int64(p), Args: chromeSort{int64(p)}})
	}
	return int64(p)
}

// start opens a slice on P p (closing what was there).
func (c *ChromeWriter) start(p int32, g int64, m int32, syscall bool, t int64) {
	c.track(p)
	c.end(p, t)
	c.open[p] = openSlice{on: true, g: g, m: m, syscall: syscall, start: t}
	if w, ok := c.worker[p]; ok && w.g == g {
		c.open[p].worker = w.worker
	}
	delete(c.worker, p)
}

// worldChange ends the GC track's open slice at t and opens one named
// name ("" for none).
func (c *ChromeWriter) worldChange(t int64, name string) {
	if !c.gcNamed {
		c.gcNamed = true
		c.emit(chromeEvent{Name: "thread_name", Ph: "M", Pid: chromePid, Tid: gcTrack, Args: chromeName{"GC"}})
		c.emit(chromeEvent{Name: "thread_sort_index", Ph: "M", Pid: chromePid, Tid: gcTrack, Args: chromeSort{-1}})
	}
	if c.world.on {
		c.emit(chromeEvent{Name: c.worldName, Cat: "gc", Ph: "X", Pid: chromePid, Tid: gcTrack, Ts: usec(c.world.start), Dur: usec(t - c.world.start)})
	}
	c.world = openSlice{on: name != "", start: t}
	c.worldName = name
}

// end closes P p's open slice at t.
func (c *ChromeWriter) end(p int32, t int64) {
	if p < 0 || int(p) >= len(c.open) || !c.open[p].on {
		return
	}
	o := c.open[p]
	c.open[p] = openSlice{}
	name, cat := "G"+strconv.FormatInt(o.g, 10), "running"
	switch {
	case o.syscall:
		name, cat = name+" syscall", "syscall"
	case o.worker != "":
		name, cat = o.worker, "gc"
	}
	c.emit(chromeEvent{
		Name: name, Cat: cat, Ph: "X", Pid: chromePid, Tid: int64(p),
		Ts: usec(o.start), Dur: usec(t - o.start),
		Args: chromeSliceArgs{G: o.g, M: o.m},
	})
}

// syscallP returns the P whose track shows G g in a syscall, or -1.
func (c *ChromeWriter) syscallP(g int64) int32 {
	for p, o := range c.open {
		if o.on && o.syscall && o.g == g {
			return int32(p)
		}
	}
	return -1
}

// Event adds one event. Events must come in Seq order.
func (c *ChromeWriter) Event(ev runtime.Event) error {
	c.last = ev.T
	spec := ev.Kind.Spec()
	switch spec.Span {
	case runtime.SpanRun:
		if ev.P >= 0 {
			c.start(ev.P, ev.G, ev.M, false, ev.T)
		}
	case runtime.SpanStop, runtime.SpanRetake:
		c.end(ev.P, ev.T)
	case runtime.SpanSyscall:
		if ev.P >= 0 {
			c.start(ev.P, ev.G, ev.M, true, ev.T)
		}
	case runtime.SpanExitsyscall:
		if p := c.syscallP(ev.G); p >= 0 {
			c.end(p, ev.T)
		}
		if ev.P >= 0 {
			c.start(ev.P, ev.G, ev.M, false, ev.T)
		}
	case runtime.SpanEnd:
		for p := range c.open {
			c.end(int32(p), ev.T)
		}
		if c.world.on {
			c.worldChange(ev.T, "")
		}
	}
	if spec.GCWorker && ev.P >= 0 {
		c.worker[ev.P] = openSlice{g: ev.G, worker: spec.Args[0].CodeName(ev.Arg1)}
	}
	switch spec.World {
	case runtime.WorldStop:
		c.worldChange(ev.T, "STW ("+ev.Text+")")
	case runtime.WorldStart:
		name := ""
		if m, _ := ev.Arg("marking"); m == 1 {
			name = "GC mark"
		}
		c.worldChange(ev.T, name)
	}
	if spec.Instant {
		c.emit(chromeEvent{
			Name: spec.Name, Cat: "sched", Ph: "i", S: "t",
			Pid: chromePid, Tid: c.track(ev.P), Ts: usec(ev.T),
			Args: chromeInstantArgs{Seq: ev.Seq, M: ev.M, G: ev.G, Details: Details(ev), Why: ev.Why},
		})
	}
	return c.err
}

// Close ends the slices still open at the last event's time and finishes
// the file.
func (c *ChromeWriter) Close() error {
	for p := range c.open {
		c.end(int32(p), c.last)
	}
	if c.world.on {
		c.worldChange(c.last, "")
	}
	c.write([]byte("\n]}\n"))
	return c.err
}
