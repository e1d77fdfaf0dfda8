package view

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

var update = flag.Bool("update", false, "rewrite view/testdata/timeline.txt and docs/events.md")

// timelineEvents is a made-up run on two Ps that has every shape the
// timeline draws: runs, a system call that keeps its P and then loses it
// to a retake and a handoffp, a steal, a preemption, the netpoller and
// sysmon's deep sleep.
func timelineEvents() []runtime.Event {
	us := int64(1000)
	evs := []runtime.Event{
		{T: 0, Kind: runtime.EvExecute, M: 0, P: 0, G: 1},
		{T: 100 * us, Kind: runtime.EvEntersyscall, M: 0, P: 0, G: 1, Arg1: 5e6},
		{T: 160 * us, Kind: runtime.EvRetake, M: 1, P: 0, G: 1, Arg1: 0},
		{T: 160 * us, Kind: runtime.EvHandoffp, M: 1, P: 0, G: -1, Arg1: 1},
		{T: 180 * us, Kind: runtime.EvExecute, M: 2, P: 0, G: 12},
		{T: 200 * us, Kind: runtime.EvRunqsteal, M: 3, P: 1, G: 13, Arg1: 1, Arg2: 0},
		{T: 200 * us, Kind: runtime.EvExecute, M: 3, P: 1, G: 13},
		{T: 1200 * us, Kind: runtime.EvPreemptone, M: 1, P: 1, G: 13, Arg1: 1},
		{T: 1210 * us, Kind: runtime.EvAsyncPreempt, M: 3, P: 1, G: 13},
		{T: 1210 * us, Kind: runtime.EvExecute, M: 3, P: 1, G: 14},
		{T: 1230 * us, Kind: runtime.EvGoexit0, M: 3, P: 1, G: 14},
		{T: 1230 * us, Kind: runtime.EvReleasep, M: 3, P: 1, G: -1},
		{T: 2180 * us, Kind: runtime.EvGopark, M: 2, P: 0, G: 12},
		{T: 2180 * us, Kind: runtime.EvReleasep, M: 2, P: 0, G: -1},
		{T: 2300 * us, Kind: runtime.EvSysmon, M: 1, P: -1, G: -1},
		{T: 3000 * us, Kind: runtime.EvNetpoll, M: 1, P: -1, G: 12, Arg1: 1},
		{T: 3000 * us, Kind: runtime.EvInjectglist, M: 4, P: 0, G: 12, Arg1: 1},
		{T: 3010 * us, Kind: runtime.EvExecute, M: 4, P: 0, G: 12},
		{T: 3500 * us, Kind: runtime.EvGoexit0, M: 4, P: 0, G: 12},
		{T: 5100 * us, Kind: runtime.EvExitsyscall, M: 0, P: 1, G: 1, Arg1: 2},
		{T: 5500 * us, Kind: runtime.EvExit, M: 0, P: -1, G: -1},
	}
	for i := range evs {
		evs[i].Seq = int64(i + 1)
	}
	return evs
}

func TestTimelineGolden(t *testing.T) {
	tl := NewTimeline(2)
	for _, ev := range timelineEvents() {
		tl.Event(ev)
	}
	got := tl.String()
	const golden = "testdata/timeline.txt"
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (go test ./view -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("timeline differs from %s (go test ./view -update rewrites it):\ngot:\n%s\nwant:\n%s", golden, got, want)
	}
	// What the golden file must show, whatever its layout.
	for _, want := range []string{"P0     |", "P1     |", "Ms     |", "sysmon |", "G12", "G13", "S", "!", "R", "H", "N", "z", "|1ms"} {
		if !strings.Contains(got, want) {
			t.Errorf("the timeline has no %q", want)
		}
	}
	for _, line := range strings.Split(got, "\n") {
		if len(line) > 90 {
			t.Errorf("line wider than 90 columns (the reader shows it behind a gutter at 100): %q", line)
		}
	}
}

func TestTimelineScale(t *testing.T) {
	for _, c := range []struct {
		end, step int64
	}{{0, 1}, {79, 1}, {80, 2}, {5_001_881, 100_000}, {1_000_000_000, 20_000_000}} {
		tl := NewTimeline(1)
		tl.end = c.end
		if got := tl.Scale(); got != c.step {
			t.Errorf("Scale for %dns = %d, want %d", c.end, got, c.step)
		}
	}
	for ns, want := range map[int64]string{0: "0", 500: "500ns", 20_000: "20us", 1_500_000: "1.5ms", 2e9: "2s", 5_001_881: "5.001ms"} {
		if got := FormatDuration(ns); got != want {
			t.Errorf("FormatDuration(%d) = %s, want %s", ns, got, want)
		}
	}
}

// TestTimelineDeterministic: two goroutines still in system calls without
// a P when the run ends overlap on the Ms row; the drawing never depends
// on map order.
func TestTimelineDeterministic(t *testing.T) {
	evs := []runtime.Event{
		{T: 0, Kind: runtime.EvEntersyscall, M: 0, P: 0, G: 1},
		{T: 0, Kind: runtime.EvEntersyscall, M: 2, P: 1, G: 9},
		{T: 50, Kind: runtime.EvRetake, M: 1, P: 0, G: 1},
		{T: 50, Kind: runtime.EvRetake, M: 1, P: 1, G: 9},
		{T: 100, Kind: runtime.EvExit, P: -1},
	}
	var first string
	for i := 0; i < 50; i++ {
		tl := NewTimeline(2)
		for _, ev := range evs {
			tl.Event(ev)
		}
		got := tl.String()
		if i == 0 {
			first = got
		} else if got != first {
			t.Fatalf("run %d drew:\n%s\nrun 0 drew:\n%s", i, got, first)
		}
	}
	if !strings.Contains(first, "Ms     |") {
		t.Errorf("no Ms row:\n%s", first)
	}
}

// The GM model (the stacks layer alone) has no Ps: its rows are the slots
// of Go 1.0's mcpumax, and nothing in the timeline calls them Ps.
func TestTimelineWithoutPs(t *testing.T) {
	tl := NewTimeline(2)
	tl.NoPs = true
	tl.Event(runtime.Event{Seq: 1, T: 0, Kind: runtime.EvExecute, M: 0, P: 0, G: 1})
	tl.Event(runtime.Event{Seq: 2, T: 1000, Kind: runtime.EvExit, M: 0, P: -1, G: -1})
	out := tl.String()
	if !strings.Contains(out, "slot0 ") || !strings.Contains(out, "slot1 ") || !strings.Contains(out, ". slot idle") {
		t.Errorf("rows and legend should name slots:\n%s", out)
	}
	if strings.Contains(out, "P0") || strings.Contains(out, "P idle") {
		t.Errorf("a timeline of the GM model shows a P:\n%s", out)
	}
	if got := tl.RowName(RowMs) + " " + tl.RowName(RowSysmon); got != "Ms sysmon" {
		t.Errorf("RowName of the Ms and sysmon rows: %q", got)
	}
}
