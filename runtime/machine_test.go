package runtime

import "testing"

func TestExitProgramRuns(t *testing.T) {
	mc, err := New(exitProg(), Config{GOMAXPROCS: 2, Check: true, Why: true})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for {
		ev, ok := mc.Step()
		if !ok {
			break
		}
		n++
		t.Logf("%d %d M%d P%d G%d %s %s", ev.Seq, ev.T, ev.M, ev.P, ev.G, ev.Kind, ev.Why)
	}
	if ex := mc.Exit(); ex == nil || ex.Code != 0 || ex.Reason != "exit" {
		t.Fatalf("exit = %+v", mc.Exit())
	}
}
