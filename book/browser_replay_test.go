package book_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gmplab/gmplab/book/stepper"
)

// TestBrowserReplay opens lesson 07's replay of a stored real trace in the
// page: the WebAssembly engine replays the trace the page holds, and the
// widget steps through gmplab replay's lines (stepper.Replay natively),
// says the queues are inferred, names gmplab replay's command and offers
// no editor (a trace has no program to edit).
func TestBrowserReplay(t *testing.T) {
	s := browserSession(t)
	tb := s.newTab(t, 1366, 900, false)
	tb.open("lessons/07-production.html")
	w := `document.querySelector(".stepper[data-replay]")`
	if !tb.is(w + ` !== null`) {
		t.Fatal("lesson 07's page has no stepper on a trace")
	}
	tb.loaded(w)
	file := tb.str(w + `.getAttribute("data-file")`)
	data, err := os.ReadFile(filepath.Join(s.root, file))
	tb.must("the stored trace", err)
	want, err := stepper.Replay(file, data)
	tb.must("stepper.Replay", err)
	if want.Total < 100 {
		t.Fatalf("%s has %d events: the check needs a trace", file, want.Total)
	}
	var lines, kinds []string
	tb.must("the widget's lines", json.Unmarshal([]byte(tb.str(`JSON.stringify(`+w+`.widget.tr.l)`)), &lines))
	tb.must("the widget's kinds", json.Unmarshal([]byte(tb.str(`JSON.stringify(`+w+`.widget.tr.k)`)), &kinds))
	if strings.Join(lines, "\n") != strings.Join(want.Lines, "\n") || strings.Join(kinds, " ") != strings.Join(want.Kinds, " ") {
		t.Errorf("the page replays %d events, stepper.Replay %d, and they differ", len(lines), len(want.Lines))
	}
	if got := tb.str(w + `.querySelector(".st-line").textContent`); got != want.Header || !strings.Contains(got, "inferred") {
		t.Errorf("at the start the widget shows %q, want %q", got, want.Header)
	}
	if got := tb.str(w + `.querySelector(".st-cmd").textContent`); got != "gmplab replay "+file {
		t.Errorf("the widget's command is %q", got)
	}
	if !tb.is(w + `.querySelector(".st-edit-btn").hidden`) {
		t.Error("the widget on a trace offers to edit it")
	}
	tb.str(w + `.focus(), ""`)
	for range 3 {
		tb.click(`.stepper[data-replay] .st-bar button[aria-label^="Forward one"]`)
	}
	tb.wait(w+`.widget.i === 3`, 10*time.Second)
	// The event's line, and its why (the trace's event and the model's
	// inference) under it.
	first, why, _ := strings.Cut(want.Lines[2], "\n")
	if got := tb.str(w + `.querySelector(".st-line").textContent`); got != first {
		t.Errorf("after 3 forwards the widget shows\n%q\nwant\n%q", got, first)
	}
	if got := tb.str(w + `.querySelector(".st-why").textContent`); !strings.Contains(why, "trace: ") || !strings.Contains(strings.Join(strings.Fields(got), " "), strings.Join(strings.Fields(why), " ")) {
		t.Errorf("after 3 forwards the why is %q, want %q", got, why)
	}
	tb.str(w + `.scrollIntoView({block: "start"}), ""`)
	tb.shot("replay")
}
