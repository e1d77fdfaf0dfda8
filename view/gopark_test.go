package view

import (
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// A wait reason the simulator has no code for (gmplab real reads the real
// runtime's waitReasonStrings) is shown from the event's Text; a known
// code still wins.
func TestGoparkReasonFromText(t *testing.T) {
	ev := runtime.Event{Seq: 3, Kind: runtime.EvGopark, M: 0, P: 0, G: 7, Text: "GC worker (idle)"}
	if d := Details(ev); d != "GC worker (idle)" {
		t.Errorf("Details = %q, want the Text", d)
	}
	ev.Arg1 = 1
	if d := Details(ev); !strings.HasPrefix(d, "chan receive") {
		t.Errorf("Details with code 1 = %q, want chan receive", d)
	}
}
