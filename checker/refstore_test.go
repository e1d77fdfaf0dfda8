package checker

import (
	"bytes"
	"encoding/gob"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
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
		progCache.Clear() // so that the programs are read from dir
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
	progs, _ := filepath.Glob(filepath.Join(dir, "*.prog"))
	if len(progs) == 0 {
		t.Errorf("no compiled program recorded")
	}
	files = append(files, progs...)
	var size int64
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil {
			size += fi.Size()
		}
	}
	t.Logf("%d reference runs and %d programs, %d KB", refsTestN, len(progs), size>>10)
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
	before, progsBefore := refsUsed.Load(), progsRead.Load()
	defer func() {
		if refsUsed.Load() == before {
			t.Errorf("no scenario test read a recorded run: the test proves nothing")
		}
		if progsRead.Load() == progsBefore {
			t.Errorf("no scenario's program was read from the record: the test proves nothing for them")
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

// TestProgramGob: a compiled program goes through the record whole. Every
// type a vm.Program holds is gob's to write in full (exported fields of
// plain data: no unexported field, function, channel, interface or
// pointer, which gob would drop or share), and each generated scenario's
// program, written and read back, writes the same bytes again and runs
// the same events as the one compiled.
func TestProgramGob(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(ty reflect.Type, path string)
	walk = func(ty reflect.Type, path string) {
		if seen[ty] {
			return
		}
		seen[ty] = true
		switch ty.Kind() {
		case reflect.Struct:
			for i := 0; i < ty.NumField(); i++ {
				f := ty.Field(i)
				if !f.IsExported() {
					t.Errorf("%s.%s is unexported: gob would not write it", path, f.Name)
				}
				walk(f.Type, path+"."+f.Name)
			}
		case reflect.Slice, reflect.Array:
			walk(ty.Elem(), path+"[]")
		case reflect.Map:
			walk(ty.Key(), path+"[key]")
			walk(ty.Elem(), path+"[]")
		case reflect.Func, reflect.Chan, reflect.Interface, reflect.Pointer, reflect.UnsafePointer, reflect.Uintptr:
			t.Errorf("%s is a %s: not plain data", path, ty.Kind())
		}
	}
	walk(reflect.TypeOf(vm.Program{}), "Program")
	names, err := scenarioFiles.ReadDir("scenarios")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		sc := generated(n.Name())
		prog, err := compile(sc)
		if err != nil {
			t.Fatal(err)
		}
		var b1, b2 bytes.Buffer
		if err := gob.NewEncoder(&b1).Encode(prog); err != nil {
			t.Fatal(err)
		}
		back := new(vm.Program)
		if err := gob.NewDecoder(bytes.NewReader(b1.Bytes())).Decode(back); err != nil {
			t.Fatal(err)
		}
		gob.NewEncoder(&b2).Encode(back)
		if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
			t.Errorf("%s: the program read back writes other bytes", sc.path)
		}
		run := func(p *vm.Program) []runtime.Event {
			m, err := runtime.New(p, runtime.Config{GOMAXPROCS: 2, Seed: 1, Layers: runtime.AllLayers, MaxSteps: maxSteps, Why: true})
			if err != nil {
				t.Fatal(err)
			}
			var evs []runtime.Event
			for {
				ev, ok := m.Step()
				if !ok {
					return evs
				}
				evs = append(evs, ev)
			}
		}
		if a, b := run(prog), run(back); !slices.EqualFunc(a, b, func(x, y runtime.Event) bool { return reflect.DeepEqual(x, y) }) {
			t.Errorf("%s: the program read back runs other events (%d, %d)", sc.path, len(a), len(b))
		}
	}
}
