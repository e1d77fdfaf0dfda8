package runtime_test

import (
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// Stats.Handoffs counts every handoffp (proc.go: handoffp is called by
// retake for a P in a system call, and by stoplockedm for the P of an M
// whose locked G blocks); Stats.Retakes counts only retake's takes, which
// is what a real trace shows as a P taken from a syscall (gmplab compare).
func TestStatsCountEveryHandoffpAndEachRetake(t *testing.T) {
	prog := compileSrc(t, "locksys.go", locksysSrc)
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 1, Layers: runtime.AllLayers})
	if err != nil {
		t.Fatal(err)
	}
	var handoffps, retakes, stoplockedms int64
	mc.Run(func(ev *runtime.Event) {
		switch ev.Kind {
		case runtime.EvHandoffp:
			handoffps++
		case runtime.EvRetake:
			retakes++
		case runtime.EvStoplockedm:
			stoplockedms++
		}
	})
	st := mc.Stats()
	if retakes == 0 || stoplockedms == 0 {
		t.Fatalf("the program should make sysmon retake a P (%d) and a locked M stop (%d)", retakes, stoplockedms)
	}
	if st.Handoffs != handoffps || st.Retakes != retakes || st.Handoffs < st.Retakes+stoplockedms {
		t.Errorf("stats handoffs=%d retakes=%d; the run had %d handoffp, %d retake, %d stoplockedm events",
			st.Handoffs, st.Retakes, handoffps, retakes, stoplockedms)
	}
}
