package grade

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gmplab/gmplab/checker"
)

// EnvClass names the environment variable that runs TestClass: it grades
// a class of that many submissions (100 for the figures in
// docs/exercises.md) twice, which takes minutes:
//
//	GMPLAB_CLASS=100 go test ./checker/grade -run TestClass -v -timeout 30m
const EnvClass = "GMPLAB_CLASS"

// EnvClassRuns names the environment variable that sets how many times
// TestClass grades its class (2 without it; 1 measures the time alone,
// without comparing two gradings).
const EnvClassRuns = "GMPLAB_CLASS_RUNS"

// mutation turns one exercise of a solved submission into a kind of
// submission: the file to change, and the text to replace.
type mutation struct {
	kind, exercise, file, old, new string
	want                           string // in the exercise's message or first failing test
}

var classMutations = []mutation{
	{"wrong", "01-newstack", "newstack.go", "for newsize-used < needed", "for newsize-used <= needed", "the frame fits exactly"},
	{"wrong", "02-runqget", "runqget.go", "\tif pp.Runqhead == pp.Runqtail {\n\t\treturn 0, false\n\t}\n", "", "took from an empty ring"},
	{"wrong", "03-runqgrab", "runqgrab.go", "n = n - n/2", "n = n / 2", "ceil(half)"},
	{"wrong", "04-retake", "retake.go", "if sched.Nmspinning+sched.Npidle == 0 {", "if sched.Nmspinning+sched.Npidle == 0 && false {", "spinning M"},
	{"wrong", "06-injectglist", "injectglist.go", "for ; n < npidle && n < len(glist); n++ {", "for ; n < npidle+len(glist) && n < len(glist); n++ {", "with a P"},
	{"hanging", "02-runqput", "runqput.go", "func runqput(pp *rt.P, sched *rt.Schedt, gp rt.Guintptr, next bool) {", "func runqput(pp *rt.P, sched *rt.Schedt, gp rt.Guintptr, next bool) {\n\tfor pp != nil {\n\t}", "timed out"},
	{"panicking", "01-newstack", "newstack.go", "oldsize := gp.StackSize", "oldsize := gp.StackSize + int64([]int{}[gp.Goid])", "panicked"},
	{"blocking", "02-runqget", "runqget.go", "func runqget(pp *rt.P) (gp rt.Guintptr, inheritTime bool) {", "func runqget(pp *rt.P) (gp rt.Guintptr, inheritTime bool) {\n\tif pp.Runnext == 0 && pp.Runqhead == pp.Runqtail {\n\t\t<-make(chan int)\n\t}", "blocked"},
	{"hostile-spin", "05-preempt", "preempt.go", "func wantAsyncPreempt(", "var spinning bool\n\nfunc spoil() {\n\tif !spinning {\n\t\tspinning = true\n\t\tfor i := 0; i < 8; i++ {\n\t\t\tgo func() {\n\t\t\t\tfor {\n\t\t\t\t}\n\t\t\t}()\n\t\t}\n\t}\n}\n\nfunc wantAsyncPreempt(", ""},
	{"hostile-alloc", "06-injectglist", "injectglist.go", "func injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {", "var big []byte\n\nfunc injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {\n\tif big == nil {\n\t\tbig = make([]byte, 20<<30)\n\t\tfor i := 0; i < len(big); i += 4096 {\n\t\t\tbig[i] = 1\n\t\t}\n\t}", "out of memory"},
	{"hostile-print", "03-runqgrab", "runqgrab.go", "func runqgrab(", "func noise() {\n\tfor i := 0; i < 1000; i++ {\n\t\tprintln(\"spoil the grader's pipes\")\n\t}\n}\n\nfunc runqgrab(", ""},
	{"hostile-init", "02-runqput", "runqput.go", "func runqput(", "func init() {\n\tfor i := 0; i < 8; i++ {\n\t\tgo func() {\n\t\t\tfor {\n\t\t\t}\n\t\t}()\n\t}\n}\n\nfunc runqput(", "may not run at initialisation"},
	{"hostile-read", "04-retake", "retake.go", "import \"github.com/gmplab/gmplab/exercises/rt\"", "import (\n\t\"os\"\n\n\t\"github.com/gmplab/gmplab/exercises/rt\"\n)\n\nvar _ = os.ReadFile", `imports "os"`},
}

// TestClass grades a class (GMPLAB_CLASS submissions: 40% correct, the
// rest each with one exercise wrong, hanging, panicking, blocking or
// hostile, the others solved) twice on this machine, and checks that the
// two gradebooks are identical, that every correct submission and every
// exercise a submission solved passes (the hostile ones change nothing of
// anyone else's), and that each broken exercise fails with its reason. It
// logs the time, the processes' peak memory and CPU time.
func TestClass(t *testing.T) {
	var size int
	if _, err := fmt.Sscan(os.Getenv(EnvClass), &size); err != nil || size <= 0 {
		t.Skipf("set %s=100 to grade a class (minutes)", EnvClass)
	}
	root, _ := filepath.Abs("../..")
	dir := t.TempDir()
	var subs []string
	broken := map[string]mutation{} // submission → its mutation
	for i := 0; i < size; i++ {
		name := fmt.Sprintf("s%03d", i)
		d := filepath.Join(dir, name)
		writeSolved(t, root, d)
		if i%5 >= 2 { // 40% correct
			m := classMutations[i%len(classMutations)]
			f := filepath.Join(d, "exercises", m.exercise, m.file)
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(src), m.old) {
				t.Fatalf("%s: %s does not contain %q", m.kind, f, m.old)
			}
			out := strings.Replace(string(src), m.old, m.new, 1)
			if strings.HasPrefix(m.kind, "hostile-spin") || m.kind == "hostile-print" {
				call := map[string]string{"hostile-spin": "spoil()", "hostile-print": "noise()"}[m.kind]
				out = strings.Replace(out, ") bool {\n", ") bool {\n\t"+call+"\n", 1)
				out = strings.Replace(out, ") uint32 {\n", ") uint32 {\n\t"+call+"\n", 1)
			}
			os.WriteFile(f, []byte(out), 0o644)
			broken[name] = m
		}
		subs = append(subs, d)
	}
	runs := 2
	if n, err := strconv.Atoi(os.Getenv(EnvClassRuns)); err == nil && n > 0 {
		runs = n
	}
	var first []byte
	for run := 1; run <= runs; run++ {
		start := time.Now()
		var log bytes.Buffer
		gb, err := Grade(context.Background(), Options{Root: root, Submissions: subs, Timeout: 10 * time.Second, MemoryMB: 512, Jobs: 2, Log: &log})
		if err != nil {
			t.Fatal(err)
		}
		took := time.Since(start)
		for _, l := range strings.Split(log.String(), "\n") {
			if strings.HasPrefix(l, "recorded ") || strings.HasPrefix(l, "recording ") {
				t.Logf("run %d: %s", run, l)
			}
		}
		p := gb.Procs
		t.Logf("run %d: %d submissions × %d exercises graded in %v (building and linking %v); %d processes, peak RSS max %.0f MB, mean %.0f MB; CPU %v in all, at most %v in one",
			run, len(subs), len(gb.Exercises), took.Round(time.Second), p.BuildTime.Round(time.Second), p.N,
			float64(p.MaxRSS)/(1<<20), float64(p.SumRSS)/float64(max(1, p.N))/(1<<20), p.CPU.Round(time.Second), p.MaxCPU.Round(time.Millisecond))
		for _, s := range gb.Submissions {
			m, bad := broken[s.Name]
			for _, r := range s.Results {
				switch {
				case bad && r.Exercise == m.exercise:
					if r.Status == checker.StatusPass && m.want != "" {
						t.Errorf("run %d: %s (%s) passes %s", run, s.Name, m.kind, r.Exercise)
					}
					if m.want != "" && !strings.Contains(r.Message+firstFailure(r), m.want) {
						t.Errorf("run %d: %s (%s) %s: %s %q, want %q", run, s.Name, m.kind, r.Exercise, r.Status, r.Message+firstFailure(r), m.want)
					}
				case r.Status != checker.StatusPass:
					t.Errorf("run %d: %s (%s) %s: %s %s", run, s.Name, m.kind, r.Exercise, r.Status, r.Message)
				}
			}
		}
		var js bytes.Buffer
		gb.WriteJSON(&js)
		if run == 1 {
			first = js.Bytes()
		} else if !bytes.Equal(first, js.Bytes()) {
			t.Errorf("the two gradings differ")
		}
	}
}

func firstFailure(r *checker.Result) string {
	for _, tr := range r.Tests {
		if tr.Status != checker.StatusPass {
			return " " + tr.Name + ": " + tr.Message
		}
	}
	return ""
}
