package grade

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gmplab/gmplab/checker"
)

// learnerNames turns a reference solution's exported functions into the
// names the learner's file has.
var learnerNames = strings.NewReplacer(
	// The live scheduler's methods keep their names (matched first).
	"sched.Runqget(", "sched.Runqget(",
	"func Newstack", "func newstack", "func Runqput", "func runqput", "func Runqget", "func runqget",
	"func FindRunnable", "func findRunnable", "Runqget(pp)", "runqget(pp)", "func Runqgrab", "func runqgrab",
	"func Retake", "func retake", "func Handoffp", "func handoffp", "func GopreemptM", "func gopreempt_m",
	"func WantAsyncPreempt", "func wantAsyncPreempt", "func IsAsyncSafePoint", "func isAsyncSafePoint",
	"func Injectglist", "func injectglist", "func Gfput", "func gfput", "func Gfget", "func gfget", "func SysmonBackoff", "func sysmonBackoff", "func SysmonDeepSleep", "func sysmonDeepSleep",
	"func StealWork", "func stealWork", "StealWork(sched)", "stealWork(sched)", "func CheckRunqsNoP", "func checkRunqsNoP",
	"CheckRunqsNoP(sched)", "checkRunqsNoP(sched)", "func CheckTimersNoP", "func checkTimersNoP", "CheckTimersNoP(sched,", "checkTimersNoP(sched,",
	"func Wakep", "func wakep", "Wakep(sched)", "wakep(sched)", "func Resetspinning", "func resetspinning",
	"func BecomeSpinning", "func becomeSpinning", "func PidlegetSpinning", "func pidlegetSpinning", "PidlegetSpinning(sched)", "pidlegetSpinning(sched)",
	"func StartCycle", "func startCycle", "func Exitsyscall", "func exitsyscall", "func ExitsyscallTryGetP", "func exitsyscallTryGetP", "ExitsyscallTryGetP(sched,", "exitsyscallTryGetP(sched,",
	"func ExitsyscallNoP", "func exitsyscallNoP", "ExitsyscallNoP(sched,", "exitsyscallNoP(sched,",
	"func Preemptone", "func preemptone", "Preemptone(sched,", "preemptone(sched,",
	"func Schedule", "func schedule", "FindRunnable(sched)", "findRunnable(sched)", "Resetspinning(sched)", "resetspinning(sched)")

// writeSolved writes a submission that solves every exercise (the worst
// case for time: every test of every battery runs) into dir.
func writeSolved(tb testing.TB, root, dir string) {
	tb.Helper()
	exs, err := checker.ListExercises(root)
	if err != nil {
		tb.Fatal(err)
	}
	for _, d := range exs {
		sol, _ := filepath.Glob(filepath.Join(d.Path, "solution", "*.go"))
		if len(sol) != 1 {
			tb.Fatalf("%s: want one solution file, have %v", d.Name, sol)
		}
		src, err := os.ReadFile(sol[0])
		if err != nil {
			tb.Fatal(err)
		}
		out := string(src)
		if !d.Scenario {
			out = learnerNames.Replace(strings.Replace(out, "package solution", "package "+d.Pkg, 1))
		}
		to := filepath.Join(dir, "exercises", d.Name, d.Files[0])
		os.MkdirAll(filepath.Dir(to), 0o755)
		if err := os.WriteFile(to, []byte(out), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkGrade30 grades thirty submissions of every exercise, each
// solving them all, with two processes at a time:
//
//	go test ./checker/grade -run '^$' -bench Grade30 -benchtime 1x
func BenchmarkGrade30(b *testing.B) {
	root, err := filepath.Abs("../..")
	if err != nil {
		b.Fatal(err)
	}
	var subs []string
	for i := 0; i < 30; i++ {
		dir := filepath.Join(b.TempDir(), fmt.Sprintf("student%02d", i))
		writeSolved(b, root, dir)
		subs = append(subs, dir)
	}
	for b.Loop() {
		start := time.Now()
		gb, err := Grade(context.Background(), Options{Root: root, Submissions: subs, Timeout: time.Minute, MemoryMB: 1024, Jobs: 2})
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range gb.Submissions {
			if s.Passed != len(gb.Exercises) {
				b.Fatalf("%s passed %d of %d", s.Name, s.Passed, len(gb.Exercises))
			}
		}
		b.ReportMetric(time.Since(start).Seconds(), "s/30-submissions")
	}
}

// TestSolvedSubmissionPasses: a submission written from the reference
// solutions passes every exercise (the benchmark's input is right).
func TestSolvedSubmissionPasses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a grading program (-short)")
	}
	root, _ := filepath.Abs("../..")
	dir := filepath.Join(t.TempDir(), "solved")
	writeSolved(t, root, dir)
	gb, err := Grade(context.Background(), Options{Root: root, Submissions: []string{dir},
		Exercises: []string{"02-runqget", "04-retake", "05-preempt", "04-scenario-handoff"}, Timeout: time.Minute, MemoryMB: 1024, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range gb.Submissions[0].Results {
		if r.Status != checker.StatusPass {
			t.Errorf("%s: %s %s", r.Exercise, r.Status, r.Message)
		}
	}
}

// BenchmarkGradeRefs grades four submissions that solve every exercise
// with the class's reference runs recorded once and read by every
// process (shared), and with each process running them itself
// (per-process), side by side: the CPU time of the grading processes
// (the recording's included) per submission, and the wall-clock time of
// the whole grading.
//
//	go test ./checker/grade -run '^$' -bench GradeRefs -benchtime 1x
func BenchmarkGradeRefs(b *testing.B) {
	root, err := filepath.Abs("../..")
	if err != nil {
		b.Fatal(err)
	}
	const n = 4
	var subs []string
	for i := 0; i < n; i++ {
		dir := filepath.Join(b.TempDir(), fmt.Sprintf("student%02d", i))
		writeSolved(b, root, dir)
		subs = append(subs, dir)
	}
	for _, mode := range []struct {
		name       string
		perProcess bool
	}{{"shared", false}, {"per-process", true}} {
		b.Run(mode.name, func(b *testing.B) {
			for b.Loop() {
				start := time.Now()
				gb, err := Grade(context.Background(), Options{Root: root, Submissions: subs, Timeout: time.Minute, MemoryMB: 1024, Jobs: 2, PerProcessRefs: mode.perProcess})
				if err != nil {
					b.Fatal(err)
				}
				for _, s := range gb.Submissions {
					for _, r := range s.Results {
						if r.Status != checker.StatusPass {
							b.Fatalf("%s %s: %s %s", s.Name, r.Exercise, r.Status, r.Message)
						}
					}
				}
				b.ReportMetric(gb.Procs.CPU.Seconds()/n, "cpu-s/submission")
				b.ReportMetric(time.Since(start).Seconds(), "wall-s")
				b.ReportMetric(float64(gb.Procs.MaxRSS)/(1<<20), "max-rss-MB")
			}
		})
	}
}
