// Package timelines is the book's goldmark extension for timeline cells:
// it draws the run as an SVG, one lane per P (then a lane for the Ms
// that lost their P and one for sysmon, when they have something to
// show), virtual time on the x axis, a bar per run of a G coloured by
// the G, and markers for steals, preemptions, retakes, handoffs,
// overflows and the netpoller, each with a <title> that a browser shows
// on hover. The data is view.Timeline's runs and marks, built from the
// engine's events for the cell's command (Runner), not parsed from the
// text timeline the lesson stores; the text stays below the SVG, folded.
package timelines

import (
	"fmt"
	"html"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"github.com/gmplab/gmplab/book/cells"
	"github.com/gmplab/gmplab/view"
)

// Runner runs `gmplab run ARGS` in process and returns its events
// collected by view.Timeline and the run's GOMAXPROCS (args resolved as
// notebook.ResolveArgs does).
type Runner func(args []string) (tl *view.Timeline, gomaxprocs int, err error)

type extension struct{ run Runner }

// New returns the extension; run computes each cell's timeline.
func New(run Runner) goldmark.Extender { return extension{run} }

func (e extension) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(e, 100)))
}

func (e extension) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(cells.KindTimeline, e.render)
}

func (e extension) render(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	node := n.(*cells.Node)
	c := node.Cell
	tl, procs, err := e.run(node.Notebook.ResolveArgs(c.Command))
	if err != nil {
		return ast.WalkStop, fmt.Errorf("%s:%d: timeline: %v", node.Notebook.Name, c.Line, err)
	}
	w.WriteString("<figure class=\"cell timeline\">\n")
	cells.Command(w, c.Command.Line)
	w.WriteString(SVG(tl, procs))
	w.WriteString("<details class=\"text-timeline\"><summary>The same timeline as text</summary>\n")
	cells.Output(w, c.Output)
	w.WriteString("</details>\n</figure>\n")
	return ast.WalkSkipChildren, nil
}

// Geometry of the drawing, in SVG units (CSS pixels at 100%).
const (
	width   = 720
	labelW  = 58
	laneH   = 26
	barH    = 15
	topPad  = 6
	axisH   = 22
	rightPd = 12
)

// SVG draws the timeline of a run with procs Ps.
func SVG(tl *view.Timeline, procs int) string {
	_ = tl.String() // ends the runs a cut run left open
	var end int64
	hasMs, hasSysmon, hasWorld := false, false, false
	for _, r := range tl.Runs {
		end = max(end, r.End)
		procs = max(procs, r.Row+1)
		hasMs = hasMs || r.Row == view.RowMs
		hasWorld = hasWorld || r.Row == view.RowWorld
	}
	for _, m := range tl.Marks {
		end = max(end, m.T)
		procs = max(procs, m.Row+1)
		hasSysmon = hasSysmon || m.Row == view.RowSysmon
	}
	end = max(end, 1)
	rows := []int{}
	for p := 0; p < procs; p++ {
		rows = append(rows, p)
	}
	if hasMs {
		rows = append(rows, view.RowMs)
	}
	if hasSysmon {
		rows = append(rows, view.RowSysmon)
	}
	if hasWorld {
		rows = append(rows, view.RowWorld) // the collector's (the gc layer)
	}
	lane := map[int]int{}
	for i, r := range rows {
		lane[r] = i
	}
	plot := float64(width - labelW - rightPd)
	x := func(t int64) float64 { return float64(labelW) + plot*float64(t)/float64(end) }
	height := topPad + len(rows)*laneH + axisH
	var b strings.Builder
	b.WriteString("<div class=\"timeline-scroll\">")
	fmt.Fprintf(&b, "<svg class=\"timeline-svg\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"per-P timeline, %s of virtual time\" xmlns=\"http://www.w3.org/2000/svg\">\n",
		width, height, view.FormatDuration(end))
	for i, r := range rows {
		y := topPad + i*laneH
		fmt.Fprintf(&b, "<g class=\"lane\"><rect class=\"lane-bg\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\"/><text class=\"lane-label\" x=\"4\" y=\"%d\">%s</text></g>\n",
			labelW, y, plot, laneH-4, y+laneH/2+2, tl.RowName(r))
	}
	for _, grp := range pixelGroups(tl.Runs, x) {
		r, last := grp[0], grp[len(grp)-1]
		i, ok := lane[r.Row]
		if !ok {
			continue
		}
		x0, x1 := x(r.Start), x(last.End)
		w := max(x1-x0, minRunW)
		y := topPad + i*laneH + (laneH-4-barH)/2
		if r.Row == view.RowWorld {
			fmt.Fprintf(&b, "<g class=\"%s\"><title>%s from %s to %s (%s)</title><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" rx=\"2\"/></g>\n",
				worldClass(r.World), worldWhat(r.World), view.FormatDuration(r.Start), view.FormatDuration(last.End), view.FormatDuration(last.End-r.Start), x0, y, w, barH)
			continue
		}
		cls := "run"
		what := "runs"
		if r.Syscall {
			cls, what = "run sys", "in a system call"
		}
		if len(grp) == 1 {
			fmt.Fprintf(&b, "<g class=\"%s\" style=\"--g:%d\"><title>G%d %s on %s from %s to %s (%s)</title>",
				cls, gHue(r.G), r.G, what, tl.RowName(r.Row), view.FormatDuration(r.Start), view.FormatDuration(r.End), view.FormatDuration(r.End-r.Start))
		} else {
			fmt.Fprintf(&b, "<g class=\"%s\" style=\"--g:%d\"><title>%d %s on %s from %s to %s, each narrower than a pixel: %s</title>",
				cls, gHue(r.G), len(grp), map[bool]string{false: "runs", true: "system calls"}[r.Syscall], tl.RowName(r.Row), view.FormatDuration(r.Start), view.FormatDuration(last.End), groupGs(grp))
		}
		fmt.Fprintf(&b, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" rx=\"2\"/>", x0, y, w, barH)
		if label := fmt.Sprintf("G%d", r.G); len(grp) == 1 && w >= float64(7*len(label)+4) {
			fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%d\">%s</text>", x0+3, y+barH-4, label)
		}
		b.WriteString("</g>\n")
	}
	for _, m := range tl.Marks {
		i, ok := lane[m.Row]
		if !ok {
			continue
		}
		cx := x(m.T)
		y := topPad + i*laneH + laneH - 4
		fmt.Fprintf(&b, "<g class=\"mark m-%s\"><title>%s on %s at %s</title><path d=\"M%.1f %d l4 -7 l-8 0 z\"/></g>\n",
			view.MarkInfo(m.Mark).Class, view.MarkInfo(m.Mark).Name, tl.RowName(m.Row), view.FormatDuration(m.T), cx, y+1)
	}
	// The axis: five ticks at round times.
	axisY := topPad + len(rows)*laneH
	step := niceStep(end)
	for t := int64(0); t <= end; t += step {
		fmt.Fprintf(&b, "<g class=\"tick\"><line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/><text x=\"%.1f\" y=\"%d\">%s</text></g>\n",
			x(t), x(t), topPad, axisY+3, x(t), axisY+15, view.FormatDuration(t))
	}
	b.WriteString("</svg></div>\n")
	b.WriteString(legend(tl))
	return b.String()
}

// minRunW is the narrowest bar drawn, in the drawing's units: a shorter
// run is drawn this wide so that it shows.
const minRunW = 1.5

// pixelGroups splits runs into what the drawing shows as one bar each:
// a run of its own, or consecutive runs on one lane (of one kind) that are
// each narrower than minRunW and start within minRunW of the group's first,
// which would be drawn on top of one another (lesson 07's server made 542
// bars, most of them at one spot, and a page of 300 KB). The group's bar
// spans them and its title lists them.
func pixelGroups(runs []view.TimelineRun, x func(int64) float64) [][]view.TimelineRun {
	var groups [][]view.TimelineRun
	open := map[[2]int]int{} // lane and kind → index in groups of its open group
	for _, r := range runs {
		key := [2]int{r.Row, int(r.World)}
		if r.Syscall {
			key[1] = 1
		}
		narrow := x(r.End)-x(r.Start) < minRunW
		if gi, ok := open[key]; ok && narrow {
			g := groups[gi]
			if x(r.Start)-x(g[0].Start) < minRunW {
				groups[gi] = append(g, r)
				continue
			}
		}
		groups = append(groups, []view.TimelineRun{r})
		if narrow {
			open[key] = len(groups) - 1
		} else {
			delete(open, key)
		}
	}
	return groups
}

// groupGs names a group's goroutines in order of their first run, eight
// at most.
func groupGs(grp []view.TimelineRun) string {
	var gs []string
	seen := map[int64]bool{}
	for _, r := range grp {
		if !seen[int64(r.G)] {
			seen[int64(r.G)] = true
			gs = append(gs, fmt.Sprintf("G%d", r.G))
		}
	}
	if len(gs) > 8 {
		return strings.Join(gs[:8], " ") + fmt.Sprintf(" and %d more", len(gs)-8)
	}
	return strings.Join(gs, " ")
}

// worldClass is the CSS class of a span of the world's row: the world
// stopped ('#') or the collector marking ('=').
func worldClass(w byte) string {
	if w == '#' {
		return "world stw"
	}
	return "world mark"
}

// worldWhat says what a span of the world's row is.
func worldWhat(w byte) string {
	if w == '#' {
		return "the world is stopped"
	}
	return "the collector marks concurrently"
}

// legend lists the marks the drawing uses.
func legend(tl *view.Timeline) string {
	used := map[byte]bool{}
	for _, m := range tl.Marks {
		used[m.Mark] = true
	}
	for _, r := range tl.Runs {
		if r.Row == view.RowWorld {
			used[r.World] = true
		}
	}
	var b strings.Builder
	b.WriteString("<p class=\"timeline-legend\"><span class=\"lg-run\">running</span> <span class=\"lg-sys\">in a system call</span>")
	if used['#'] {
		b.WriteString(" <span class=\"lg-world stw\">the world stopped</span>")
	}
	if used['='] {
		b.WriteString(" <span class=\"lg-world mark\">the collector marking</span>")
	}
	for _, m := range view.TimelineMarks {
		if used[m.Mark] {
			fmt.Fprintf(&b, " <span class=\"lg-mark m-%s\">%s</span>", m.Class, html.EscapeString(m.Name))
		}
	}
	b.WriteString("</p>\n")
	return b.String()
}

// gHue spreads the Gs' colours around the wheel (golden angle), so that
// neighbouring ids differ.
func gHue(g int64) int64 { return (g * 137) % 360 }

// niceStep is 1, 2 or 5 times a power of ten: at most six ticks.
func niceStep(end int64) int64 {
	for step := int64(1); ; step *= 10 {
		for _, k := range []int64{1, 2, 5} {
			if end/(k*step) <= 5 {
				return k * step
			}
		}
	}
}
