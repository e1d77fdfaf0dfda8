// Package grade grades many submissions of the exercises: each exercise
// of each submission runs in its own process, with a time and a memory
// limit, and anything that goes wrong (a hang, a panic, an exit, a
// compile error, a forbidden import) is a 0 for that exercise with the
// reason, never a stop.
//
// Design: compiling and linking a test binary per submission and exercise
// (go test) costs about a second each, which for a class of thirty is most
// of the budget. Instead every submission's files become packages of one
// grading program, at internal/gradebuild/sN/PKG through a go build
// -overlay (nothing is written into the checkout), and the program is
// linked once. Packages that do not compile are found first by a go build
// of all of them, and left out with their compiler errors as the reason.
package grade

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gmplab/gmplab/checker"
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
}

// Gradebook is the outcome: per submission, per exercise, per test.
type Gradebook struct {
	Exercises   []string      `json:"exercises"`
	Submissions []*Submission `json:"submissions"`
}

// Submission is one submission's grades.
type Submission struct {
	Name    string            `json:"name"` // the folder's base name
	Dir     string            `json:"-"`
	Passed  int               `json:"passed"` // exercises passed
	Results []*checker.Result `json:"results"`
}

// job is one exercise of one submission.
type job struct {
	sub  int
	ex   checker.Dir
	file string // a scenario exercise's file
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
	var pkgs []string
	for i, dir := range o.Submissions {
		s := &Submission{Name: filepath.Base(filepath.Clean(dir)), Dir: dir, Results: make([]*checker.Result, len(exs))}
		gb.Submissions = append(gb.Submissions, s)
		for k, d := range exs {
			files, reason := locate(dir, d)
			if reason != "" {
				s.Results[k] = errResult(d.Name, reason)
				continue
			}
			if d.Scenario {
				jobs = append(jobs, job{sub: i, ex: d, file: files[0], key: d.Name})
				continue
			}
			pkgDir := filepath.Join(o.Root, "internal", "gradebuild", fmt.Sprintf("s%d", i), d.Pkg)
			bad := ""
			for _, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					bad = err.Error()
					break
				}
				if err := checker.CheckImports(f, src); err != nil {
					bad = err.Error()
					break
				}
				ov.Replace[filepath.Join(pkgDir, filepath.Base(f))] = f
			}
			if bad != "" {
				s.Results[k] = errResult(d.Name, bad)
				continue
			}
			ov.Replace[filepath.Join(pkgDir, "exercise.go")] = filepath.Join(d.Path, "exercise.go")
			pkgs = append(pkgs, importPath(i, d.Pkg))
			jobs = append(jobs, job{sub: i, ex: d, key: fmt.Sprintf("s%d/%s", i, d.Name)})
		}
	}
	bin, broken, err := build(ctx, o.Root, tmp, ov, pkgs, jobs)
	if err != nil {
		return nil, err
	}
	run(ctx, o, bin, jobs, broken, gb, exs)
	for _, s := range gb.Submissions {
		for _, r := range s.Results {
			if r.Status == checker.StatusPass {
				s.Passed++
			}
		}
	}
	return gb, nil
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

// locate finds a submission's files of exercise d: in exercises/NAME/ (a
// clone), NAME/, or the folder itself (the files alone; not for scenario
// exercises, whose files are all named scenario.go).
func locate(dir string, d checker.Dir) ([]string, string) {
	cands := []string{filepath.Join(dir, "exercises", d.Name), filepath.Join(dir, d.Name)}
	if !d.Scenario {
		cands = append(cands, dir)
	}
	for _, c := range cands {
		var files []string
		for _, f := range d.Files {
			if _, err := os.Stat(filepath.Join(c, f)); err == nil {
				files = append(files, filepath.Join(c, f))
			}
		}
		if len(files) == len(d.Files) {
			abs := make([]string, len(files))
			for i, f := range files {
				abs[i], _ = filepath.Abs(f)
			}
			return abs, ""
		}
	}
	return nil, "not submitted: no " + strings.Join(d.Files, ", ") + " in " + filepath.Base(dir) + "/exercises/" + d.Name + "/, " + filepath.Base(dir) + "/" + d.Name + "/ or " + filepath.Base(dir) + "/"
}

type overlay struct {
	Replace map[string]string
}

var pkgHeader = regexp.MustCompile(`(?m)^# (\S+)`)

// build compiles every submission's packages, drops those that fail, and
// links the grading program. broken maps a package path to its errors.
func build(ctx context.Context, root, tmp string, ov overlay, pkgs []string, jobs []job) (string, map[string]string, error) {
	broken := map[string]string{}
	ovPath := filepath.Join(tmp, "overlay.json")
	write := func() error {
		b, _ := json.Marshal(ov)
		return os.WriteFile(ovPath, b, 0o644)
	}
	if len(pkgs) > 0 {
		if err := write(); err != nil {
			return "", nil, err
		}
		cmd := exec.CommandContext(ctx, "go", append([]string{"build", "-overlay", ovPath}, pkgs...)...)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			text := string(out)
			locs := pkgHeader.FindAllStringSubmatchIndex(text, -1)
			for i, loc := range locs {
				end := len(text)
				if i+1 < len(locs) {
					end = locs[i+1][0]
				}
				pkg := text[loc[2]:loc[3]]
				broken[pkg] = cleanCompileErrors(text[loc[1]:end])
			}
			if len(locs) == 0 {
				return "", nil, fmt.Errorf("go build: %s", strings.TrimSpace(text))
			}
		}
	}
	// The grading program: every package that compiled.
	var imports, entries strings.Builder
	seen := map[string]bool{}
	for _, j := range jobs {
		if j.ex.Scenario {
			continue
		}
		p := importPath(j.sub, j.ex.Pkg)
		if _, bad := broken[p]; bad || seen[p] {
			continue
		}
		seen[p] = true
		alias := fmt.Sprintf("s%d_%s", j.sub, j.ex.Pkg)
		fmt.Fprintf(&imports, "\t%s %q\n", alias, p)
		fmt.Fprintf(&entries, "\t\t%q: %s.Exercise,\n", j.key, alias)
	}
	main := "// Code generated by gmplab grade. DO NOT EDIT.\n\npackage main\n\nimport (\n" + imports.String() +
		"\n\t\"github.com/gmplab/gmplab/checker\"\n\t\"github.com/gmplab/gmplab/checker/grade\"\n)\n\n" +
		"func main() {\n\tgrade.ChildMain(map[string]func() *checker.Exercise{\n" + entries.String() + "\t})\n}\n"
	mainFile := filepath.Join(tmp, "main.go")
	if err := os.WriteFile(mainFile, []byte(main), 0o644); err != nil {
		return "", nil, err
	}
	ov.Replace[filepath.Join(root, "internal", "gradebuild", "main.go")] = mainFile
	if err := write(); err != nil {
		return "", nil, err
	}
	bin := filepath.Join(tmp, "gradebin")
	cmd := exec.CommandContext(ctx, "go", "build", "-overlay", ovPath, "-o", bin, checker.Module+"/internal/gradebuild")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", nil, fmt.Errorf("linking the grading program: %s", strings.TrimSpace(string(out)))
	}
	return bin, broken, nil
}

// cleanCompileErrors keeps the compiler's lines, each file named by its
// base name (the submission's, not the overlay's or the grader's path).
func cleanCompileErrors(text string) string {
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		out = append(out, goFilePath.ReplaceAllString(strings.TrimSpace(l), "$1"))
	}
	return "does not compile: " + strings.Join(out, "\n")
}

var goFilePath = regexp.MustCompile(`\S*/([^/\s]+\.go:\d+(:\d+)?)`)

// run runs the jobs, o.Jobs at a time, filling gb.
func run(ctx context.Context, o Options, bin string, jobs []job, broken map[string]string, gb *Gradebook, exs []checker.Dir) {
	index := map[string]int{}
	for k, d := range exs {
		index[d.Name] = k
	}
	var mu sync.Mutex
	set := func(j job, r *checker.Result) {
		mu.Lock()
		defer mu.Unlock()
		gb.Submissions[j.sub].Results[index[j.ex.Name]] = r
		if o.Log != nil {
			fmt.Fprintf(o.Log, "%s %s: %s\n", gb.Submissions[j.sub].Name, j.ex.Name, r.Status)
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
						set(j, errResult(j.ex.Name, msg))
						continue
					}
				}
				set(j, runOne(ctx, o, bin, j))
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

// runOne runs one exercise of one submission in its own process.
func runOne(ctx context.Context, o Options, bin string, j job) *checker.Result {
	// The CPU limit is the child's (RLIMIT_CPU); wall-clock time, ten
	// times it, is the last resort for a process that sleeps or blocks.
	ctx, cancel := context.WithTimeout(ctx, wallFactor*o.Timeout)
	defer cancel()
	args := []string{j.key}
	if j.ex.Scenario {
		args = append(args, j.file)
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = filepath.Dir(bin)
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%d", EnvMemory, uint64(o.MemoryMB)<<20),
		fmt.Sprintf("%s=%d", EnvCPU, max(1, int64(o.Timeout/time.Second))))
	rd, wr, err := os.Pipe()
	if err != nil {
		return errResult(j.ex.Name, err.Error())
	}
	cmd.ExtraFiles = []*os.File{wr}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	var result []byte
	done := make(chan struct{})
	go func() { result, _ = io.ReadAll(rd); close(done) }()
	err = cmd.Start()
	wr.Close()
	if err == nil {
		err = cmd.Wait()
	}
	<-done
	rd.Close()
	// Which limit ends a hang depends on the machine's load: both say
	// the same.
	timedOut := ctx.Err() == context.DeadlineExceeded
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && (ws.Signal() == syscall.SIGXCPU || ws.Signal() == syscall.SIGKILL) {
			timedOut = true
		}
	}
	if timedOut {
		return errResult(j.ex.Name, fmt.Sprintf("timed out: an endless loop, or a call that blocks? (limit: %v of CPU time; gmplab grade --timeout raises it)", o.Timeout))
	}
	var r checker.Result
	if jerr := json.Unmarshal(result, &r); jerr == nil && r.Exercise != "" {
		return &r
	}
	return errResult(j.ex.Name, explainDeath(err, stderr.String(), o.MemoryMB))
}

// explainDeath says why a grading process ended without a result.
func explainDeath(err error, stderr string, memMB int) string {
	first := strings.TrimSpace(stderr)
	if i := strings.Index(first, "\n\ngoroutine "); i >= 0 {
		first = first[:i]
	}
	var ee *exec.ExitError
	switch {
	case strings.Contains(stderr, "out of memory") || strings.Contains(stderr, "cannot allocate memory"):
		return fmt.Sprintf("ran out of memory (limit %d MB; gmplab grade --memory raises it)", memMB)
	case strings.HasPrefix(first, "panic: ") || strings.HasPrefix(first, "fatal error: ") || strings.HasPrefix(first, "runtime: "):
		return "the process died outside the checker's recover (a panic in a goroutine of yours, or a fatal error): " + first
	case errors.As(err, &ee):
		return fmt.Sprintf("the process ended (exit status %d) before the checker reported: does the code end the program? %s", ee.ExitCode(), first)
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
