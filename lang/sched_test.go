package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSchedPrograms: programs whose output depends on the schedule (the
// order in which contending goroutines get a lock), compared with the real
// runtime's output at GOMAXPROCS=1, where the real schedule is
// deterministic, and simulated on one P only (testdata/run's programs must
// print the same at GOMAXPROCS 1, 2 and 4; these cannot). The goldens are
// rebuilt with -real, as testdata/run's.
func TestSchedPrograms(t *testing.T) {
	files, _ := filepath.Glob("testdata/sched/*.go")
	if len(files) == 0 {
		t.Fatal("no programs")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".go")
		t.Run(name, func(t *testing.T) {
			golden := strings.TrimSuffix(file, ".go") + ".golden"
			if *realGo {
				if err := os.WriteFile(golden, []byte(realRun(t, file)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := CompileFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if got := simulate(t, prog, 1); got != string(want) {
				t.Errorf("got\n%s\nwant (the real runtime's at GOMAXPROCS=1)\n%s", got, want)
			}
		})
	}
}
