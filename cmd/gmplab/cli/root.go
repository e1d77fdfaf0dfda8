// Package cli is gmplab's command line: one cobra command per file, each
// built by a newXCmd function with an options struct, and no package-level
// flag variables, so that tests build a fresh command tree, give it
// arguments and buffers, and read what it printed and the exit code it
// returned (cli/cli's NewCmdX pattern).
//
// Exit codes: 0 success; the program's own exit code when gmplab ran it
// (2 for a panic or a fatal error such as a deadlock, as Go does); 1 when
// gmplab could not run it (a compile error, a missing file, a run stopped
// by --max-steps or --max-time); 2 for a bad command line; 70 (EX_SOFTWARE)
// for a bug in gmplab itself, with a message saying how to report it
// (internal/bug, bug.go).
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Main runs gmplab with the process's arguments and standard streams and
// returns the exit code for os.Exit.
func Main() int {
	return Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
}

// Run runs gmplab with args and the given streams and returns the exit
// code. Errors are printed on stderr as one line a person can act on.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := NewRootCmd()
	root.SetIn(stdin)
	return execute(root, args, stdout, stderr)
}

// execute runs the command tree root with args and returns the exit code.
func execute(root *cobra.Command, args []string, stdout, stderr io.Writer) int {
	if args == nil {
		args = []string{} // cobra reads os.Args for a nil slice
	}
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := executeC(root)
	if err == nil {
		return 0
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		if ee.Msg != "" {
			io.WriteString(stderr, ee.Msg)
			if !strings.HasSuffix(ee.Msg, "\n") {
				io.WriteString(stderr, "\n")
			}
		}
		return ee.Code
	}
	// A bad command line: cobra's and pflag's errors, and ours from
	// validating flags, as one line naming the command.
	fmt.Fprintf(stderr, "%s: %s (see '%s --help')\n", cmd.CommandPath(), err, cmd.CommandPath())
	return 2
}

// executeC runs the command tree; a panic anywhere in it is a bug in
// gmplab (bug.go).
func executeC(root *cobra.Command) (cmd *cobra.Command, err error) {
	cmd = root
	defer recoverBug(&err, nil)
	return root.ExecuteC()
}

// ExitError ends a command with an exit code after printing Msg (verbatim,
// without the command's name) on stderr. It is how a command says "the
// input was read, and this is the outcome", as opposed to a usage error.
type ExitError struct {
	Code int
	Msg  string
}

func (e *ExitError) Error() string {
	if e.Msg == "" {
		return "exit status " + strconv.Itoa(e.Code)
	}
	return strings.TrimSuffix(e.Msg, "\n")
}

// NewRootCmd builds the gmplab command tree.
func NewRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "gmplab",
		Short: "Step through the Go 1.26 scheduler in a deterministic simulation",
		Long: `gmplab runs small Go programs on a deterministic simulation of the Go 1.26
runtime (G, M, P, sysmon, the netpoller) and shows every scheduling decision
with the rule that made it.

The same program, flags and seed always give the same output, byte for byte.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.CompletionOptions.DisableDefaultCmd = true
	root.SetFlagErrorFunc(flagError)

	// One line per command; each command lives in its own file.
	root.AddCommand(newRunCmd(nil)) // run.go: gmplab run FILE.go

	root.AddCommand(newStepCmd(nil))    // step.go: gmplab step LESSON|FILE.go
	root.AddCommand(newLessonsCmd(nil)) // lessons.go: gmplab lessons
	root.AddCommand(newRealCmd(nil))    // real.go: gmplab real LESSON|FILE.go
	root.AddCommand(newCompareCmd(nil)) // compare.go: gmplab compare LESSON|FILE.go

	root.AddCommand(newLessonCmd(nil))   // lesson.go: gmplab lesson LESSON
	root.AddCommand(newQuizCmd(nil))     // quiz.go: gmplab quiz LESSON
	root.AddCommand(newProgressCmd(nil)) // progress.go: gmplab progress
	root.AddCommand(newNextCmd(nil))     // next.go: gmplab next

	root.AddCommand(newCheckCmd(nil)) // check.go: gmplab check [EXERCISE]
	root.AddCommand(newGradeCmd(nil)) // grade.go: gmplab grade DIR...
	root.AddCommand(newBookCmd())     // book.go: gmplab book build|serve

	return root
}

// flagError rewrites pflag's errors about a flag's value into one plain
// line: `--gomaxprocs "x": not a whole number` rather than Go's strconv
// internals.
func flagError(cmd *cobra.Command, err error) error {
	var ive *pflag.InvalidValueError
	if !errors.As(err, &ive) {
		return err
	}
	name := "--" + ive.GetFlag().Name
	cause := errors.Unwrap(ive)
	var ne *strconv.NumError
	switch {
	case ive.GetFlag().Value.Type() == "bool":
		cause = errors.New("not true or false")
	case errors.As(cause, &ne) && errors.Is(ne.Err, strconv.ErrRange):
		cause = errors.New("out of range")
	case errors.As(cause, &ne):
		cause = errors.New("not a whole number")
	case ive.GetFlag().Value.Type() == "duration":
		if _, derr := time.ParseDuration(ive.GetValue()); derr != nil {
			cause = errors.New("not a duration (examples: 500us, 10ms, 2s)")
		}
	}
	return fmt.Errorf("%s %q: %v", name, ive.GetValue(), cause)
}
