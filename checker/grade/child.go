package grade

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/checker/sandbox"
)

// The grading program (built by Grade, one for all submissions) runs one
// exercise of one submission per process:
//
//	gradebin KEY [SCENARIO-FILE]
//	gradebin -refs DIR EXERCISE... (the base program, once per class: refs.go)
//
// The sandbox package, which every package of the program imports through
// the checker, has confined it before any learner code ran (limits,
// Landlock, seccomp); ChildMain runs the checker and writes the Result as JSON to file descriptor 3, so that
// what the learner's code prints cannot be mistaken for it.

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
	if os.Args[1] == refsArg {
		// The base program (no submission's code) records the class's
		// reference runs into its scratch folder, the first argument.
		if len(os.Args) < 3 {
			fmt.Fprintln(os.Stderr, "usage: gradebin -refs DIR [EXERCISE...]")
			os.Exit(2)
		}
		n, err := checker.RecordReferences(os.Args[2], os.Args[3:])
		if err != nil {
			fmt.Fprintln(os.Stderr, "gradebin:", err)
			os.Exit(1)
		}
		fmt.Println(n)
		os.Exit(0)
	}
	if cpu := sandbox.Current().CPUSeconds; cpu > 0 {
		// The process's limit, not the checker's per test, ends a hang,
		// so that the reason does not depend on which comes first.
		checker.CallTimeout = 2 * time.Duration(cpu) * time.Second
		// An endless loop in one of the learner's functions is found
		// in one call's budget, well within the process's limit.
		checker.HangBudget = min(checker.HangBudget, time.Duration(cpu)*time.Second/2)
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
