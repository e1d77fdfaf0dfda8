package grade

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
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
// TestClass grades its class (3 without it: the class, the class again,
// the class without its hostile submissions; 2 grades the class twice and
// compares the gradebooks; 1 measures the time alone).
const EnvClassRuns = "GMPLAB_CLASS_RUNS"

// EnvClassLog names the environment variable that has TestClass write
// grade's progress lines, with each process's CPU time, to that file,
// and each grading's gradebook to FILE.runN.json.
const EnvClassLog = "GMPLAB_CLASS_LOG"

// mutation turns one exercise of a solved submission into a kind of
// submission: the file to change, and the text to replace (or, with
// link, the file replaced by a symbolic link to link: "OTHER" is the
// same file of the class's first submission).
type mutation struct {
	kind, exercise, file, old, new string
	want                           string // in the exercise's message or first failing test
	link                           string
}

// hostile says whether a kind of submission attacks the grading (the
// class is graded again without them, and the others' grades must not
// move).
func (m mutation) hostile() bool { return strings.HasPrefix(m.kind, "hostile-") }

var classMutations = []mutation{
	// Wrong: the held-out mistakes of issue 23, one per exercise at least.
	{kind: "wrong", exercise: "01-newstack", file: "newstack.go", old: "for newsize-used < needed", new: "for newsize-used <= needed", want: "the frame fits exactly"},
	{kind: "wrong", exercise: "02-runqget", file: "runqget.go", old: "\tif pp.Runqhead == pp.Runqtail {\n\t\treturn 0, false\n\t}\n", new: "", want: "took from an empty ring"},
	{kind: "wrong", exercise: "03-runqgrab", file: "runqgrab.go", old: "n = n - n/2", new: "n = n / 2", want: "ceil(half)"},
	{kind: "wrong", exercise: "04-retake", file: "retake.go", old: "if sched.Nmspinning+sched.Npidle == 0 {", new: "if sched.Nmspinning+sched.Npidle == 0 && false {", want: "spinning M"},
	{kind: "wrong", exercise: "04-retake", file: "retake.go", old: "if !rt.Runqempty(pp) || !sched.Runq.Empty() {", new: "if !rt.Runqempty(pp) {", want: "handoffp: global work: start an M"},
	{kind: "wrong", exercise: "02-runqput", file: "runqput.go", old: "\tsched.Runq.PushBack(gp)\n}", new: "}", want: "a full ring sends 128+1 to the global queue"},
	{kind: "wrong", exercise: "05-preempt", file: "preempt.go", old: "return !gp.AtRuntimeCall || gp.InWork", new: "return true", want: "stopped at a call into the runtime"},
	{kind: "wrong", exercise: "06-injectglist", file: "injectglist.go", old: "for ; n < npidle && n < len(glist); n++ {", new: "for ; n < npidle+len(glist) && n < len(glist); n++ {", want: "with a P"},
	{kind: "wrong", exercise: "02-gfree", file: "gfree.go", old: "for pp.NFree >= 32 {", new: "for pp.NFree > 32 {", want: "at 64, 33 go to the global list, 31 stay"},
	{kind: "wrong", exercise: "03-wakep", file: "wakep.go", old: "if sched.Nmspinning() != 0 || !sched.CasNmspinning(0, 1) {", new: "if !sched.CasNmspinning(sched.Nmspinning(), sched.Nmspinning()+1) {", want: "wakep"},
	{kind: "wrong", exercise: "04-exitsyscall", file: "exitsyscall.go", old: "\t\tsched.IncSyscalltick(pp)\n", new: "", want: "syscalltick"},
	{kind: "wrong", exercise: "04-sysmon", file: "sysmon.go", old: "} else if st.Idle > 50 {", new: "} else if st.Idle >= 50 {", want: "20 µs while idle passes are 50 or fewer"},
	{kind: "wrong", exercise: "05-preemptone", file: "preemptone.go", old: "\t\tsched.PreemptM(mp)\n", new: "", want: "and Go's:\n   4 preemptM(M1)"},
	{kind: "wrong", exercise: "06-findrunnable", file: "findrunnable.go", old: "if sched.Schedtick(pp)%61 == 0 && !sched.GlobrunqEmpty() {", new: "if sched.Schedtick(pp)%60 == 0 && !sched.GlobrunqEmpty() {", want: "61st schedtick"},
	{kind: "wrong", exercise: "09-startcycle", file: "startcycle.go", old: "if utilError < -maxUtilError || utilError > maxUtilError {", new: "if utilError > maxUtilError {", want: "a share of the only P"},
	{kind: "wrong", exercise: "07-scheduler", file: "scheduler.go", old: "\tif sched.Spinning() {\n\t\tresetspinning(sched)\n\t}\n", new: "", want: "a spinning M that found work stops spinning before it runs it"},
	{kind: "wrong", exercise: "03-scenario-steal", file: "scenario.go", old: "for i := 0; i < 3; i++ {", new: "for i := 0; i < 5; i++ {", want: "P1 steals exactly 3 goroutines"},
	{kind: "wrong", exercise: "04-scenario-handoff", file: "scenario.go", old: "for i := 0; i < 3; i++ {", new: "for i := 0; i < 1; i++ {", want: "exactly twice"},
	// Hanging, panicking, blocking: found in a second or less.
	{kind: "hanging", exercise: "02-runqput", file: "runqput.go", old: "func runqput(pp *rt.P, sched *rt.Schedt, gp rt.Guintptr, next bool) {", new: "func runqput(pp *rt.P, sched *rt.Schedt, gp rt.Guintptr, next bool) {\n\tfor pp != nil {\n\t}", want: "did not return within 1s of CPU"},
	{kind: "hanging", exercise: "05-preemptone", file: "preemptone.go", old: "\tsched.SetStackguard0(gp, rt.StackPreempt)\n", new: "\tfor gp != 0 {\n\t}\n", want: "preemptone: your function did not return within 1s of CPU"},
	{kind: "panicking", exercise: "01-newstack", file: "newstack.go", old: "oldsize := gp.StackSize", new: "oldsize := gp.StackSize + int64([]int{}[gp.Goid])", want: "panicked"},
	{kind: "blocking", exercise: "02-runqget", file: "runqget.go", old: "func runqget(pp *rt.P) (gp rt.Guintptr, inheritTime bool) {", new: "func runqget(pp *rt.P) (gp rt.Guintptr, inheritTime bool) {\n\tif pp.Runnext == 0 && pp.Runqhead == pp.Runqtail {\n\t\t<-make(chan int)\n\t}", want: "blocked"},
	// Hostile: each spoils at most its own grade.
	{kind: "hostile-spin", exercise: "05-preempt", file: "preempt.go", old: "func wantAsyncPreempt(", new: "var spinning bool\n\nfunc spoil() {\n\tif !spinning {\n\t\tspinning = true\n\t\tfor i := 0; i < 8; i++ {\n\t\t\tgo func() {\n\t\t\t\tfor {\n\t\t\t\t}\n\t\t\t}()\n\t\t}\n\t}\n}\n\nfunc wantAsyncPreempt(", want: "started a goroutine that still runs"},
	{kind: "hostile-alloc", exercise: "06-injectglist", file: "injectglist.go", old: "func injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {", new: "var big []byte\n\nfunc injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {\n\tif big == nil {\n\t\tbig = make([]byte, 20<<30)\n\t\tfor i := 0; i < len(big); i += 4096 {\n\t\t\tbig[i] = 1\n\t\t}\n\t}", want: "out of memory"},
	{kind: "hostile-print", exercise: "03-runqgrab", file: "runqgrab.go", old: "func runqgrab(", new: "func noise() {\n\tfor i := 0; i < 1000; i++ {\n\t\tprintln(\"spoil the grader's pipes\")\n\t}\n}\n\nfunc runqgrab(", want: "your code printed more than 1 MB (to standard error, where print and println write) and did not finish"},
	{kind: "hostile-print-forever", exercise: "04-sysmon", file: "sysmon.go", old: "func sysmonBackoff(st *rt.SysmonState, retaken int) {", new: "var printing bool\n\nfunc sysmonBackoff(st *rt.SysmonState, retaken int) {\n\tif !printing {\n\t\tprinting = true\n\t\tgo func() {\n\t\t\tfor {\n\t\t\t\tprintln(\"spoil the grader's pipes\")\n\t\t\t}\n\t\t}()\n\t}", want: "started a goroutine that still runs"},
	{kind: "hostile-init", exercise: "02-runqput", file: "runqput.go", old: "func runqput(", new: "func init() {\n\tfor i := 0; i < 8; i++ {\n\t\tgo func() {\n\t\t\tfor {\n\t\t\t}\n\t\t}()\n\t}\n}\n\nfunc runqput(", want: "may not run at initialisation"},
	{kind: "hostile-alloc-init", exercise: "02-gfree", file: "gfree.go", old: "func gfput(", new: "var big = make([]byte, 20<<30)\n\nfunc gfput(", want: "may not run at initialisation"},
	{kind: "hostile-read", exercise: "04-retake", file: "retake.go", old: "import \"github.com/gmplab/gmplab/exercises/rt\"", new: "import (\n\t\"os\"\n\n\t\"github.com/gmplab/gmplab/exercises/rt\"\n)\n\nvar _ = os.ReadFile", want: `imports "os"`},
	{kind: "hostile-fork", exercise: "03-wakep", file: "wakep.go", old: "import \"github.com/gmplab/gmplab/exercises/rt\"", new: "import (\n\t\"os/exec\"\n\n\t\"github.com/gmplab/gmplab/exercises/rt\"\n)\n\nvar _ = exec.Command", want: `imports "os/exec"`},
	{kind: "hostile-symlink-other", exercise: "01-newstack", file: "newstack.go", link: "OTHER", want: "symbolic link that leads out of the submission"},
	{kind: "hostile-symlink-system", exercise: "04-exitsyscall", file: "exitsyscall.go", link: "/etc/passwd", want: "symbolic link that leads out of the submission"},
}

// writeClass writes a class of size submissions into dir: 40% solve every
// exercise, the rest each have one exercise turned by a mutation (in
// turn) and the others solved. It returns the submissions' folders and
// each broken one's mutation.
func writeClass(t *testing.T, root, dir string, size int) ([]string, map[string]mutation) {
	var subs []string
	broken := map[string]mutation{} // submission → its mutation
	for i := 0; i < size; i++ {
		name := fmt.Sprintf("s%03d", i)
		d := filepath.Join(dir, name)
		writeSolved(t, root, d)
		subs = append(subs, d)
		if i%5 < 2 { // 40% correct
			continue
		}
		m := classMutations[(i/5*3+i%5-2)%len(classMutations)]
		broken[name] = m
		f := filepath.Join(d, "exercises", m.exercise, m.file)
		if m.link != "" {
			to := m.link
			if to == "OTHER" {
				to = filepath.Join(dir, "s000", "exercises", m.exercise, m.file)
			}
			if err := os.Remove(f); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(to, f); err != nil {
				t.Fatal(err)
			}
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), m.old) {
			t.Fatalf("%s: %s does not contain %q", m.kind, f, m.old)
		}
		out := strings.Replace(string(src), m.old, m.new, 1)
		if m.kind == "hostile-spin" || m.kind == "hostile-print" {
			call := map[string]string{"hostile-spin": "spoil()", "hostile-print": "noise()"}[m.kind]
			out = strings.Replace(out, ") bool {\n", ") bool {\n\t"+call+"\n", 1)
			out = strings.Replace(out, ") uint32 {\n", ") uint32 {\n\t"+call+"\n", 1)
		}
		if err := os.WriteFile(f, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return subs, broken
}

// TestClassMutations: every mutation of the class applies to the
// solutions as they are (a mutation whose text is gone would silently
// grade a solved exercise), and the class of 100 has every kind.
func TestClassMutations(t *testing.T) {
	root, _ := filepath.Abs("../..")
	_, broken := writeClass(t, root, t.TempDir(), len(classMutations)*5/3+5)
	kinds := map[string]bool{}
	for _, m := range broken {
		kinds[m.kind+" "+m.exercise+" "+m.want] = true
	}
	for _, m := range classMutations {
		if !kinds[m.kind+" "+m.exercise+" "+m.want] {
			t.Errorf("the class has no %s submission of %s", m.kind, m.exercise)
		}
	}
	exs, err := checker.ListExercises(root)
	if err != nil {
		t.Fatal(err)
	}
	// The solved class declares every function the learner's files do:
	// a new exercise whose reference names learnerNames does not map
	// would leave every submission with "undefined" at grading time.
	solved := t.TempDir()
	writeSolved(t, root, solved)
	funcDecl := regexp.MustCompile(`(?m)^func (\w+)\(`)
	for _, d := range exs {
		if d.Scenario {
			continue
		}
		stub, err := os.ReadFile(filepath.Join(d.Path, d.Files[0]))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(solved, "exercises", d.Name, d.Files[0]))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range funcDecl.FindAllStringSubmatch(string(stub), -1) {
			if !regexp.MustCompile(`(?m)^func ` + m[1] + `\(`).Match(got) {
				t.Errorf("%s: the solved submission has no func %s (learnerNames in bench_test.go maps the solution's names to the learner's)", d.Name, m[1])
			}
		}
	}
	for _, d := range exs {
		wrong := false
		for _, m := range classMutations {
			wrong = wrong || (m.exercise == d.Name && m.kind == "wrong")
		}
		if !wrong {
			t.Errorf("no wrong submission of %s in the class", d.Name)
		}
	}
}

// TestClass grades a class (GMPLAB_CLASS submissions, writeClass) on this
// machine and checks that every correct submission and every exercise a
// submission solved passes and that each broken exercise fails with its
// reason; then the whole class again, and checks that the gradebook is
// byte for byte the first one; then (GMPLAB_CLASS_RUNS=3, the default)
// again without the hostile submissions, and checks that every other
// submission's grades are byte for byte the same as with them. It logs
// each grading's time, the processes' peak memory and CPU time.
func TestClass(t *testing.T) {
	var size int
	if _, err := fmt.Sscan(os.Getenv(EnvClass), &size); err != nil || size <= 0 {
		t.Skipf("set %s=100 to grade a class (minutes)", EnvClass)
	}
	root, _ := filepath.Abs("../..")
	dir := t.TempDir()
	subs, broken := writeClass(t, root, dir, size)
	var peaceful []string // the class without its hostile submissions
	for _, d := range subs {
		if !broken[filepath.Base(d)].hostile() {
			peaceful = append(peaceful, d)
		}
	}
	runs := 3
	if n, err := strconv.Atoi(os.Getenv(EnvClassRuns)); err == nil && n > 0 {
		runs = n
	}
	var logTo io.Writer = io.Discard
	if f := os.Getenv(EnvClassLog); f != "" {
		lf, err := os.Create(f)
		if err != nil {
			t.Fatal(err)
		}
		defer lf.Close()
		logTo = lf
	}
	var first []byte
	var firstGB *Gradebook
	for run := 1; run <= runs; run++ {
		class := subs
		if run == 3 {
			class = peaceful
		}
		start := time.Now()
		var log bytes.Buffer
		gb, err := Grade(context.Background(), Options{Root: root, Submissions: class, Timeout: 10 * time.Second, MemoryMB: 512, Jobs: 2, Log: io.MultiWriter(&log, logTo)})
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
		t.Logf("run %d: %d submissions × %d exercises graded in %v (building and linking %v, %v of CPU time); %d processes, peak RSS max %.0f MB, mean %.0f MB; CPU %v in all, at most %v in one",
			run, len(class), len(gb.Exercises), took.Round(time.Second), p.BuildTime.Round(time.Second), p.BuildCPU.Round(time.Second), p.N,
			float64(p.MaxRSS)/(1<<20), float64(p.SumRSS)/float64(max(1, p.N))/(1<<20), p.CPU.Round(time.Second), p.MaxCPU.Round(time.Millisecond))
		t.Logf("run %d: CPU time with the build %v: %v on each of 2 cores", run, (p.CPU + p.BuildCPU).Round(time.Second), ((p.CPU + p.BuildCPU) / 2).Round(time.Second))
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
		t.Logf("run %d: gradebook of %d bytes, sha256 %x", run, js.Len(), sha256.Sum256(js.Bytes()))
		if f := os.Getenv(EnvClassLog); f != "" {
			if err := os.WriteFile(fmt.Sprintf("%s.run%d.json", f, run), js.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		switch run {
		case 1:
			first, firstGB = js.Bytes(), gb
		case 2:
			if !bytes.Equal(first, js.Bytes()) {
				t.Errorf("run 2: the gradebook differs from run 1's:\n%s", firstDiff(first, js.Bytes()))
			} else {
				t.Logf("run %d: the gradebook is byte for byte run 1's", run)
			}
		default:
			with := map[string][]byte{}
			for _, s := range firstGB.Submissions {
				with[s.Name], _ = json.Marshal(s)
			}
			for _, s := range gb.Submissions {
				without, _ := json.Marshal(s)
				if !bytes.Equal(with[s.Name], without) {
					t.Errorf("%s's grades differ with the hostile submissions and without them:\n%s\n%s", s.Name, with[s.Name], without)
				}
			}
			t.Logf("run %d: %d submissions' grades byte for byte the same without the %d hostile ones as with them", run, len(gb.Submissions), len(subs)-len(peaceful))
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

// firstDiff shows the first line where two gradebooks differ.
func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < max(len(la), len(lb)); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			return fmt.Sprintf("line %d:\n  run 1: %s\n  run 2: %s", i+1, x, y)
		}
	}
	return "(the same lines)"
}
