package checker

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// The class's reference runs, recorded once for the tests that use them.
var (
	refsTestOnce sync.Once
	refsTestDir  string
	refsTestErr  error
	refsTestN    int
)

func recordedRefs(t *testing.T) string {
	t.Helper()
	refsTestOnce.Do(func() {
		refsTestDir, refsTestErr = os.MkdirTemp("", "gmplab-refs")
		if refsTestErr == nil {
			refsTestN, refsTestErr = RecordReferences(refsTestDir, nil)
		}
	})
	if refsTestErr != nil {
		t.Fatal(refsTestErr)
	}
	return refsTestDir
}

// useRefs makes compareRun read the reference runs in dir ("": none),
// for the rest of the test.
func useRefs(t *testing.T, dir string) {
	refsOnce.Do(func() {})
	set := func(d string) {
		refsMu.Lock()
		refsDir = d
		clear(refsRead)
		refsMu.Unlock()
	}
	set(dir)
	t.Cleanup(func() { set("") })
}

// TestRecordReferences: every scenario test of every exercise has its
// reference run recorded, once per scenario and configuration, and read
// back.
func TestRecordReferences(t *testing.T) {
	dir := recordedRefs(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*.gob"))
	if len(files) != refsTestN || refsTestN == 0 {
		t.Fatalf("%d files for %d recorded runs", len(files), refsTestN)
	}
	var size int64
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil {
			size += fi.Size()
		}
	}
	t.Logf("%d reference runs, %d KB", refsTestN, size>>10)
	useRefs(t, dir)
	sc := generated("spawn.go")
	rc := runCfg{gomaxprocs: 4, seed: 1, layers: runtime.AllLayers}
	rr := loadRef(sc, rc)
	if rr == nil || len(rr.Events) == 0 {
		t.Fatalf("spawn.go@4 seed 1 has no recorded run")
	}
	if !rr.Events[0].Start {
		t.Errorf("the first event does not start an engine step")
	}
	if loadRef(scenario{path: sc.path, src: append([]byte("// changed\n"), sc.src...)}, rc) != nil {
		t.Errorf("a changed scenario found the record of the original")
	}
}

// TestRecordedReferencesSameFeedback: with the reference runs read from
// the record, every wrong solution fails exactly as with the reference
// run live (its golden file), and every reference solution passes: a
// record changes how long grading takes, never a grade or a word of the
// feedback.
func TestRecordedReferencesSameFeedback(t *testing.T) {
	if testing.Short() {
		t.Skip("records every reference run")
	}
	useRefs(t, recordedRefs(t))
	before := refsUsed.Load()
	defer func() {
		if refsUsed.Load() == before {
			t.Errorf("no scenario test read a recorded run: the test proves nothing")
		}
	}()
	for _, w := range wrongSolutions() {
		t.Run(w.name, func(t *testing.T) {
			w.ex.firstFailOnly = true
			r := w.ex.Run()
			var b strings.Builder
			b.WriteString("# " + w.name + ": " + strings.Join(r.Scores(), ", ") + "\n")
			for _, tr := range r.Tests {
				if tr.Status == StatusFail {
					b.WriteString("\n## " + tr.Name + "\n" + tr.Message)
				}
			}
			want, err := os.ReadFile(filepath.Join("testdata", "wrong", w.name+".golden"))
			if err != nil {
				t.Fatal(err)
			}
			if string(want) != b.String() {
				t.Errorf("with recorded reference runs the feedback differs from testdata/wrong/%s.golden", w.name)
			}
		})
	}
	for _, ex := range references() {
		t.Run(ex.Name, func(t *testing.T) {
			if r := ex.Run(); r.Status != StatusPass {
				t.Errorf("the reference solution does not pass with recorded reference runs: %s", r.Message)
			}
		})
	}
}

// TestMain removes the recorded reference runs after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if refsTestDir != "" {
		os.RemoveAll(refsTestDir)
	}
	os.Exit(code)
}
