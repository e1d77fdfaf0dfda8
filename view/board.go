package view

import (
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/runtime"
)

// Board draws the whole scheduler as text, for the debugger's board
// command: a header (event, time, GOMAXPROCS, layers), one row per P
// (status, its M, the G it runs, runnext, the ring head→tail), the global
// queue, the Ms, sysmon, the netpoller, the timers, the collector (layer
// gc: its phase, the heap against the trigger and the goal, a stop of the
// world under way, the mark workers and the assists) and the scheduler's
// counters. seq is the event the state follows; width is the terminal's
// width (0: 100). Up to boardFullPs Ps get a row each; with more, the Ps
// that have something get a cell in a grid and the idle, empty ones are
// summed up as ranges, so 64 Ps still fit a screen. The state is the one
// right after event st.Seq. Lists too long for the width show their first
// and last items and their length.
func Board(st *runtime.State, width int) string {
	if width <= 0 {
		width = 100
	}
	width = max(width, 60)
	var b strings.Builder
	head := "event " + strconv.FormatInt(st.Seq, 10) + " at " + FormatTime(st.Clock) +
		"   GOMAXPROCS=" + strconv.Itoa(st.GOMAXPROCS)
	layers := "layers=" + st.Layers
	if runeLen([]byte(head))+3+len(layers) <= width {
		b.WriteString(head + "   " + layers + "\n")
	} else {
		b.WriteString(head + "\n" + layers + "\n")
	}
	gm := !HasPs(st)
	switch {
	case gm:
		// The GM model: Ms serve the global queue; there are no Ps to draw.
	case len(st.Ps) <= boardFullPs:
		boardPsFull(&b, st, width)
	default:
		boardPsCompact(&b, st, width)
	}
	label := func(s string) { b.WriteString(pad(s, 10)) }

	label("global")
	if len(st.Global) == 0 {
		b.WriteString("empty\n")
	} else {
		b.WriteString(strconv.Itoa(len(st.Global)) + ": " + idList("G", st.Global, width-14) + "\n")
	}

	label("Ms")
	boardMs(&b, st, width)

	if replayed(st) {
		// A replayed trace: sysmon, the netpoller and the timers leave
		// no state in it (sysmon shows only through the Ps it takes).
		label("sysmon")
		b.WriteString("not recorded by the trace (its retakes show as ProcSteal)\n")
		label("netpoll")
		b.WriteString("not recorded by the trace\n")
		label("timers")
		b.WriteString("not recorded by the trace\n")
	} else {
		boardRuntime(&b, st, width, gm)
	}

	if st.GC != nil {
		label("gc")
		boardGC(&b, st.GC, width)
	}

	label("sched")
	sc := st.Sched
	if gm {
		b.WriteString("nmidle=" + strconv.Itoa(int(sc.NMIdle)) + " threads=" + strconv.Itoa(int(sc.MCount)))
	} else {
		b.WriteString("npidle=" + strconv.Itoa(int(sc.NPIdle)) + " nmspinning=" + strconv.Itoa(int(sc.NMSpinning)) +
			" nmidle=" + strconv.Itoa(int(sc.NMIdle)) + " needspinning=" + strconv.FormatBool(sc.NeedSpinning) +
			" threads=" + strconv.Itoa(int(sc.MCount)))
	}
	if sc.LockAcq > 0 {
		b.WriteString(" sched.lock acquired=" + strconv.FormatInt(sc.LockAcq, 10) + " contended=" + strconv.FormatInt(sc.LockWait, 10))
	}
	b.WriteString("\n")
	if st.Exit != nil {
		label("exit")
		b.WriteString(st.Exit.Reason + ", code " + strconv.Itoa(st.Exit.Code) + "\n")
	}
	return b.String()
}

// HasPs reports whether the run has Ps: the procs layer, or gmplab real's
// state (layers "real"), read from the real runtime, which has them. The
// GM model's engine keeps GOMAXPROCS slots for the Ms that may run Go
// code, but they are not Ps and no view shows them.
func HasPs(st *runtime.State) bool {
	for _, l := range strings.Split(st.Layers, ",") {
		if l == "procs" || l == "real" {
			return true
		}
	}
	return false
}

// boardFullPs is the most Ps drawn one row each (8 fit a laptop screen
// with room for the rest of the board).
const boardFullPs = 8

func boardPsFull(b *strings.Builder, st *runtime.State, width int) {
	b.WriteString("      status   M     runs   runnext  ring (head → tail)\n")
	for _, p := range st.Ps {
		row := pad("P"+strconv.Itoa(int(p.ID)), 6) + pad(p.Status, 9) + pad(id("M", int64(p.M)), 6) +
			pad(id("G", p.G), 7) + pad(id("G", p.Runnext), 9)
		rest := width - runeLen(row) - 1
		ring := strconv.Itoa(len(p.Runq))
		if len(p.Runq) > 0 {
			ring += ": " + idList("G", p.Runq, rest-len(ring)-2)
		}
		b.WriteString(row + ring + "\n")
	}
}

func boardPsCompact(b *strings.Builder, st *runtime.State, width int) {
	const cellWidth = 33
	cols := max(width/cellWidth, 1)
	var cells []string
	var quiet []int32
	running := 0
	for _, p := range st.Ps {
		if p.Status == "running" {
			running++
		}
		if p.Status == "idle" && p.M < 0 && p.Runnext < 0 && len(p.Runq) == 0 {
			quiet = append(quiet, p.ID)
			continue
		}
		status := p.Status
		if status == "running" {
			status = "run"
		}
		cell := pad("P"+strconv.Itoa(int(p.ID)), 5) + pad(status, 5) + pad(id("M", int64(p.M)), 5) + pad(id("G", p.G), 6) +
			"+" + pad(id("G", p.Runnext), 5) + "q" + strconv.Itoa(len(p.Runq))
		cells = append(cells, cell)
	}
	b.WriteString(strconv.Itoa(len(st.Ps)) + " Ps: " + strconv.Itoa(running) + " running, " + strconv.Itoa(len(st.Ps)-running) +
		" not; each cell: P status M runs +runnext q<ring length>\n")
	for i, c := range cells {
		if i%cols == cols-1 || i == len(cells)-1 {
			b.WriteString(strings.TrimRight(c, " ") + "\n")
		} else {
			b.WriteString(pad(c, cellWidth))
		}
	}
	if len(quiet) > 0 {
		b.WriteString("idle, empty: " + ranges("P", quiet) + "\n")
	}
}

func boardMs(b *strings.Builder, st *runtime.State, width int) {
	var busy []string
	var parked []int32
	for _, m := range st.Ms {
		switch {
		case m.Sysmon:
			busy = append(busy, "M"+strconv.Itoa(int(m.ID))+" sysmon")
		case m.State == "parked" && m.P < 0 && m.CurG < 0:
			parked = append(parked, m.ID)
		default:
			s := "M" + strconv.Itoa(int(m.ID)) + " " + m.State
			if m.P >= 0 && HasPs(st) {
				s += " P" + strconv.Itoa(int(m.P))
			}
			if m.CurG >= 0 {
				s += " G" + strconv.FormatInt(m.CurG, 10)
			}
			if m.Spinning {
				s += " spinning"
			}
			if m.NextP >= 0 && HasPs(st) {
				s += " nextp=P" + strconv.Itoa(int(m.NextP))
			}
			if m.OldP >= 0 && HasPs(st) {
				s += " oldp=P" + strconv.Itoa(int(m.OldP))
			}
			if m.State == "syscall" && m.Until > 0 {
				s += " until " + FormatTime(m.Until)
			}
			busy = append(busy, s)
		}
	}
	lines := 0
	line := ""
	for _, s := range busy {
		if line != "" && runeLen(line)+3+runeLen(s) > width-10 {
			b.WriteString(line + "\n" + strings.Repeat(" ", 10))
			line = ""
			lines++
		}
		if line != "" {
			line += " | "
		}
		line += s
	}
	if len(parked) > 0 {
		s := "parked: " + ranges("M", parked)
		if line != "" && runeLen(line)+3+runeLen(s) > width-10 {
			b.WriteString(line + "\n" + strings.Repeat(" ", 10))
			line = ""
		}
		if line != "" {
			line += " | "
		}
		line += s
	}
	b.WriteString(line + "\n")
}

// idList formats ids as "G5 G6 G7", shortened in the middle to fit width.
func idList(prefix string, ids []int64, width int) string {
	items := make([]string, len(ids))
	for i, v := range ids {
		items[i] = id(prefix, v)
	}
	return fitList(items, width)
}

// fitList joins items with spaces; if that is wider than width it keeps
// the first items that fit, "…", and the last two.
func fitList(items []string, width int) string {
	all := strings.Join(items, " ")
	if runeLen(all) <= width || len(items) <= 3 {
		return all
	}
	tail := " … " + strings.Join(items[len(items)-2:], " ")
	var head []string
	used := runeLen(tail)
	for _, it := range items[:len(items)-2] {
		if used+runeLen(it)+1 > width && len(head) > 0 {
			break
		}
		head = append(head, it)
		used += runeLen(it) + 1
	}
	return strings.Join(head, " ") + tail
}

// ranges formats sorted ids as "P3-P9 P12".
func ranges(prefix string, ids []int32) string {
	var parts []string
	for i := 0; i < len(ids); {
		j := i
		for j+1 < len(ids) && ids[j+1] == ids[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, prefix+strconv.Itoa(int(ids[i])))
		} else {
			parts = append(parts, prefix+strconv.Itoa(int(ids[i]))+"-"+prefix+strconv.Itoa(int(ids[j])))
		}
		i = j + 1
	}
	return strings.Join(parts, " ")
}

func pad(s string, w int) string {
	if n := runeLen(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s + " "
}

// boardGC is the board's line of the collector.
func boardGC(b *strings.Builder, g *runtime.GCInfo, width int) {
	var parts []string
	switch {
	case g.STW != "":
		parts = append(parts, "stopping the world ("+g.STW+"): "+strconv.Itoa(int(g.StopWait))+" P(s) to go")
	case g.Phase == "off":
		parts = append(parts, "off: heap "+FormatBytes(g.HeapLive)+", next cycle at "+FormatBytes(g.Trigger)+", goal "+FormatBytes(g.HeapGoal))
	default:
		parts = append(parts, g.Phase+" (cycle "+strconv.FormatUint(uint64(g.Cycles), 10)+"): heap "+FormatBytes(g.HeapLive)+", goal "+FormatBytes(g.HeapGoal)+
			", "+FormatBytes(uint64(max(g.MarkWork, 0)))+" of scan work left")
	}
	if g.Phase != "off" {
		for _, w := range g.Workers {
			parts = append(parts, "G"+strconv.FormatInt(w.G, 10)+" "+w.Mode+" on P"+strconv.Itoa(int(w.P)))
		}
		if len(g.Assisting) > 0 {
			parts = append(parts, "assisting: "+idList("G", g.Assisting, width/3))
		}
		if len(g.AssistQueue) > 0 {
			parts = append(parts, "assist queue: "+idList("G", g.AssistQueue, width/3))
		}
	}
	if g.SweepLeft > 0 {
		parts = append(parts, strconv.FormatInt(g.SweepLeft, 10)+" spans to sweep")
	}
	gogc := "GOGC=" + strconv.Itoa(int(g.GOGC))
	if g.GOGC < 0 {
		gogc = "GOGC=off"
	}
	if g.MemoryLimit != 1<<63-1 {
		gogc += " GOMEMLIMIT=" + FormatBytes(uint64(g.MemoryLimit))
	}
	parts = append(parts, gogc)
	// Parts joined by "; ", wrapped under the label.
	line := 0
	for i, p := range parts {
		if i > 0 {
			if line+2+runeLen(p) > width-10 {
				b.WriteString(";\n" + strings.Repeat(" ", 10))
				line = 0
			} else {
				b.WriteString("; ")
				line += 2
			}
		}
		b.WriteString(p)
		line += runeLen(p)
	}
	b.WriteString("\n")
}

// FormatBytes prints a size briefly: 512 B, 64.0 KB, 3.2 MB.
func FormatBytes(n uint64) string {
	switch {
	case n < 1024:
		return strconv.FormatUint(n, 10) + " B"
	case n < 1<<20:
		t := (n*10 + 512) / 1024
		return strconv.FormatUint(t/10, 10) + "." + strconv.FormatUint(t%10, 10) + " KB"
	}
	t := (n*10 + 1<<19) >> 20
	return strconv.FormatUint(t/10, 10) + "." + strconv.FormatUint(t%10, 10) + " MB"
}

// replayed reports whether st is a replayed trace's (gmplab replay).
func replayed(st *runtime.State) bool {
	for _, l := range strings.Split(st.Layers, ",") {
		if l == "replay" {
			return true
		}
	}
	return false
}

// boardRuntime draws sysmon, the netpoller and the timers.
func boardRuntime(b *strings.Builder, st *runtime.State, width int, gm bool) {
	label := func(s string) { b.WriteString(pad(s, 10)) }
	label("sysmon")
	switch {
	case st.Sysmon == nil:
		b.WriteString("off (layer sysmon)\n")
	case st.Sysmon.Deep:
		b.WriteString("M" + strconv.Itoa(int(st.Sysmon.M)) + " in deep sleep, next at " + FormatTime(st.Sysmon.Next) + "\n")
	default:
		b.WriteString("M" + strconv.Itoa(int(st.Sysmon.M)) + " every " + strconv.FormatInt(st.Sysmon.Delay, 10) + "µs, " +
			strconv.Itoa(st.Sysmon.Idle) + " idle loops, next at " + FormatTime(st.Sysmon.Next) + "\n")
	}

	label("netpoll")
	if len(st.Netpoll) == 0 {
		b.WriteString("nothing waits\n")
	} else {
		items := make([]string, len(st.Netpoll))
		for i, c := range st.Netpoll {
			items[i] = id("G", c.G) + "@" + FormatTime(c.ReadyAt)
		}
		b.WriteString(strconv.Itoa(len(st.Netpoll)) + " (G@ready): " + fitList(items, width-24) + "\n")
	}

	label("timers")
	if len(st.Timers) == 0 {
		b.WriteString("none\n")
	} else {
		items := make([]string, len(st.Timers))
		for i, t := range st.Timers {
			who := id("G", t.G)
			if t.G < 0 {
				who = t.Kind // a channel timer, an AfterFunc or a zombie
			}
			items[i] = who + "@" + FormatTime(t.When)
			if !gm {
				items[i] += "/P" + strconv.Itoa(int(t.P))
			}
		}
		b.WriteString(strconv.Itoa(len(st.Timers)) + ": " + fitList(items, width-16) + "\n")
	}
}
