package debugger

import (
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// After gmplab real's program has exited its scheduler is gone: print of
// the state (p0, gs, the scheduler's counters, inside len()) says that the
// program has exited and what can still be printed, where it read an empty
// state ("no p0: there are 0 Ps"); the last stop's event, its kind's
// arguments and the exit still print.
func TestPrintExited(t *testing.T) {
	ex := &runtime.Exit{Code: 0, Reason: "exit"}
	st := &runtime.State{Seq: 40, Clock: 1_500_000, Layers: "real", Exit: ex}
	ev := &runtime.Event{Seq: 40, T: 1_500_000, Kind: runtime.EvExit, M: 0, P: 0, G: 1}
	gone := "the program has exited with code 0 at stop 40 (1.500000ms) and its scheduler went with the process (restart runs it again)"
	for _, expr := range []string{"p0", "p0.runq", "len(gs)", "npidle", "sched", "global", "state"} {
		_, err := PrintExited(expr, st, ev, gone)
		if err == nil || !strings.Contains(err.Error(), gone) || !strings.Contains(err.Error(), "print still reads the last stop's event (ev, seq, t, kind") {
			t.Errorf("print %s after the exit: %v", expr, err)
		}
	}
	for expr, want := range map[string]string{"kind": "exit", "seq": "40", "g": "G1", "exit.code": "0", "ev.kind": "exit"} {
		got, err := PrintExited(expr, st, ev, gone)
		if err != nil || got != want {
			t.Errorf("print %s after the exit = %q, %v; want %q", expr, got, err, want)
		}
	}
}
