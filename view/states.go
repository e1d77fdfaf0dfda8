package view

import (
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/gmplab/gmplab/runtime"
)

// The goroutine state machine drawn from the engine's own table
// (runtime.GStates, runtime.GTransitions): as text for the terminal and
// as an SVG for the book. Neither lists a state or an edge of its own, so
// neither can drift from what the engine does.

// GStatesText is the state machine as text, one edge a line, each with the
// functions that make it, wrapped to width columns.
func GStatesText(width int) string {
	var b strings.Builder
	b.WriteString("Goroutine states (" + strings.Join(runtime.GStates(), ", ") + ") and the functions that move a goroutine between them (casgstatus's callers):\n")
	out := Fill(b.String(), width)
	col := 0
	for _, s := range runtime.GStates() {
		col = max(col, len(s))
	}
	var lines strings.Builder
	for _, t := range runtime.GTransitions() {
		head := fmt.Sprintf("  %-*s → %-*s  ", col, t.From, col, t.To)
		body := Fill(strings.Join(t.By, ", "), max(20, width-len([]rune(head))))
		for i, l := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
			if i == 0 {
				lines.WriteString(head + l + "\n")
			} else {
				lines.WriteString(strings.Repeat(" ", len([]rune(head))) + l + "\n")
			}
		}
	}
	return out + lines.String()
}

// statePlace is where a state's box goes in the drawing, in a 3×3 grid
// (column, row): running in the middle, the states it goes to around it,
// waiting above runnable (the edges between them carry the longest labels).
// A state the table gains without a place here goes on the bottom row.
var statePlace = map[string][2]int{
	"waiting": {0, 0}, "runnable": {0, 1}, "running": {1, 1}, "dead": {0, 2}, "syscall": {2, 1},
}

// GStatesSVG is the state machine as an SVG figure: a box per state, an
// arrow per edge labelled with the functions that make it. It carries a
// title and a description (the edges in words) for screen readers, and
// takes its colours from the page (currentColor and the classes
// state-box, state-edge and state-label), so that both themes draw it.
func GStatesSVG() string {
	const cw, ch, bw, bh = 300, 150, 110, 36
	const left = 110 // room for the labels left of the first column
	pos := map[string][2]float64{}
	extra := 0
	for _, s := range runtime.GStates() {
		p, ok := statePlace[s]
		if !ok {
			p = [2]int{extra, 3}
			extra++
		}
		pos[s] = [2]float64{float64(p[0])*cw + cw/2 + left, float64(p[1])*ch + 40}
	}
	rows := 3
	if extra > 0 {
		rows = 4
	}
	w, h := 3*cw+left-40, rows*ch-50
	var desc []string
	for _, t := range runtime.GTransitions() {
		desc = append(desc, t.From+" to "+t.To+" by "+strings.Join(t.By, ", "))
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="states" viewBox="0 0 %d %d" role="img" aria-labelledby="gstates-title gstates-desc" xmlns="http://www.w3.org/2000/svg">`+"\n", w, h)
	fmt.Fprintf(&b, "<title id=\"gstates-title\">The goroutine state machine</title>\n<desc id=\"gstates-desc\">%s.</desc>\n", html.EscapeString(strings.Join(desc, "; ")))
	b.WriteString(`<defs><marker id="gstates-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="currentColor"/></marker></defs>` + "\n")
	pairs := map[[2]string]bool{}
	for _, t := range runtime.GTransitions() {
		pairs[[2]string{t.From, t.To}] = true
	}
	for _, t := range runtime.GTransitions() {
		a, z := pos[t.From], pos[t.To]
		dx, dy := z[0]-a[0], z[1]-a[1]
		n := math.Hypot(dx, dy)
		ux, uy := dx/n, dy/n
		// Two edges between the same states (running ⇄ syscall) are drawn
		// side by side: each shifted to its own right.
		off := 0.0
		if pairs[[2]string{t.To, t.From}] {
			off = 9
		}
		ox, oy := -uy*off, ux*off
		// Leave each box at its border.
		ta := clipBox(ux, uy, bw/2+2, bh/2+2)
		x1, y1 := a[0]+ux*ta+ox, a[1]+uy*ta+oy
		x2, y2 := z[0]-ux*ta+ox, z[1]-uy*ta+oy
		fmt.Fprintf(&b, `<line class="state-edge" x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="currentColor" marker-end="url(#gstates-arrow)"/>`+"\n", x1, y1, x2, y2)
		// The label beside the middle of the edge, on the edge's right
		// (px, py points there), its lines stacked away from the edge.
		px, py := -uy*sign(off), ux*sign(off)
		mx, my := (x1+x2)/2+px*10, (y1+y2)/2+py*10
		anchor := "middle"
		switch {
		case px < -0.3:
			anchor = "end"
		case px > 0.3:
			anchor = "start"
		}
		lines := labelLines(t.By, 34)
		const lh = 14.0 // a line's height
		switch {
		case py < -0.3: // above the edge: the last line nearest it
			my -= float64(len(lines)-1) * lh
		case py > 0.3: // below: the first line nearest it, under it
			my += lh * 0.7
		default:
			my -= float64(len(lines)-1) * lh / 2
		}
		fmt.Fprintf(&b, `<text class="state-label" x="%.0f" y="%.0f" text-anchor="%s" font-size="12" fill="currentColor">`, mx, my, anchor)
		for i, l := range lines {
			dyl := "0"
			if i > 0 {
				dyl = fmt.Sprintf("%.0f", lh)
			}
			fmt.Fprintf(&b, `<tspan x="%.0f" dy="%s">%s</tspan>`, mx, dyl, html.EscapeString(l))
		}
		b.WriteString("</text>\n")
	}
	for _, s := range runtime.GStates() {
		p := pos[s]
		fmt.Fprintf(&b, `<rect class="state-box" x="%.0f" y="%.0f" width="%d" height="%d" rx="8" fill="none" stroke="currentColor" stroke-width="1.5"/>`+"\n", p[0]-bw/2, p[1]-bh/2, bw, bh)
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="middle" dominant-baseline="central" font-size="15" font-weight="bold" fill="currentColor">_G%s</text>`+"\n", p[0], p[1], html.EscapeString(s))
	}
	b.WriteString("</svg>\n")
	return b.String()
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

// labelLines joins names with commas into lines of at most n characters.
func labelLines(names []string, n int) []string {
	var lines []string
	cur := ""
	for i, s := range names {
		if i < len(names)-1 {
			s += ","
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
