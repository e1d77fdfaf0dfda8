// Package grade grades many submissions of the exercises: each exercise
// of each submission runs in its own process, confined (package sandbox:
// limits, Landlock, seccomp, in force before any learner code runs), and
// anything that goes wrong (a hang, a panic, an exit, a compile error, a
// forbidden import, a symbolic link out of the submission) is a 0 for
// that exercise with the reason, never a stop.
//
// Design: every submission's files become packages at
// internal/gradebuild/sN/PKG through a go build -overlay (nothing is
// written into the checkout). Packages go cannot load are found first by
// go list -e, packages that do not compile by a go build of all of them,
// and both are left out with go's errors as the reason. Each submission
// then gets a grading program of its own (one go build links them all,
// without DWARF), so that nothing of one submission, not even its
// initialisation, runs in another's processes: an init that spins
// goroutines or allocates 20 GB spoils only its own grades. Each program
// is started once first, so that a package whose initialisation fails is
// found and left out (see build.go and probe.go).
package grade

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/checker/sandbox"
)

// Options say what to grade and how.
type Options struct {
	Root        string        // the gmplab checkout whose checker grades
	Submissions []string      // folders: clones of the repository, or the exercise files alone
	Exercises   []string      // names to grade; empty for all
	Timeout     time.Duration // CPU time of one exercise of one submission (whole seconds)
	MemoryMB    int
	Jobs        int       // processes at once
	Log         io.Writer // progress lines, or nil
	// Seed moves the generated scenarios' seeds (checker.EnvSeed; 0: 1-3).
	Seed uint64
	// Hidden is an instructor's folder of hidden scenarios
	// (checker.EnvHidden), or "".
	Hidden string
	// PerProcessRefs has every grading process run the reference side of
	// its scenario tests itself, instead of reading the runs recorded
	// once for the class (refs.go); the grades are the same.
	PerProcessRefs bool

	refs      string // the class's recorded reference runs, or ""
	fileBytes uint64 // a process's RLIMIT_FSIZE; 0: 1 MB
}

// Gradebook is the outcome: per submission, per exercise, per test.
type Gradebook struct {
	Exercises   []string      `json:"exercises"`
	Submissions []*Submission `json:"submissions"`
	// Procs measures the grading processes (not in the gradebook's files:
	// they vary from run to run).
	Procs ProcStats `json:"-"`
}

// ProcStats measures the grading processes of one grading.
type ProcStats struct {
	N         int           // processes run (probes included)
	MaxRSS    int64         // the largest peak resident set of one, bytes (wait4's ru_maxrss: at least the grader's own resident set when it started the process, which the child shares until it execs)
	SumRSS    int64         // their peaks added up, for the mean
	CPU       time.Duration // user and system time of all of them
	MaxCPU    time.Duration // of the one that used most
	BuildTime time.Duration // compiling and linking, wall-clock
	BuildCPU  time.Duration // the go commands' user and system time, their compilers' and linkers' included
}

var statsMu sync.Mutex

// accountBuild adds a finished go command (go list, go build: its
// compilers and linkers, which it waits for, are in its rusage) to the
// build's CPU time.
func (p *ProcStats) accountBuild(ps *os.ProcessState) {
	if ps == nil {
		return
	}
	statsMu.Lock()
	defer statsMu.Unlock()
	p.BuildCPU += ps.UserTime() + ps.SystemTime()
}

// account adds a finished process to the statistics.
func (p *ProcStats) account(ps *os.ProcessState) time.Duration {
	if ps == nil {
		return 0
	}
	cpu := ps.UserTime() + ps.SystemTime()
	var rss int64
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		rss = int64(ru.Maxrss) * 1024 // kilobytes on Linux
	}
	statsMu.Lock()
	defer statsMu.Unlock()
	p.N++
	p.CPU += cpu
	p.MaxCPU = max(p.MaxCPU, cpu)
	p.MaxRSS = max(p.MaxRSS, rss)
	p.SumRSS += rss
	return cpu
}

// Submission is one submission's grades.
type Submission struct {
	Name   string `json:"name"` // the folder's base name
	Dir    string `json:"-"`
	Passed int    `json:"passed"` // exercises passed
	// Points: the share of rules that hold, per exercise, added up (of
	// Possible, the number of exercises).
	Points   float64           `json:"points"`
	Possible int               `json:"possible"`
	Results  []*checker.Result `json:"results"`
}

// job is one exercise of one submission.
type job struct {
	sub  int
	ex   checker.Dir
	file string // a scenario exercise's file, from the working directory
	key  string
}

// Grade grades o.Submissions.
func Grade(ctx context.Context, o Options) (*Gradebook, error) {
	root, err := filepath.Abs(o.Root)
	if err != nil {
		return nil, err
	}
	o.Root = root
	all, err := checker.ListExercises(root)
	if err != nil {
		return nil, err
	}
	var exs []checker.Dir
	for _, d := range all {
		if len(o.Exercises) == 0 || contains(o.Exercises, d.Name) {
			exs = append(exs, d)
		}
	}
	if len(exs) == 0 {
		return nil, fmt.Errorf("no exercise named %s", strings.Join(o.Exercises, ", "))
	}
	gb := &Gradebook{}
	for _, d := range exs {
		gb.Exercises = append(gb.Exercises, d.Name)
	}
	tmp, err := os.MkdirTemp("", "gmplab-grade")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	ov := overlay{Replace: map[string]string{}}
	var jobs []job
	var pkgs []gradePkg
	for i, dir := range o.Submissions {
		s := &Submission{Name: filepath.Base(filepath.Clean(dir)), Dir: dir, Results: make([]*checker.Result, len(exs))}
		gb.Submissions = append(gb.Submissions, s)
		if reason := NotFolder(dir); reason != "" {
			for k, d := range exs {
				s.Results[k] = errResult(d.Name, reason)
			}
			continue
		}
		for k, d := range exs {
			files, reason := locate(dir, d)
			if reason != "" {
				s.Results[k] = errResult(d.Name, reason)
				continue
			}
			if d.Scenario {
				jobs = append(jobs, job{sub: i, ex: d, file: fromHere(files[0]), key: d.Name})
				continue
			}
			p := gradePkg{path: importPath(i, d.Pkg), dir: filepath.Join(o.Root, "internal", "gradebuild", fmt.Sprintf("s%d", i), d.Pkg),
				display: displayDir(dir, filepath.Dir(files[0])), ex: d, sub: i, key: fmt.Sprintf("s%d/%s", i, d.Name), files: files}
			bad := ""
			for _, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					bad = err.Error()
					break
				}
				if err := checker.CheckSource(f, src); err != nil {
					bad = err.Error()
					break
				}
				ov.Replace[filepath.Join(p.dir, filepath.Base(f))] = f
			}
			if bad != "" {
				s.Results[k] = errResult(d.Name, bad)
				continue
			}
			ov.Replace[filepath.Join(p.dir, "exercise.go")] = filepath.Join(d.Path, "exercise.go")
			pkgs = append(pkgs, p)
			jobs = append(jobs, job{sub: i, ex: d, key: p.key})
		}
	}
	if o.Log != nil && len(pkgs) > 0 {
		fmt.Fprintf(o.Log, "compiling %d package(s) of %d submission(s)...\n", len(pkgs), len(o.Submissions))
	}
	buildStart := time.Now()
	procStats = &gb.Procs
	broken, err := build(ctx, o.Root, tmp, ov, pkgs)
	if err != nil {
		return nil, err
	}
	if o.Log != nil {
		fmt.Fprintf(o.Log, "linking a grading program per submission...\n")
	}
	bins, err := linkAll(ctx, o.Root, tmp, ov, pkgs, broken)
	if err != nil {
		return nil, err
	}
	gb.Procs.BuildTime = time.Since(buildStart)
	if err := startable(ctx, o, tmp, ov, bins, pkgs, broken); err != nil {
		return nil, err
	}
	if !o.PerProcessRefs {
		if o.refs = recordRefs(ctx, o, tmp, bins[-1], exs); o.refs != "" {
			defer os.Chmod(o.refs, 0o755) // so that tmp can be removed
		}
	}
	run(ctx, o, tmp, bins, jobs, broken, gb, exs)
	gb.total()
	return gb, nil
}

// total fills each submission's Passed, Points and Possible.
func (gb *Gradebook) total() {
	for _, s := range gb.Submissions {
		s.Passed, s.Points, s.Possible = 0, 0, len(gb.Exercises)
		for _, r := range s.Results {
			if r.Status == checker.StatusPass {
				s.Passed++
			}
			s.Points += Points(r)
		}
		s.Points = float64(int64(s.Points*100+0.5)) / 100
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func importPath(sub int, pkg string) string {
	return fmt.Sprintf("%s/internal/gradebuild/s%d/%s", checker.Module, sub, pkg)
}

func errResult(ex, msg string) *checker.Result {
	return &checker.Result{Version: 2, Exercise: ex, Status: checker.StatusError, Message: msg}
}

// NotSubmitted starts the message of an exercise whose files a
// submission does not have.
const NotSubmitted = "not submitted"

// NotFolder says why dir cannot be a submission, or "".
func NotFolder(dir string) string {
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return dir + ": no such folder"
	case err != nil:
		return err.Error()
	case !fi.IsDir():
		return dir + ": not a folder"
	}
	return ""
}

// displayDir names folder (absolute) as the submission's name and the
// path inside it: alice/exercises/02-runqput.
func displayDir(sub, folder string) string {
	name := filepath.Base(filepath.Clean(sub))
	abs, err := filepath.Abs(sub)
	if err != nil {
		return name
	}
	if rel, err := filepath.Rel(abs, folder); err == nil && rel != "." {
		return filepath.Join(name, rel)
	}
	return name
}

// locate finds a submission's files of exercise d: in exercises/NAME/ (a
// clone), NAME/, or the folder itself (the files alone; not for scenario
// exercises, whose files are all named scenario.go). A folder of the
// exercise's own (the first two) may hold more .go files of the learner's
// (helpers): they are taken too, as go test and gmplab check take them;
// in the folder itself other files may be other exercises'.
func locate(dir string, d checker.Dir) ([]string, string) {
	cands := []string{filepath.Join(dir, "exercises", d.Name), filepath.Join(dir, d.Name)}
	if !d.Scenario {
		cands = append(cands, dir)
	}
	for ci, c := range cands {
		var files []string
		for _, f := range d.Files {
			if _, err := os.Stat(filepath.Join(c, f)); err == nil {
				files = append(files, filepath.Join(c, f))
			}
		}
		if len(files) != len(d.Files) {
			continue
		}
		if ci < 2 && !d.Scenario {
			files = append(files, extraFiles(c, d)...)
		}
		abs := make([]string, len(files))
		for i, f := range files {
			abs[i], _ = filepath.Abs(f)
			if why := escapes(dir, abs[i]); why != "" {
				return nil, why
			}
		}
		return abs, ""
	}
	return nil, NotSubmitted + ": no " + strings.Join(d.Files, ", ") + " in " + filepath.Base(dir) + "/exercises/" + d.Name + "/, " + filepath.Base(dir) + "/" + d.Name + "/ or " + filepath.Base(dir) + "/"
}

// escapes says why file, found in submission dir, is refused: a symbolic
// link (or a link on its way) that leads out of the submission, which
// would let a submission be graded on, or leak into the gradebook, a file
// that is not its own; "" when it stays inside.
func escapes(dir, file string) string {
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return err.Error()
	}
	root, _ = filepath.Abs(root)
	real, err := filepath.EvalSymlinks(file)
	if err != nil {
		return err.Error()
	}
	real, _ = filepath.Abs(real)
	if rel, err := filepath.Rel(root, real); err != nil || !filepath.IsLocal(rel) {
		r, _ := filepath.Rel(filepath.Dir(dir), file)
		return "refused: " + r + " is a symbolic link that leads out of the submission"
	}
	return ""
}

// fromHere names file (absolute) from the working directory when it is
// below it (as the instructor named the submission), for the messages
// and the debugger command a scenario's feedback shows.
func fromHere(file string) string {
	wd, err := os.Getwd()
	if err != nil {
		return file
	}
	if rel, err := filepath.Rel(wd, file); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return file
}

// extraFiles lists the learner's other .go files in an exercise's folder:
// not tests, not exercise.go (the grader's own is compiled).
func extraFiles(folder string, d checker.Dir) []string {
	ents, err := os.ReadDir(folder)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || n == "exercise.go" || contains(d.Files, n) {
			continue
		}
		out = append(out, filepath.Join(folder, n))
	}
	return out
}

// run runs the jobs, o.Jobs at a time, filling gb.
func run(ctx context.Context, o Options, tmp string, bins map[int]string, jobs []job, broken map[string]string, gb *Gradebook, exs []checker.Dir) {
	index := map[string]int{}
	for k, d := range exs {
		index[d.Name] = k
	}
	var mu sync.Mutex
	done := 0
	set := func(j job, r *checker.Result, cpu time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		gb.Submissions[j.sub].Results[index[j.ex.Name]] = r
		done++
		if o.Log != nil {
			took := ""
			if cpu > 0 {
				took = fmt.Sprintf(" (%.2f s CPU)", cpu.Seconds())
			}
			fmt.Fprintf(o.Log, "[%d/%d] %s %s: %s%s\n", done, len(jobs), gb.Submissions[j.sub].Name, j.ex.Name, cell(r), took)
		}
	}
	work := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < max(1, o.Jobs); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				if !j.ex.Scenario {
					if msg, bad := broken[importPath(j.sub, j.ex.Pkg)]; bad {
						set(j, errResult(j.ex.Name, msg), 0)
						continue
					}
				}
				bin, ok := bins[j.sub]
				if j.ex.Scenario {
					bin, ok = bins[-1], true
				}
				if !ok {
					set(j, errResult(j.ex.Name, "the submission's grading program does not start (a gmplab bug)"), 0)
					continue
				}
				r, cpu := runOne(ctx, o, tmp, bin, j)
				set(j, r, cpu)
			}
		}()
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
}

// wallFactor: the wall-clock limit is this many times the CPU limit (a
// process that blocks uses no CPU; on a machine loaded 30 times over a
// process that spins gets its CPU limit in about as much wall-clock time).
const wallFactor = 30

// runOne runs one exercise of one submission in its own process, and
// says how much CPU time the process used.
func runOne(ctx context.Context, o Options, tmp, bin string, j job) (*checker.Result, time.Duration) {
	// The CPU limit is the child's (RLIMIT_CPU); wall-clock time,
	// wallFactor times it, is the last resort for a process that sleeps
	// or blocks.
	ctx, cancel := context.WithTimeout(ctx, wallFactor*o.Timeout)
	defer cancel()
	args := []string{j.key}
	var read []string
	if j.ex.Scenario {
		args = append(args, j.file)
		abs, _ := filepath.Abs(j.file)
		read = append(read, abs)
	}
	cmd, scratch, err := confined(ctx, o, tmp, bin, read, args...)
	if err != nil {
		return errResult(j.ex.Name, err.Error()), 0
	}
	defer os.RemoveAll(scratch)
	rd, wr, err := os.Pipe()
	if err != nil {
		return errResult(j.ex.Name, err.Error()), 0
	}
	cmd.ExtraFiles = []*os.File{wr}
	stdout, stderr := newOutput(0), newOutput(32<<10)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	var result []byte
	done := make(chan struct{})
	go func() { result, _ = io.ReadAll(io.LimitReader(rd, maxResult)); io.Copy(io.Discard, rd); close(done) }()
	var cpu time.Duration
	err = cmd.Start()
	wr.Close()
	if err == nil {
		err = cmd.Wait()
		cpu = procStats.account(cmd.ProcessState)
	}
	<-done
	rd.Close()
	var r checker.Result
	valid := json.Unmarshal(result, &r) == nil && r.Exercise == j.ex.Name && err == nil
	if flooded(stdout, stderr) {
		// A function that prints in a loop is slow: the checker reports it
		// as one that does not return, or the process's CPU limit ends it.
		// The output is what happened, and the message says so. A
		// submission that prints a lot and passes passes (its output goes
		// nowhere near the result), and one whose goroutine prints forever
		// is reported as that goroutine (how much it printed first depends
		// on the machine's load).
		note := floodMessage(stdout, stderr)
		if !valid {
			return errResult(j.ex.Name, note), cpu
		}
		if blameOutput(&r, note) {
			return &r, cpu
		}
	}
	// Which limit ends a hang depends on the machine's load: both say
	// the same.
	if ctx.Err() == context.DeadlineExceeded || killedByLimit(err) {
		msg := fmt.Sprintf("timed out: an endless loop, or a call that blocks? (limit: %v of CPU time; gmplab grade --timeout raises it)", o.Timeout)
		return errResult(j.ex.Name, msg), cpu
	}
	if valid {
		return &r, cpu
	}
	return errResult(j.ex.Name, explainDeath(err, stderr.String(), o.MemoryMB)), cpu
}

// blameOutput rewrites the messages of r that say a learner's function did
// not return (checker.DidNotReturn) into note, keeping what comes before
// "your" (the test's name), and says whether there was one.
func blameOutput(r *checker.Result, note string) bool {
	found := false
	relabel := func(m string) string {
		i := strings.Index(m, "your ")
		if i < 0 || !strings.Contains(m[i:], checker.DidNotReturn) {
			return m
		}
		found = true
		return m[:i] + note
	}
	r.Message = relabel(r.Message)
	for i := range r.Tests {
		r.Tests[i].Message = relabel(r.Tests[i].Message)
	}
	return found
}

// procStats is where the grading in progress measures its processes.
var procStats = new(ProcStats)

// maxResult bounds what the grader reads of a result.
const maxResult = 16 << 20

// killedByLimit says whether a grading process was killed by its CPU
// limit (SIGXCPU, then SIGKILL) or by the wall-clock one.
func killedByLimit(err error) bool {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && (ws.Signal() == syscall.SIGXCPU || ws.Signal() == syscall.SIGKILL) {
			return true
		}
	}
	return false
}

// confined is the command that runs bin with args as a grading process:
// in the sandbox (package sandbox: its limits, Landlock and seccomp set
// in its init, before any learner code), with a scratch folder of its
// own as working directory and the only place it may write, reading only
// bin and read. The environment is the sandbox's configuration, PATH and
// GOTRACEBACK: nothing of the grader's.
func confined(ctx context.Context, o Options, tmp, bin string, read []string, args ...string) (*exec.Cmd, string, error) {
	scratch, err := os.MkdirTemp(tmp, "run")
	if err != nil {
		return nil, "", err
	}
	cmd, err := confinedIn(ctx, o, scratch, bin, read, args...)
	return cmd, scratch, err
}

// confinedIn is confined with the scratch folder given.
func confinedIn(ctx context.Context, o Options, scratch, bin string, read []string, args ...string) (*exec.Cmd, error) {
	// A process given files to read (a scenario exercise's file, named
	// from the grader's working directory) runs there; every other one
	// runs in its scratch folder. Decided before bin, the hidden folder
	// and the record join read, which they always do.
	fromHere := len(read) > 0
	read = append([]string{bin}, read...)
	env := []string{}
	if o.Seed > 0 {
		env = append(env, fmt.Sprintf("%s=%d", checker.EnvSeed, o.Seed))
	}
	if o.Hidden != "" {
		abs, err := filepath.Abs(o.Hidden)
		if err != nil {
			return nil, err
		}
		read = append(read, abs)
		env = append(env, checker.EnvHidden+"="+abs)
	}
	if o.refs != "" {
		read = append(read, o.refs)
		env = append(env, checker.EnvRefs+"="+o.refs)
	}
	fileBytes := o.fileBytes
	if fileBytes == 0 {
		fileBytes = 1 << 20
	}
	cfg := sandbox.Config{MemoryBytes: uint64(o.MemoryMB) << 20, CPUSeconds: uint64(max(1, int64(o.Timeout/time.Second))),
		FileBytes: fileBytes, Read: read, Scratch: scratch}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = scratch
	if fromHere {
		cmd.Dir, _ = os.Getwd() // a scenario's file is named from here
	}
	cmd.Env = append(env, sandbox.EnvConfig+"="+cfg.Encode(), "PATH="+os.Getenv("PATH"), "GOTRACEBACK=single", "HOME="+scratch, "TMPDIR="+scratch)
	cmd.WaitDelay = time.Second
	return cmd, nil
}

// explainDeath says why a grading process ended without a result: the
// runtime's report, without the goroutines' stacks.
func explainDeath(err error, stderr string, memMB int) string {
	death := deathLines(stderr)
	var ee *exec.ExitError
	switch {
	case strings.Contains(death, "out of memory") || strings.Contains(death, "cannot allocate memory"):
		return fmt.Sprintf("ran out of memory (limit %d MB; gmplab grade --memory raises it)", memMB)
	case death != "":
		return "the process died outside the checker's recover (a panic in a goroutine of yours, or a fatal error): " + death
	case errors.As(err, &ee):
		return fmt.Sprintf("the process ended (exit status %d) before the checker reported: does the code end the program? %s", ee.ExitCode(), lastLine(stderr))
	case err != nil:
		return err.Error()
	}
	return "no result"
}

// Sorted returns the submissions by name (the gradebook's order).
func (gb *Gradebook) Sorted() []*Submission {
	s := append([]*Submission(nil), gb.Submissions...)
	sort.SliceStable(s, func(i, j int) bool { return s[i].Name < s[j].Name })
	return s
}
