package view

import (
	"encoding/xml"
	"html"
	"io"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// Each state machine's text and SVG are drawn from its table
// (runtime.StateMachines: the G's casgstatus callers, the P's setpstatus
// callers, the M's changes): each shows every edge of the table, with all
// its functions, gmplab's own marked and explained, and nothing else; the
// text fits 80 columns; the SVG is well-formed and accessible (a title, a
// description naming every edge).
func TestStatesDrawTheTable(t *testing.T) {
	for _, sm := range runtime.StateMachines() {
		t.Run(sm.Key, func(t *testing.T) {
			got, ok := StateMachine(sm.Key)
			if !ok || got.Name != sm.Name {
				t.Fatalf("StateMachine(%q) = %v, %v", sm.Key, got.Name, ok)
			}
			text := StatesText(sm, 80)
			svg := StatesSVG(sm)
			var arrows int
			for _, l := range strings.Split(text, "\n") {
				if strings.Contains(l, " → ") {
					arrows++
				}
				if n := len([]rune(l)); n > 80 {
					t.Errorf("a line of %d columns: %q", n, l)
				}
			}
			if arrows != len(sm.Edges) {
				t.Errorf("the text has %d edges, the table %d:\n%s", arrows, len(sm.Edges), text)
			}
			flat := strings.Join(strings.Fields(text), " ")
			own := false
			for _, e := range sm.Edges {
				names := labels(e)
				head := e.From + " → " + e.To
				if !strings.Contains(flat, strings.Join(strings.Fields(head), " ")+" "+strings.Join(names, ", ")) {
					t.Errorf("the text lacks %s by %s:\n%s", head, strings.Join(names, ", "), text)
				}
				if !strings.Contains(svg, e.From+" to "+e.To+" by "+strings.Join(names, ", ")) {
					t.Errorf("the SVG's description lacks %s", head)
				}
				for _, f := range e.By {
					if !strings.Contains(svg, f.Name) {
						t.Errorf("the SVG has no label %s", f.Name)
					}
					own = own || f.Own
				}
			}
			if own != strings.Contains(flat, "gmplab's own") || own != strings.Contains(html.UnescapeString(svg), "gmplab's own") {
				t.Errorf("gmplab's own functions (%v) and the legend disagree:\n%s", own, text)
			}
			if n := strings.Count(svg, `class="state-edge"`); n != len(sm.Edges) {
				t.Errorf("the SVG draws %d arrows for %d edges", n, len(sm.Edges))
			}
			if n := strings.Count(svg, `class="state-box"`); n != len(sm.States) {
				t.Errorf("the SVG draws %d boxes for %d states", n, len(sm.States))
			}
			id := "states-" + sm.Key
			for _, want := range []string{`role="img"`, `<title id="` + id + `-title">`, `<desc id="` + id + `-desc">`, `url(#` + id + `-arrow)`} {
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
		})
	}
	if _, ok := StateMachine("x"); ok {
		t.Error("StateMachine(\"x\") found a machine")
	}
}
