package grade

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/gmplab/gmplab/checker"
)

// The grading program (built by Grade, one for all submissions) runs one
// exercise of one submission per process:
//
//	gradebin KEY [SCENARIO-FILE]
//
// It limits its own memory before any learner code runs, runs the
// checker, and writes the Result as JSON to file descriptor 3, so that
// what the learner's code prints cannot be mistaken for it.

// EnvMemory is the memory limit in bytes the child sets on itself, and
// EnvCPU its CPU time limit in seconds.
const (
	EnvMemory = "GMPLAB_GRADE_MEMORY"
	EnvCPU    = "GMPLAB_GRADE_CPU"
)

// ChildMain is the grading program's main: table maps KEY (s3/02-runqput)
// to the exercise with that submission's functions.
func ChildMain(table map[string]func() *checker.Exercise) {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: gradebin KEY [FILE]")
		os.Exit(2)
	}
	if os.Args[1] == probeArg {
		os.Exit(0) // every package initialised: the program starts
	}
	limitMemory()
	if cpu := limitCPU(); cpu > 0 {
		// The process's limit, not the checker's per test, ends a hang,
		// so that the reason does not depend on which comes first.
		checker.CallTimeout = 2 * cpu
	}
	var ex *checker.Exercise
	if mk, ok := checker.ScenarioExercises[os.Args[1]]; ok && len(os.Args) == 3 {
		ex = mk(os.Args[2])
	} else if mk, ok := table[os.Args[1]]; ok {
		ex = mk()
	} else {
		fmt.Fprintln(os.Stderr, "gradebin: unknown key", os.Args[1])
		os.Exit(2)
	}
	r := ex.Run()
	out := os.NewFile(3, "result")
	if err := json.NewEncoder(out).Encode(r); err != nil {
		fmt.Fprintln(os.Stderr, "gradebin:", err)
		os.Exit(2)
	}
	out.Close()
	os.Exit(0) // a learner's goroutine still spinning does not hold the process
}

// limitCPU sets RLIMIT_CPU: past it the kernel ends the process. CPU time, not wall-clock time, so that a loaded machine does
// not fail a correct submission.
func limitCPU() time.Duration {
	var n uint64
	if _, err := fmt.Sscan(os.Getenv(EnvCPU), &n); err != nil || n == 0 {
		return 0
	}
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_CPU, &rl); err == nil {
		// Go ignores SIGXCPU (the soft limit's signal); the hard limit,
		// a second later, is SIGKILL.
		rl.Cur, rl.Max = min(n, rl.Max), min(n+1, rl.Max)
		syscall.Setrlimit(syscall.RLIMIT_CPU, &rl)
	}
	return time.Duration(n) * time.Second
}

// limitMemory caps the address space at what the process has reserved
// so far plus the limit (a hard limit: an allocation beyond it fails and
// the runtime dies with "out of memory"; a Go process reserves about 1 GB
// of address space at start), and sets the GC's soft limit below it.
func limitMemory() {
	var n uint64
	if _, err := fmt.Sscan(os.Getenv(EnvMemory), &n); err != nil || n == 0 {
		return
	}
	debug.SetMemoryLimit(int64(n) * 3 / 4)
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err == nil {
		rl.Cur = min(vmSize()+n, rl.Max)
		syscall.Setrlimit(syscall.RLIMIT_AS, &rl)
	}
}

// vmSize is the process's reserved address space, from /proc/self/status.
func vmSize() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmSize:" {
			kb, _ := strconv.ParseUint(f[1], 10, 64)
			return kb * 1024
		}
	}
	return 0
}
