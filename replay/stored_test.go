package replay

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the stored simulated trace testdata/sim-steal.trace")

// The stored traces, which the command-line transcripts, the book and
// lesson 07 open:
//
//   - testdata/sim-steal.trace is gmplab run examples/steal.go
//     --gomaxprocs 4 --format trace: TestStoredSimTrace keeps it what the
//     writer writes (go test ./replay -update rewrites it);
//   - testdata/real-workerpool.trace is a real run of Go 1.26.8, on two
//     CPUs: go build -o tracegen ./replay/testdata/tracegen && GOMAXPROCS=2
//     ./tracegen workerpool real-workerpool.trace. It is kept as it was
//     recorded: a real run is never the same twice;
//   - lessons/07-production/pingpong.trace, which lesson 07's cell and
//     the book's page replay, is ./tracegen pingpong pingpong.trace 20,
//     recorded the same way (lessons' TestCellOutputs checks its replay).
const (
	storedSim  = "testdata/sim-steal.trace"
	storedReal = "testdata/real-workerpool.trace"
)

func TestStoredSimTrace(t *testing.T) {
	_, data := simTrace(t, "examples/steal.go", 4)
	if *update {
		if err := os.WriteFile(storedSim, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	stored, err := os.ReadFile(storedSim)
	if err != nil {
		t.Fatalf("%v (go test ./replay -update writes it)", err)
	}
	if !bytes.Equal(stored, data) {
		t.Errorf("%s is not what gmplab run --format trace writes now: go test ./replay -update rewrites it", storedSim)
	}
}

// The real fixture opens whole, and the model names every start of it.
func TestStoredRealTrace(t *testing.T) {
	tr := open(t, storedReal)
	if tr.Version != 26 {
		t.Errorf("version 1.%d, want 1.26", tr.Version)
	}
	if tr.idx.nFinding != 0 {
		t.Errorf("%d findings", tr.idx.nFinding)
	}
}
