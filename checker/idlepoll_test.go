package checker

import (
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// proc.go: injectglist, its pp == nil branch (sysmon's netpoll, or an M
// without a P): every G to the global queue, and an M started on an idle
// P for each, as far as there are idle Ps. The audit found no scenario
// that reached it while Ps were idle; idlepoll.go does at 3 Ps and more (not at 2), so
// that the exercises' generated battery (06-injectglist, 06-findrunnable,
// 07-scheduler) holds the learner's branch to it.
func TestIdlepollReachesInjectglistWithoutAP(t *testing.T) {
	prog, err := compile(generated("idlepoll.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, procs := range []int{3, 4, 16} {
		m, err := runtime.New(prog, runtime.Config{GOMAXPROCS: procs, Seed: 1, Layers: runtime.AllLayers, MaxSteps: maxSteps})
		if err != nil {
			t.Fatal(err)
		}
		reached := 0
		var prev runtime.Event
		for {
			ev, ok := m.Step()
			if !ok {
				break
			}
			if prev.Kind == runtime.EvInjectglist && prev.P < 0 && ev.Kind == runtime.EvStartm && ev.T == prev.T {
				reached++
			}
			prev = ev
		}
		if reached == 0 {
			t.Errorf("GOMAXPROCS=%d: no injectglist without a P followed by startm on an idle P", procs)
		}
		t.Logf("GOMAXPROCS=%d: %d time(s)", procs, reached)
	}
}
