package view

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/runtime"
)

// The text timeline (a lesson's `timeline` cell): one row per P, virtual
// time left to right, each run of a G on the P drawn with its id
// ("G7-----" running, "G1~~~~" in a system call while it keeps the P, as
// Go 1.26 lets it). Under a P's row, a row of markers: S a steal by this
// P, ! a preemption of its G, R sysmon retaking it, H handoffp, N the
// netpoller making Gs runnable, O its run queue overflowing to the global
// queue. A row "Ms" shows Gs in system calls on Ms that lost their P
// (after a retake), and a row "sysmon" shows when sysmon acts (R retake,
// ! a preemption request, N a netpoll, z a deep sleep), each only when
// there is something to show. With the collector (layer gc), a mark
// worker's run is drawn G19===== and a row "world" shows the stops of
// the world (#) and the concurrent mark between them (=); the marks a (a
// mark assist) and K (a dedicated worker kicking its run queue to the
// global queue) go under the Ps. A legend ends it.
//
// A column is a fixed slice of virtual time chosen so the run fits in
// TimelineWidth columns (1, 2 or 5 times a power of ten nanoseconds). A
// run shorter than its label shows as * (a run of one column is always
// drawn, so no run disappears); where two runs share a column, the later
// one wins. Marks that fall in the same column are drawn side by side, up
// to three columns right of their time. The book draws the same runs as an SVG from TimelineRuns.

// TimelineWidth is the number of columns of time.
const TimelineWidth = 80

// markSlack is how far right of its time a mark may be drawn when others
// fill its column.
const markSlack = 3

// TimelineRun is one span of a row: G ran (or sat in a system call) from
// Start to End; on the world row, the world was stopped or marking.
type TimelineRun struct {
	Row     int // the P, RowMs or RowWorld
	G       int64
	Start   int64
	End     int64
	Syscall bool
	// Worker: G is a mark worker of the collector, in this mode ("GC
	// (dedicated)", …).
	Worker string
	// World, on RowWorld: '#' the world is stopped, '=' the collector
	// marks concurrently (G is -1).
	World byte
}

// TimelineMark is one marker: what happened (the marker's character) on a
// row at a time.
type TimelineMark struct {
	Row  int // the P, RowMs or RowSysmon
	T    int64
	Mark byte
}

// Rows that are not Ps.
const (
	RowMs     = -1
	RowSysmon = -2
	RowWorld  = -3
)

// Timeline collects a run's events into runs and markers.
type Timeline struct {
	// NoPs: the run is the GM model (the stacks layer alone), which has no
	// Ps; its rows are the GOMAXPROCS slots of the Ms that may run Go code
	// at once (Go 1.0's mcpumax), named slot0, slot1, …
	NoPs bool
	// Columns is the number of columns of time to fit the run in
	// (0: TimelineWidth); a terminal narrower than 90 columns gets fewer.
	Columns int

	procs int
	open  map[int]TimelineRun   // by P: what runs now
	noP   map[int64]TimelineRun // by G: in a syscall on an M without a P
	Runs  []TimelineRun
	Marks []TimelineMark
	end   int64
	// The collector: the worker each P runs next and its mode, and the
	// world row's open span.
	worker    map[int]TimelineRun
	world     TimelineRun
	worldOpen bool
}

// RowName names row r: P0, P1, … (slot0, slot1, … without Ps), Ms or
// sysmon. The text timeline and the book's SVG both use it.
func (t *Timeline) RowName(r int) string {
	switch {
	case r == RowMs:
		return "Ms"
	case r == RowSysmon:
		return "sysmon"
	case r == RowWorld:
		return "world"
	case t.NoPs:
		return "slot" + strconv.Itoa(r)
	}
	return "P" + strconv.Itoa(r)
}

// NewTimeline starts a timeline of a machine with procs Ps.
func NewTimeline(procs int) *Timeline {
	return &Timeline{procs: procs, open: map[int]TimelineRun{}, noP: map[int64]TimelineRun{}, worker: map[int]TimelineRun{}}
}

func (t *Timeline) start(p int, g int64, at int64, syscall bool) {
	t.stop(p, at)
	t.procs = max(t.procs, p+1)
	r := TimelineRun{Row: p, G: g, Start: at, Syscall: syscall}
	if w, ok := t.worker[p]; ok && w.G == g {
		r.Worker = w.Worker
	}
	delete(t.worker, p)
	t.open[p] = r
}

// worldChange opens the world row's next span (0: none) at at, closing
// the one open.
func (t *Timeline) worldChange(at int64, next byte) {
	if t.worldOpen {
		t.world.End = at
		t.Runs = append(t.Runs, t.world)
	}
	t.worldOpen = next != 0
	t.world = TimelineRun{Row: RowWorld, G: -1, Start: at, World: next}
}

func (t *Timeline) stop(p int, at int64) {
	r, ok := t.open[p]
	if !ok {
		return
	}
	delete(t.open, p)
	r.End = at
	t.Runs = append(t.Runs, r)
}

func (t *Timeline) mark(row int, at int64, m byte) {
	t.Marks = append(t.Marks, TimelineMark{Row: row, T: at, Mark: m})
}

// Event adds one event; events come in order.
func (t *Timeline) Event(ev runtime.Event) {
	t.end = max(t.end, ev.T)
	p := int(ev.P)
	spec := ev.Kind.Spec()
	switch spec.Span {
	case runtime.SpanRun:
		if p >= 0 {
			t.start(p, ev.G, ev.T, false)
		}
	case runtime.SpanSyscall:
		if p >= 0 {
			t.start(p, ev.G, ev.T, true)
		}
	case runtime.SpanStop:
		if p >= 0 {
			t.stop(p, ev.T)
		}
	case runtime.SpanRetake:
		if r, ok := t.open[p]; ok && r.Syscall {
			t.stop(p, ev.T)
			t.noP[r.G] = TimelineRun{Row: RowMs, G: r.G, Start: ev.T, Syscall: true}
		}
	case runtime.SpanExitsyscall:
		if r, ok := t.noP[ev.G]; ok {
			delete(t.noP, ev.G)
			r.End = ev.T
			t.Runs = append(t.Runs, r)
		}
		if p >= 0 {
			t.start(p, ev.G, ev.T, false)
		}
	case runtime.SpanEnd:
		t.closeAll(ev.T)
	}
	if spec.GCWorker && p >= 0 {
		t.worker[p] = TimelineRun{G: ev.G, Worker: spec.Args[0].CodeName(ev.Arg1)}
	}
	switch spec.World {
	case runtime.WorldStop:
		t.worldChange(ev.T, '#')
	case runtime.WorldStart:
		next := byte(0)
		if m, _ := ev.Arg("marking"); m == 1 {
			next = '='
		}
		t.worldChange(ev.T, next)
	}
	if spec.Mark == 0 {
		return
	}
	onP, onSysmon := false, false
	switch spec.MarkOn {
	case runtime.MarkOnP:
		onP = p >= 0
	case runtime.MarkOnSysmon:
		onSysmon = true
	case runtime.MarkOnPAndSysmon:
		onP, onSysmon = p >= 0, true
	case runtime.MarkOnPElseSysmon:
		onP, onSysmon = p >= 0, p < 0
	}
	if onP {
		t.mark(p, ev.T, spec.Mark)
	}
	if onSysmon {
		t.mark(RowSysmon, ev.T, spec.Mark)
	}
}

// closeAll ends every open run at the given time.
func (t *Timeline) closeAll(at int64) {
	for p := 0; p < t.procs; p++ {
		t.stop(p, at)
	}
	// In goroutine order: no map order reaches the output.
	for _, g := range slices.Sorted(maps.Keys(t.noP)) {
		r := t.noP[g]
		r.End = at
		t.Runs = append(t.Runs, r)
	}
	clear(t.noP)
	t.worldChange(at, 0)
}

// Scale returns the virtual time a column stands for: the smallest 1, 2 or
// 5 times a power of ten nanoseconds that fits the run in TimelineWidth
// columns (Columns, if set).
func (t *Timeline) Scale() int64 {
	width := int64(TimelineWidth)
	if t.Columns > 0 {
		width = int64(t.Columns)
	}
	for step := int64(1); ; step *= 10 {
		for _, k := range []int64{1, 2, 5} {
			if (t.end+k*step-1)/(k*step) < width {
				return k * step
			}
		}
	}
}

// Close ends the runs still open at the last event (a run cut by
// --max-time or --max-steps has no exit event); Runs is complete after it.
func (t *Timeline) Close() {
	if len(t.open) > 0 || len(t.noP) > 0 || t.worldOpen {
		t.closeAll(t.end)
	}
}

// String draws the timeline (closing it first).
func (t *Timeline) String() string {
	t.Close()
	step := t.Scale()
	cols := int(t.end/step) + 1
	type row struct {
		name  string
		runs  []byte
		marks []byte
	}
	newRow := func(name string) *row {
		return &row{name: name, runs: []byte(strings.Repeat(" ", cols)), marks: []byte(strings.Repeat(" ", cols))}
	}
	rows := map[int]*row{}
	order := []int{}
	for p := 0; p < t.procs; p++ {
		rows[p] = newRow(t.RowName(p))
		order = append(order, p)
	}
	for p := 0; p < t.procs; p++ {
		copy(rows[p].runs, strings.Repeat(".", cols))
	}
	get := func(r int) *row {
		if rows[r] == nil {
			rows[r] = newRow(t.RowName(r))
		}
		return rows[r]
	}
	for _, r := range t.Runs {
		row := get(r.Row)
		c0 := int(r.Start / step)
		c1 := max(c0+1, int((r.End+step-1)/step))
		c1 = min(c1, cols)
		fill := byte('-')
		switch {
		case r.Syscall:
			fill = '~'
		case r.Worker != "":
			fill = '='
		}
		label := "G" + strconv.FormatInt(r.G, 10)
		if r.Row == RowWorld {
			fill, label = r.World, ""
		}
		for c := c0; c < c1; c++ {
			switch i := c - c0; {
			case c1-c0 < len(label):
				row.runs[c] = '*'
			case i < len(label):
				row.runs[c] = label[i]
			default:
				row.runs[c] = fill
			}
		}
	}
	for _, m := range t.Marks {
		row := get(m.Row)
		line := row.marks
		if m.Row == RowSysmon {
			line = row.runs
		}
		// Crowded marks move right, up to markSlack columns, rather
		// than hide each other.
		for c := min(int(m.T/step), cols-1); c < min(cols, int(m.T/step)+markSlack+1); c++ {
			if line[c] == ' ' || line[c] == m.Mark {
				line[c] = m.Mark
				break
			}
		}
	}
	if rows[RowMs] != nil {
		order = append(order, RowMs)
	}
	if rows[RowSysmon] != nil {
		order = append(order, RowSysmon)
	}
	if rows[RowWorld] != nil {
		order = append(order, RowWorld)
	}

	var b strings.Builder
	const label = 8
	b.WriteString("one column = " + FormatDuration(step) + " of virtual time; the run lasts " + FormatDuration(t.end) + "\n")
	b.WriteString(strings.Repeat(" ", label))
	b.WriteString(axis(cols, step))
	b.WriteString("\n")
	for _, r := range order {
		row := rows[r]
		b.WriteString(row.name + strings.Repeat(" ", label-len(row.name)-1) + "|")
		b.WriteString(strings.TrimRight(string(row.runs), " "))
		b.WriteString("\n")
		if m := strings.TrimRight(string(row.marks), " "); m != "" {
			b.WriteString(strings.Repeat(" ", label) + m + "\n")
		}
	}
	idle := ". P idle"
	if t.NoPs {
		idle = ". slot idle"
	}
	b.WriteString("G7---- G7 runs   G1~~~ G1 in a system call   * runs too short for their id   " + idle + "\n")
	b.WriteString(timelineMarks(false))
	if rows[RowWorld] != nil {
		b.WriteString("G20=== a mark worker   world: # stopped, = the collector marks concurrently\n")
		b.WriteString(timelineMarks(true))
	}
	return b.String()
}

// timelineMarks is the legend's line of the marks (the collector's, gc).
func timelineMarks(gc bool) string {
	var parts []string
	for _, m := range TimelineMarks {
		if m.GC == gc {
			parts = append(parts, string(m.Mark)+" "+m.Short)
		}
	}
	if gc {
		return "GC marks: " + strings.Join(parts, ", ") + "\n"
	}
	return "marks: " + strings.Join(parts, ", ") + "\n"
}

// axis labels every tenth column with its time.
func axis(cols int, step int64) string {
	var b strings.Builder
	for c := 0; c < cols; c += 10 {
		l := FormatDuration(int64(c) * step)
		if c+10 < cols || len(l) <= cols-c {
			b.WriteString("|" + l)
			if pad := 9 - len(l); pad > 0 && c+10 < cols {
				b.WriteString(strings.Repeat(" ", pad))
			}
		}
	}
	return b.String()
}

// FormatDuration prints virtual nanoseconds briefly: 0, 500ns, 20us,
// 1.5ms, 2s (in the largest unit that keeps it at least 1, with at most
// three decimals).
func FormatDuration(ns int64) string {
	if ns == 0 {
		return "0"
	}
	units := []struct {
		name string
		n    int64
	}{{"s", 1e9}, {"ms", 1e6}, {"us", 1e3}, {"ns", 1}}
	for _, u := range units {
		if ns >= u.n {
			whole := strconv.FormatInt(ns/u.n, 10)
			frac := ns % u.n
			if frac == 0 {
				return whole + u.name
			}
			f := strconv.FormatInt(frac+u.n, 10)[1:]
			f = strings.TrimRight(f, "0")
			if len(f) > 3 {
				f = f[:3]
			}
			return whole + "." + f + u.name
		}
	}
	return strconv.FormatInt(ns, 10) + "ns"
}
