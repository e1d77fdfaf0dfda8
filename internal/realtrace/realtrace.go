// Package realtrace runs a gmplab scenario program on the real Go runtime with
// runtime/trace on and counts, from the trace, what the simulator's Stats
// count: threads, preemptions and Ps handed off from system calls.
//
// The trace is read through the go command's own decoder
// (go tool trace -d=parsed trace.out), whose lines look like
//
//	M=25767 P=0 G=-1 StateTransition Time=… ProcID=0 Running->Idle Reason=""
//	M=25767 P=0 G=7 StateTransition Time=… GoID=7 Running->Runnable Reason="preempted"
//
// so the package depends on no trace library, only on that output format
// (internal/trace's Event.String in Go 1.26).
package realtrace

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gmplab/gmplab/internal/gobuild"
)

// Summary is what a parsed real trace says about the scheduler.
type Summary struct {
	// Events is the number of events in the trace.
	Events int
	// Threads is the number of distinct Ms that emitted an event. Threads
	// that never did anything while the trace was on (an M parked from
	// before trace.Start to the end, the template thread) are not in it.
	Threads int
	// Preemptions counts goroutine transitions Running->Runnable with
	// Reason="preempted" (goschedImpl(gp, true), after a cooperative or
	// an asynchronous preemption: sysmon's 10 ms slices, and the garbage
	// collector's stop-the-world, which the simulator does not model; see
	// GCs), except MutexYields.
	Preemptions int
	// MutexYields counts the transitions that also say "preempted" but
	// come from runtime.goyield (the first frame of their transition
	// stack): sync.Mutex in starvation mode hands the lock straight to a
	// waiter (semrelease1 with handoff) and yields. Nothing preempted those.
	MutexYields int
	// Yields counts Running->Runnable with Reason="yield" (runtime.Gosched).
	Yields int
	// Handoffs counts Ps taken by sysmon from an M in a system call
	// (retake → handoffp). Every P taken from another M is a ProcSteal: a
	// P going to Idle in an event emitted by an M other than the one that
	// last took it to Running. Sysmon's are the ones emitted by an M that
	// has neither a P nor a G at that moment (sysmon runs without both);
	// its M may still take a P to Running right after, for a moment, when
	// handoffp's startm creates a new M (allocm borrows the P).
	Handoffs int
	// SyscallSteals counts the ProcSteals of a G returning from a system
	// call (the event has a G, no P): exitsyscall's slow path taking back
	// its old P from an M that is itself in a system call
	// (exitsyscallTryGetP). The simulator's Stats do not count these.
	SyscallSteals int
	// GCSteals counts the ProcSteals of an M that holds a P: forEachP and
	// stop-the-world taking the P of an M in a system call (the garbage
	// collector, which the simulator does not model).
	GCSteals int
	// Syscalls counts goroutine transitions Running->Syscall.
	Syscalls int
	// Goroutines counts goroutines created while the trace was on.
	Goroutines int
	// GCs counts garbage collection cycles ("GC concurrent mark phase").
	GCs int
	// Switches counts, per P (by id), the goroutines it started running
	// (transitions to Running on that P): the context switches execute
	// makes.
	Switches map[int64]int
	// Runnable lists, in ns, each time a goroutine waited between
	// becoming runnable (Runnable, from NotExist, Waiting, Running or
	// Syscall) and running (Runnable->Running), in trace order.
	Runnable []int64
}

var (
	lineRE  = regexp.MustCompile(`^M=(-?\d+) P=(-?\d+) G=(-?\d+) (\w+) Time=(-?\d+)(.*)$`)
	transRE = regexp.MustCompile(`^ (ProcID|GoID)=(-?\d+) (\w+)->(\w+) Reason=(".*")$`)
)

// Parse reads the output of go tool trace -d=parsed.
func Parse(r io.Reader) (Summary, error) {
	s := Summary{Switches: map[int64]int{}}
	ms := map[int64]bool{}
	since := map[int64]int64{} // goid → when it became runnable
	owner := map[int64]int64{} // P → the M that last took it to Running
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	// A "preempted" transition is classified by the first frame of the
	// TransitionStack that follows it, if any:
	//
	//	M=… StateTransition … GoID=7 Running->Runnable Reason="preempted"
	//	TransitionStack=
	//		runtime.goyield @ 0x…
	//			…/proc.go:4453
	const (
		noPreempt    = iota
		preempted    // the line after the event: TransitionStack= or not
		preemptStack // the line after TransitionStack=: the first frame
	)
	state := noPreempt
	endPreempt := func(fn string) {
		if strings.HasPrefix(fn, "runtime.goyield ") {
			s.MutexYields++
		} else {
			s.Preemptions++
		}
		state = noPreempt
	}
	for sc.Scan() {
		line := sc.Text()
		switch state {
		case preempted:
			if line == "TransitionStack=" {
				state = preemptStack
				continue
			}
			endPreempt("")
		case preemptStack:
			endPreempt(strings.TrimPrefix(line, "\t"))
			continue
		}
		if !strings.HasPrefix(line, "M=") {
			continue // stacks and blank lines
		}
		f := lineRE.FindStringSubmatch(line)
		if f == nil {
			return s, fmt.Errorf("realtrace: cannot read event line %q", line)
		}
		s.Events++
		m, _ := strconv.ParseInt(f[1], 10, 64)
		p, _ := strconv.ParseInt(f[2], 10, 64)
		g, _ := strconv.ParseInt(f[3], 10, 64)
		if m >= 0 {
			ms[m] = true
		}
		kind, rest := f[4], f[6]
		now, _ := strconv.ParseInt(f[5], 10, 64)
		if kind == "RangeBegin" && strings.HasPrefix(rest, ` Name="GC concurrent mark phase"`) {
			s.GCs++
		}
		if kind != "StateTransition" {
			continue
		}
		t := transRE.FindStringSubmatch(rest)
		if t == nil {
			return s, fmt.Errorf("realtrace: cannot read transition %q", line)
		}
		id, _ := strconv.ParseInt(t[2], 10, 64)
		from, to := t[3], t[4]
		reason, err := strconv.Unquote(t[5])
		if err != nil {
			return s, fmt.Errorf("realtrace: bad reason in %q", line)
		}
		switch t[1] {
		case "ProcID":
			switch {
			case to == "Running":
				owner[id] = m
			case to == "Idle":
				// A P that goes Idle->Idle was stolen from an M in a
				// system call that the trace had lost track of
				// (ProcSyscallAbandoned at a generation boundary).
				o, ok := owner[id]
				if from == "Idle" || from == "Running" && ok && o >= 0 && o != m {
					switch {
					case p >= 0:
						s.GCSteals++
					case g >= 0:
						s.SyscallSteals++
					default:
						s.Handoffs++
					}
				}
				owner[id] = -1
			}
		case "GoID":
			switch {
			case to == "Runnable" && from != "Undetermined":
				since[id] = now
			case from == "Runnable" && to == "Running":
				if t0, ok := since[id]; ok {
					s.Runnable = append(s.Runnable, now-t0)
					delete(since, id)
				}
			}
			if to == "Running" && from != "Undetermined" && p >= 0 {
				s.Switches[p]++
			}
			switch {
			case from == "Running" && to == "Runnable" && reason == "preempted":
				state = preempted
			case from == "Running" && to == "Runnable" && reason == "yield":
				s.Yields++
			case from == "Running" && to == "Syscall":
				s.Syscalls++
			case from == "NotExist" && (to == "Runnable" || to == "Syscall"):
				s.Goroutines++
			}
		}
	}
	if err := sc.Err(); err != nil {
		return s, err
	}
	if state != noPreempt {
		endPreempt("")
	}
	s.Threads = len(ms)
	return s, nil
}

var schedRE = regexp.MustCompile(`^SCHED \d+ms: .* threads=(\d+) `)

// MaxSchedtraceThreads returns the largest threads= of the
// GODEBUG=schedtrace lines in r (mcount() minus freed Ms: the threads that
// exist at that moment) and how many lines there were.
func MaxSchedtraceThreads(r io.Reader) (max, lines int) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		f := schedRE.FindStringSubmatch(sc.Text())
		if f == nil {
			continue
		}
		lines++
		if n, _ := strconv.Atoi(f[1]); n > max {
			max = n
		}
	}
	return max, lines
}

// Options says how to run a scenario.
type Options struct {
	// Go is the go command (default: "go" from PATH).
	Go string
	// ModuleDir is the folder the program builds in (gobuild.Where): a
	// clone of gmplab for a program that imports its sim package.
	ModuleDir string
	// GOMAXPROCS for the run (0: the machine's default).
	GOMAXPROCS int
	// SchedtraceMS, if > 0, adds GODEBUG=schedtrace=SchedtraceMS.
	SchedtraceMS int
	// Timeout bounds the run and the decoding, each (default 2 minutes).
	Timeout time.Duration
	// BuildTimeout bounds the build of the program and of go tool trace
	// (default 10 minutes: the first use of a toolchain builds go tool
	// trace, a minute or two on a busy machine).
	BuildTimeout time.Duration
	// Progress, if not nil, hears what is being done: "building
	// count.go", "running count.go (2 of 3)", …
	Progress func(string)
	// TempDir holds the program, the binary and the trace (default: a new
	// directory, removed at the end).
	TempDir string
}

// Result is what one real run measured.
type Result struct {
	Trace Summary
	// ThreadsCreated is pprof.Lookup("threadcreate").Count() at the end
	// of the run: every M the runtime created (m0, sysmon and the template
	// thread included).
	ThreadsCreated int
	// SchedtraceThreads is the largest threads= of the schedtrace lines
	// (0 without SchedtraceMS, or if the run was shorter than one period).
	SchedtraceThreads int
	SchedtraceLines   int
	// Elapsed is how long the scenario's main took (with the trace on).
	Elapsed time.Duration
	// TraceGoroutines is how many goroutines runtime/trace started (its
	// reader of the trace buffers): the real run has them, the simulated
	// one not.
	TraceGoroutines int
	// NumGoroutineDiscount is TraceGoroutines when the program calls
	// runtime.NumGoroutine, whose answers leave them out (the program's
	// runtime.NumGoroutine is the wrapper's, which subtracts them), else 0.
	NumGoroutineDiscount int
	// TraceBytes is the size of the trace file.
	TraceBytes int64
	Stdout     string
}

// parseReport finds the wrapper's report line in the program's stderr. The
// report is one write(2), but GODEBUG=schedtrace lines are printed piece by
// piece by the runtime's print, so the report can land in the middle of
// one ("SCHED 25ms: gomaxprocs=gmplab-realtrace: elapsed=…"): it is looked
// for anywhere in a line.
func parseReport(stderr string) (elapsed time.Duration, threads, traceGs int, ok bool) {
	for _, line := range strings.Split(stderr, "\n") {
		i := strings.Index(line, "gmplab-realtrace: ")
		if i < 0 {
			continue
		}
		var el int64
		var tc, tg int
		if n, _ := fmt.Sscanf(line[i:], "gmplab-realtrace: elapsed=%d threadcreate=%d tracegoroutines=%d", &el, &tc, &tg); n == 3 {
			elapsed, threads, traceGs, ok = time.Duration(el), tc, tg, true
		}
	}
	return elapsed, threads, traceGs, ok
}

// wrapperMain is the real program's main: it traces the scenario's main,
// renamed gmplabScenarioMain, and reports on stderr what only the process
// itself can see.
const wrapperMain = `package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"time"
)

// gmplabTraceGoroutines is how many goroutines trace.Start started (its
// reader of the trace buffers), which the program's runtime.NumGoroutine
// calls leave out: the program runs without them on the simulator.
var gmplabTraceGoroutines int

func gmplabNumGoroutine() int { return runtime.NumGoroutine() - gmplabTraceGoroutines }

func main() {
	f, err := os.Create(os.Getenv("GMPLAB_REALTRACE_OUT"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "gmplab-realtrace:", err)
		os.Exit(3)
	}
	before := runtime.NumGoroutine()
	if err := trace.Start(f); err != nil {
		fmt.Fprintln(os.Stderr, "gmplab-realtrace:", err)
		os.Exit(3)
	}
	gmplabTraceGoroutines = runtime.NumGoroutine() - before
	t0 := time.Now()
	gmplabScenarioMain()
	el := time.Since(t0)
	trace.Stop()
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "gmplab-realtrace:", err)
		os.Exit(3)
	}
	fmt.Fprintf(os.Stderr, "gmplab-realtrace: elapsed=%d threadcreate=%d tracegoroutines=%d\n", el, pprof.Lookup("threadcreate").Count(), gmplabTraceGoroutines)
}
`

// rewrite returns src with its func main renamed gmplabScenarioMain, and
// its runtime.NumGoroutine (as a call or a value) replaced by the
// wrapper's gmplabNumGoroutine, which leaves out runtime/trace's own
// goroutine; calls says whether there was one.
func rewrite(name string, src []byte) (out []byte, calls bool, err error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, false, err
	}
	if f.Name.Name != "main" {
		return nil, false, fmt.Errorf("%s: package %s, not main", name, f.Name.Name)
	}
	type edit struct {
		off, end int
		text     string
	}
	var edits []edit
	for _, decl := range f.Decls {
		if fd, ok := decl.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" {
			off := fset.Position(fd.Name.Pos()).Offset
			edits = append(edits, edit{off, off + len("main"), "gmplabScenarioMain"})
		}
	}
	if len(edits) == 0 {
		return nil, false, fmt.Errorf("%s: no func main", name)
	}
	rt := "" // the file's name for package runtime
	for _, imp := range f.Imports {
		if imp.Path.Value == `"runtime"` {
			rt = "runtime"
			if imp.Name != nil {
				rt = imp.Name.Name
			}
		}
	}
	if rt != "" && rt != "_" && rt != "." {
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "NumGoroutine" {
				return true
			}
			// Without object resolution a local variable named like the
			// package would match too; a program doing that while
			// importing runtime is not worth a type check.
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == rt {
				edits = append(edits, edit{fset.Position(sel.Pos()).Offset, fset.Position(sel.End()).Offset, "gmplabNumGoroutine"})
				calls = true
			}
			return true
		})
	}
	slices.SortFunc(edits, func(a, b edit) int { return a.off - b.off })
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		src = append(src[:e.off:e.off], append([]byte(e.text), src[e.end:]...)...)
	}
	if calls {
		// The import may have no other use.
		src = append(src, "\nvar _ = "+rt+".NumGoroutine\n"...)
	}
	return src, calls, nil
}

// Run builds the scenario at path with a main that traces it, runs it, and
// decodes the trace with go tool trace.
func Run(ctx context.Context, path string, o Options) (*Result, error) {
	o, dir, cleanup, err := o.prepare()
	if err != nil {
		return nil, err
	}
	defer cleanup()
	b, err := build(ctx, path, o, dir)
	if err != nil {
		return nil, err
	}
	return runBuilt(ctx, path, b, 1, 1, o, dir)
}

// Runs is Run n times with one build, for the spread of a real run's
// numbers from one run to the next.
func Runs(ctx context.Context, path string, o Options, n int) ([]*Result, error) {
	o, dir, cleanup, err := o.prepare()
	if err != nil {
		return nil, err
	}
	defer cleanup()
	b, err := build(ctx, path, o, dir)
	if err != nil {
		return nil, err
	}
	var rs []*Result
	for i := 0; i < n; i++ {
		r, err := runBuilt(ctx, path, b, i+1, n, o, dir)
		if err != nil {
			return rs, err
		}
		rs = append(rs, r)
	}
	return rs, nil
}

// prepare fills in the defaults and the directory.
func (o Options) prepare() (Options, string, func(), error) {
	if o.Go == "" {
		gocmd, err := exec.LookPath("go")
		if err != nil {
			return o, "", nil, err
		}
		o.Go = gocmd
	}
	if o.Timeout <= 0 {
		o.Timeout = 2 * time.Minute
	}
	if o.BuildTimeout <= 0 {
		o.BuildTimeout = 10 * time.Minute
	}
	if o.Progress == nil {
		o.Progress = func(string) {}
	}
	if o.TempDir != "" {
		return o, o.TempDir, func() {}, nil
	}
	d, err := os.MkdirTemp("", "gmplab-realtrace-")
	if err != nil {
		return o, "", nil, err
	}
	return o, d, func() { os.RemoveAll(d) }, nil
}

// built is what build made.
type built struct {
	exe   string // the program, with the tracing main
	trace string // go tool trace
	calls bool   // the program calls runtime.NumGoroutine (rewrite)
}

// build writes the scenario, renamed, and the tracing main into dir and
// builds them, and finds go tool trace (go tool -n builds it the first
// time a toolchain runs it).
func build(ctx context.Context, path string, o Options, dir string) (built, error) {
	var b built
	src, err := os.ReadFile(path)
	if err != nil {
		return b, err
	}
	src, b.calls, err = rewrite(path, src)
	if err != nil {
		return b, err
	}
	scen := filepath.Join(dir, "scenario.go")
	wrap := filepath.Join(dir, "gmplab_realtrace_main.go")
	b.exe = filepath.Join(dir, "scenario.exe")
	if err := os.WriteFile(scen, src, 0o644); err != nil {
		return b, err
	}
	if err := os.WriteFile(wrap, []byte(wrapperMain), 0o644); err != nil {
		return b, err
	}

	// Built in ModuleDir, so that the module's packages resolve.
	bctx, cancel := context.WithTimeout(ctx, o.BuildTimeout)
	defer cancel()
	o.Progress("building " + path)
	if err := gobuild.Build(bctx, o.Go, o.ModuleDir, b.exe, nil, scen, wrap); err != nil {
		if bctx.Err() != nil {
			return b, fmt.Errorf("go build %s: stopped after %v", path, o.BuildTimeout)
		}
		// The compiler's positions are in the renamed copy: say the
		// program's name instead, and leave the wrapper out.
		msg := strings.ReplaceAll(err.Error(), scen, path)
		msg = strings.Replace(msg, "go build "+path+" "+wrap, "go build "+path, 1)
		return b, errors.New(msg)
	}
	o.Progress("building go tool trace (once per toolchain)")
	tool := exec.CommandContext(bctx, o.Go, "tool", "-n", "trace")
	tool.Dir = o.ModuleDir
	var errb bytes.Buffer
	tool.Stderr = &errb
	out, err := tool.Output()
	if err != nil {
		if bctx.Err() != nil {
			return b, fmt.Errorf("go tool -n trace: stopped after %v", o.BuildTimeout)
		}
		return b, fmt.Errorf("go tool -n trace: %v\n%s", err, tail(errb.String(), 2000))
	}
	b.trace = strings.TrimSpace(string(out))
	return b, nil
}

// runBuilt runs the binary build made, with the trace on, and decodes the
// trace.
func runBuilt(ctx context.Context, path string, b built, i, n int, o Options, dir string) (*Result, error) {
	traceOut := filepath.Join(dir, "trace.out")
	// Run.
	rctx, cancel2 := context.WithTimeout(ctx, o.Timeout)
	defer cancel2()
	o.Progress(fmt.Sprintf("running %s (%d of %d)", path, i, n))
	run := exec.CommandContext(rctx, b.exe)
	run.Env = append(os.Environ(), "GMPLAB_REALTRACE_OUT="+traceOut)
	if o.GOMAXPROCS > 0 {
		run.Env = append(run.Env, "GOMAXPROCS="+strconv.Itoa(o.GOMAXPROCS))
	}
	if o.SchedtraceMS > 0 {
		run.Env = append(run.Env, "GODEBUG=schedtrace="+strconv.Itoa(o.SchedtraceMS))
	}
	var stdout, stderr bytes.Buffer
	run.Stdout, run.Stderr = &stdout, &stderr
	if err := run.Run(); err != nil {
		if rctx.Err() != nil {
			err = fmt.Errorf("%v (killed after %v)", err, o.Timeout)
		}
		return nil, fmt.Errorf("running %s on the real runtime: %v\n%s", path, err, tail(stderr.String(), 2000))
	}
	res := &Result{Stdout: stdout.String()}
	res.SchedtraceThreads, res.SchedtraceLines = MaxSchedtraceThreads(bytes.NewReader(stderr.Bytes()))
	var found bool
	res.Elapsed, res.ThreadsCreated, res.TraceGoroutines, found = parseReport(stderr.String())
	if b.calls {
		res.NumGoroutineDiscount = res.TraceGoroutines
	}
	if !found {
		return nil, fmt.Errorf("running %s on the real runtime: no report line on stderr\n%s", path, tail(stderr.String(), 2000))
	}
	if fi, err := os.Stat(traceOut); err == nil {
		res.TraceBytes = fi.Size()
	}

	// Decode.
	dctx, cancel3 := context.WithTimeout(ctx, o.Timeout)
	defer cancel3()
	o.Progress(fmt.Sprintf("decoding the trace of run %d of %d", i, n))
	dec := exec.CommandContext(dctx, b.trace, "-d=parsed", traceOut)
	dec.Dir = dir
	var decErr bytes.Buffer
	dec.Stderr = &decErr
	pipe, err := dec.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := dec.Start(); err != nil {
		return nil, err
	}
	sum, perr := Parse(pipe)
	if perr != nil {
		io.Copy(io.Discard, pipe)
	}
	werr := dec.Wait()
	if perr != nil {
		return nil, perr
	}
	if werr != nil {
		return nil, fmt.Errorf("go tool trace -d=parsed: %v\n%s", werr, tail(decErr.String(), 2000))
	}
	res.Trace = sum
	return res, nil
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
