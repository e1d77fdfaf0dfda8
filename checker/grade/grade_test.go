package grade

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/diff"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGrade grades five small submissions of three exercises: one that
// passes, and ones that hang, do not compile, read a file, end the
// program, panic in a goroutine of their own, panic in the function, or
// are wrong, and compares the gradebook's CSV and JSON with golden files.
// It builds a grading program with the go command, so it is skipped with
// -short.
func TestGrade(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a grading program (-short)")
	}
	subs, err := filepath.Glob("testdata/submissions/*")
	if err != nil {
		t.Fatal(err)
	}
	gb, err := Grade(context.Background(), Options{Root: "../..", Submissions: subs,
		Exercises: []string{"01-newstack", "03-scenario-steal", "06-injectglist"},
		Timeout:   2 * time.Second, MemoryMB: 512, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	var csv, js, table bytes.Buffer
	if err := gb.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	if err := gb.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	gb.WriteTable(&table)
	golden(t, "gradebook.csv", csv.Bytes())
	golden(t, "gradebook.json", js.Bytes())
	golden(t, "table.txt", table.Bytes())
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./checker/grade -update writes it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs (go test ./checker/grade -update rewrites it):\n%s", path, diff.Diff(path, want, "now", got))
	}
}
