package view

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strings"

	"github.com/gmplab/gmplab/runtime"
)

// The runtime's state machines drawn from the engine's own tables
// (runtime.GStateMachine, PStateMachine, MStateMachine, and RunqMoves,
// the run queues with the moves between them): as text for the
// terminal and as an SVG for the book. Neither lists a state or an edge of
// its own, so neither can drift from what the engine does. Each edge is
// labelled with the real runtime's functions that make it; a function
// marked * is gmplab's own (a change the real runtime makes another way,
// or not at all), which the legend says.

// StateMachine returns the state machine a diagram cell names: g, p, m,
// or q (the run queues).
func StateMachine(name string) (runtime.StateMachine, bool) {
	for _, sm := range runtime.StateMachines() {
		if sm.Key == name {
			return sm, true
		}
	}
	return runtime.StateMachine{}, false
}

// ownMark marks a function of gmplab's own in a label.
const ownMark = "*"

// labels returns an edge's function names, gmplab's own marked.
func labels(t runtime.Transition) []string {
	var out []string
	for _, f := range t.By {
		n := f.Name
		if f.Own {
			n += ownMark
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// legend is the sentence under a diagram that says what each function
// marked * is ("" when none is).
func legend(sm runtime.StateMachine) string {
	var parts, seen []string
	for _, t := range sm.Edges {
		for _, f := range t.By {
			if f.Own && !slices.Contains(seen, f.Name) {
				seen = append(seen, f.Name)
				parts = append(parts, f.Name+", "+f.Why)
			}
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return ownMark + " gmplab's own: " + strings.Join(parts, "; ") + " (docs/assumptions.md)."
}

// StatesText is a state machine as text, one edge a line, each with the
// functions that make it, wrapped to width columns.
func StatesText(sm runtime.StateMachine, width int) string {
	out := Fill(sm.Intro+" "+sm.Boxes+": "+strings.Join(sm.States, ", ")+".\n", width)
	col := 0
	for _, s := range sm.States {
		col = max(col, len([]rune(s)))
	}
	var lines strings.Builder
	for _, t := range sm.Edges {
		head := fmt.Sprintf("  %-*s → %-*s  ", col, t.From, col, t.To)
		body := Fill(strings.Join(labels(t), ", "), max(20, width-len([]rune(head))))
		for i, l := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
			if i == 0 {
				lines.WriteString(head + l + "\n")
			} else {
				lines.WriteString(strings.Repeat(" ", len([]rune(head))) + l + "\n")
			}
		}
	}
	out += lines.String()
	if l := legend(sm); l != "" {
		out += Fill(l+"\n", width)
	}
	return out
}

// statePlace is where each machine's state boxes go in the drawing, in
// grid units (column, row). A state a table gains without a place here
// goes on a row of its own below.
var statePlace = map[string]map[string][2]float64{
	// running in the middle, the states it goes to around it, waiting
	// above runnable (the edges between them carry the longest labels).
	"g": {"waiting": {0, 0}, "runnable": {0, 1}, "running": {1, 1}, "dead": {0, 2}, "syscall": {2, 1}},
	// the stop of the world above, the dead Ps of a smaller GOMAXPROCS
	// below.
	"p": {"gcstop": {1, 0}, "idle": {0, 1.35}, "running": {2, 1.35}, "dead": {0, 2.4}},
	// spinning inside the triangle idle, netpoll, running (it goes to
	// each), the system calls and the locked M below running.
	"m": {"idle": {0, 0}, "netpoll": {2, 0}, "spinning": {1, 1}, "running": {1, 2}, "locked": {0, 2}, "exited": {2, 2},
		"syscall (no P)": {0, 3}, "syscall": {1, 3}},
	// the run queues: where a G is made runnable on top, between the
	// P's two queues and the global one; running and the ring below,
	// another P's queues under the ring.
	"q": {"runnext": {0, 0}, "made runnable": {1, 0}, "global queue": {2, 0}, "running": {0, 1.4}, "ring": {1, 1.4}, "another P": {1, 2.5}},
}

// stateRoute gives an edge that would cross a box a way round it:
// waypoints in grid units.
var stateRoute = map[string]map[[2]string][][2]float64{
	"m": {{"syscall (no P)", "idle"}: {{-0.62, 3}, {-0.62, 0}}},
	"q": {{"runnext", "global queue"}: {{0, -0.6}, {2, -0.6}}, {"global queue", "running"}: {{2.62, 0}, {2.62, 3.05}, {0, 3.05}}},
}

// stateLabel moves an edge's label off the middle of its (middle)
// segment, where another label or a box would be: at is how far along
// from its start (0.5 by default), flip puts it on the edge's left.
var stateLabel = map[string]map[[2]string]struct {
	at   float64
	flip bool
}{
	"g": {{"running", "waiting"}: {at: 0.25}, {"running", "runnable"}: {at: 0.62}},
	"p": {{"idle", "gcstop"}: {at: 0.75}},
	"m": {
		{"running", "idle"}: {at: 0.3, flip: true}, {"idle", "running"}: {at: 0.55, flip: true},
		{"running", "netpoll"}: {at: 0.3}, {"netpoll", "running"}: {at: 0.55, flip: true},
		{"syscall", "syscall (no P)"}: {at: 0.5, flip: true},
	},
}

// StatesSVG is a state machine as an SVG figure: a box per state, an
// arrow per edge labelled with the functions that make it, and the
// legend when a function is gmplab's own. It carries a title and a
// description (the edges in words) for screen readers, and takes its
// colours from the page (currentColor and the classes state-box,
// state-edge and state-label), so that both themes draw it. Its ids start
// with states-KEY, so that a page may hold every machine.
func StatesSVG(sm runtime.StateMachine) string {
	const cw, ch, bw, bh = 290, 150, 140, 38
	const fs, lh = 13.0, 16.0 // a label's font size and line height
	const cwid = fs * 0.58    // a label character's width, about
	place := statePlace[sm.Key]
	grid := func(p [2]float64) [2]float64 { return [2]float64{p[0] * cw, p[1] * ch} }
	pos := map[string][2]float64{}
	rows := 0.0
	for _, p := range place {
		rows = math.Max(rows, p[1]+1)
	}
	extra := 0.0
	for _, s := range sm.States {
		p, ok := place[s]
		if !ok {
			p = [2]float64{extra, rows}
			extra++
		}
		pos[s] = grid(p)
	}
	// The drawing's extent, grown by every box, label and waypoint.
	minx, miny, maxx, maxy := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	grow := func(x0, y0, x1, y1 float64) {
		minx, miny, maxx, maxy = math.Min(minx, x0), math.Min(miny, y0), math.Max(maxx, x1), math.Max(maxy, y1)
	}
	for _, p := range pos {
		grow(p[0]-bw/2, p[1]-bh/2, p[0]+bw/2, p[1]+bh/2)
	}
	id := "states-" + sm.Key
	pairs := map[[2]string]bool{}
	for _, t := range sm.Edges {
		pairs[[2]string{t.From, t.To}] = true
	}
	var edges strings.Builder
	for _, t := range sm.Edges {
		a, z := pos[t.From], pos[t.To]
		pts := [][2]float64{a}
		for _, w := range stateRoute[sm.Key][[2]string{t.From, t.To}] {
			pts = append(pts, grid(w))
		}
		pts = append(pts, z)
		// Two edges between the same states (running ⇄ syscall) are drawn
		// side by side: each shifted to its own right.
		off := 0.0
		if pairs[[2]string{t.To, t.From}] {
			off = 9
		}
		// Leave each box at its border.
		first, last := unit(pts[0], pts[1]), unit(pts[len(pts)-2], pts[len(pts)-1])
		ta := clipBox(first[0], first[1], bw/2+2, bh/2+2)
		tz := clipBox(last[0], last[1], bw/2+2, bh/2+2)
		pts[0] = [2]float64{pts[0][0] + first[0]*ta - first[1]*off, pts[0][1] + first[1]*ta + first[0]*off}
		n := len(pts) - 1
		pts[n] = [2]float64{pts[n][0] - last[0]*tz - last[1]*off, pts[n][1] - last[1]*tz + last[0]*off}
		var ps []string
		for _, p := range pts {
			ps = append(ps, fmt.Sprintf("%.0f,%.0f", p[0], p[1]))
			grow(p[0], p[1], p[0], p[1])
		}
		fmt.Fprintf(&edges, `<polyline class="state-edge" points="%s" fill="none" stroke="currentColor" marker-end="url(#%s-arrow)"/>`+"\n", strings.Join(ps, " "), id)
		// The label beside the middle of the middle segment, on the
		// edge's right (px, py points there), its lines stacked away
		// from the edge.
		k := (len(pts) - 1) / 2
		a, z = pts[k], pts[k+1]
		u := unit(a, z)
		side, at := sign(off), 0.5
		if o, ok := stateLabel[sm.Key][[2]string{t.From, t.To}]; ok {
			at = o.at
			if o.flip {
				side = -side
			}
		}
		px, py := -u[1]*side, u[0]*side
		mx, my := a[0]+(z[0]-a[0])*at+px*10, a[1]+(z[1]-a[1])*at+py*10
		wrap := 22 // beside a slanted or upright edge: narrow
		if math.Abs(u[1]) < 0.3 {
			wrap = 34 // above or below a level one
		}
		lines := labelLines(labels(t), wrap, ",")
		anchor := "middle"
		wmax := 0.0
		for _, l := range lines {
			wmax = math.Max(wmax, float64(len([]rune(l)))*cwid)
		}
		x0 := mx - wmax/2
		switch {
		case px < -0.3:
			anchor, x0 = "end", mx-wmax
		case px > 0.3:
			anchor, x0 = "start", mx
		}
		switch {
		case py < -0.3: // above the edge: the last line nearest it
			my -= float64(len(lines)-1) * lh
		case py > 0.3: // below: the first line nearest it, under it
			my += lh * 0.75
		default:
			my -= float64(len(lines)-1) * lh / 2
		}
		grow(x0, my-fs, x0+wmax, my+float64(len(lines)-1)*lh+4)
		fmt.Fprintf(&edges, `<text class="state-label" x="%.0f" y="%.0f" text-anchor="%s" font-size="%.0f" fill="currentColor">`, mx, my, anchor, fs)
		for i, l := range lines {
			dyl := "0"
			if i > 0 {
				dyl = fmt.Sprintf("%.0f", lh)
			}
			fmt.Fprintf(&edges, `<tspan x="%.0f" dy="%s">%s</tspan>`, mx, dyl, html.EscapeString(l))
		}
		edges.WriteString("</text>\n")
	}
	// The legend under it all, as wide as the drawing allows.
	const pad = 12.0
	leg := wordLines(legend(sm), int((maxx-minx)/cwid))
	legY := maxy + 10
	if len(leg) > 0 {
		maxy = legY + lh*float64(len(leg)) + 4
	}
	var desc []string
	for _, t := range sm.Edges {
		desc = append(desc, t.From+" to "+t.To+" by "+strings.Join(labels(t), ", "))
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="states" viewBox="%.0f %.0f %.0f %.0f" role="img" aria-labelledby="%s-title %s-desc" xmlns="http://www.w3.org/2000/svg">`+"\n",
		minx-pad, miny-pad, maxx-minx+2*pad, maxy-miny+2*pad, id, id)
	fmt.Fprintf(&b, "<title id=\"%s-title\">%s</title>\n<desc id=\"%s-desc\">%s</desc>\n", id, html.EscapeString(sm.Title), id, html.EscapeString(strings.Join(desc, "; ")+". "+legend(sm)))
	fmt.Fprintf(&b, `<defs><marker id="%s-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="currentColor"/></marker></defs>`+"\n", id)
	b.WriteString(edges.String())
	for _, s := range sm.States {
		p := pos[s]
		fmt.Fprintf(&b, `<rect class="state-box" x="%.0f" y="%.0f" width="%d" height="%d" rx="8" fill="none" stroke="currentColor" stroke-width="1.5"/>`+"\n", p[0]-bw/2, p[1]-bh/2, bw, bh)
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="middle" dominant-baseline="central" font-size="15" font-weight="bold" fill="currentColor">%s</text>`+"\n", p[0], p[1], html.EscapeString(sm.Prefix+s))
	}
	for i, l := range leg {
		fmt.Fprintf(&b, `<text class="state-label" x="%.0f" y="%.0f" font-size="%.0f" fill="currentColor">%s</text>`+"\n", minx, legY+lh*float64(i+1), fs, html.EscapeString(l))
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// unit is the unit vector from a to z.
func unit(a, z [2]float64) [2]float64 {
	dx, dy := z[0]-a[0], z[1]-a[1]
	n := math.Hypot(dx, dy)
	return [2]float64{dx / n, dy / n}
}

// clipBox is how far along a unit direction (ux, uy) from a box's centre
// its border lies, for a box of half-width hw and half-height hh.
func clipBox(ux, uy, hw, hh float64) float64 {
	t := math.Inf(1)
	if ux != 0 {
		t = hw / math.Abs(ux)
	}
	if uy != 0 {
		t = math.Min(t, hh/math.Abs(uy))
	}
	return t
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}

// wordLines breaks s into lines of at most n characters at spaces.
func wordLines(s string, n int) []string {
	if s == "" {
		return nil
	}
	return labelLines(strings.Fields(s), n, "")
}

// labelLines joins names, each but the last followed by sep, into lines
// of at most n characters.
func labelLines(names []string, n int, sep string) []string {
	var lines []string
	cur := ""
	for i, s := range names {
		if i < len(names)-1 {
			s += sep
		}
		if cur != "" && len(cur)+1+len(s) > n {
			lines = append(lines, cur)
			cur = s
			continue
		}
		if cur != "" {
			cur += " "
		}
		cur += s
	}
	return append(lines, cur)
}
