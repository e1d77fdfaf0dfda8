package view

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// The state machine's text and SVG are drawn from runtime.GTransitions
// (proc.go: casgstatus's callers): each shows every edge of the table, with
// all its functions, and nothing else; the SVG is well-formed and
// accessible (a title, a description naming every edge).
func TestGStatesDrawTheTable(t *testing.T) {
	edges := runtime.GTransitions()
	text := GStatesText(80)
	svg := GStatesSVG()
	var arrows int
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, " → ") {
			arrows++
		}
	}
	if arrows != len(edges) {
		t.Errorf("the text has %d edges, the table %d:\n%s", arrows, len(edges), text)
	}
	flat := strings.Join(strings.Fields(text), " ")
	for _, e := range edges {
		head := e.From + " → " + e.To
		if !strings.Contains(flat, head+" "+strings.Join(e.By, ", ")) {
			t.Errorf("the text lacks %s by %s:\n%s", head, strings.Join(e.By, ", "), text)
		}
		if !strings.Contains(svg, e.From+" to "+e.To+" by "+strings.Join(e.By, ", ")) {
			t.Errorf("the SVG's description lacks %s", head)
		}
		for _, by := range e.By {
			if !strings.Contains(svg, by) {
				t.Errorf("the SVG has no label %s", by)
			}
		}
	}
	if n := strings.Count(svg, `class="state-edge"`); n != len(edges) {
		t.Errorf("the SVG draws %d arrows for %d edges", n, len(edges))
	}
	if n := strings.Count(svg, `class="state-box"`); n != len(runtime.GStates()) {
		t.Errorf("the SVG draws %d boxes for %d states", n, len(runtime.GStates()))
	}
	for _, want := range []string{`role="img"`, `<title id="gstates-title">`, `<desc id="gstates-desc">`} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %s", want)
		}
	}
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
	}
}
