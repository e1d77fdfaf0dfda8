package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Programs whose output depends on the simulated clock's date (log's
// header, time.Now): go run's would show the wall clock, so their goldens
// (testdata/clock) come from gmplab itself (-update rewrites them), and the
// test keeps them from changing unnoticed. The clock starts at 2009-11-10
// 23:00:00 UTC, as the playground's.
func TestClockPrograms(t *testing.T) {
	files, _ := filepath.Glob("testdata/clock/*.go")
	if len(files) == 0 {
		t.Fatal("no programs")
	}
	for _, file := range files {
		prog, err := CompileFile(file)
		if err != nil {
			t.Fatal(err)
		}
		got := simulate(t, prog, 1)
		golden := strings.TrimSuffix(file, ".go") + ".golden"
		if *update {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			t.Errorf("%s: got\n%s\nwant\n%s", file, got, want)
		}
	}
}
