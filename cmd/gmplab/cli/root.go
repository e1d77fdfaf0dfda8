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
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/gmplab/gmplab/view"
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
	// cobra's completion command writes to the output set when it is
	// made: make it now.
	root.InitDefaultCompletionCmd()
	if c, _, err := root.Find([]string{"completion"}); err == nil && c != root {
		// gmplab completion ksh: a usage error, not the help.
		c.Args = noArgs("")
		c.RunE = func(cmd *cobra.Command, args []string) error { return cmd.Help() }
	}
	cmd, err := executeC(root)
	if err == nil {
		return 0
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		if ee.Msg != "" {
			msg := ee.Msg
			if !strings.HasSuffix(msg, "\n") {
				msg += "\n"
			}
			io.WriteString(stderr, view.Fill(msg, layoutWidth(stderr)))
		}
		return ee.Code
	}
	// A bad command line: cobra's and pflag's errors, and ours from
	// validating flags, as one line naming the command (folded on a
	// terminal).
	msg := fmt.Sprintf("%s: %s (see '%s --help')\n", cmd.CommandPath(), err, cmd.CommandPath())
	io.WriteString(stderr, view.Fill(msg, layoutWidth(stderr)))
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

// NewRootCmd builds the gmplab command tree, whose gmplab real and gmplab
// book serve run gmplab-full (full.go).
func NewRootCmd() *cobra.Command { return newRootCmd(Extras{}) }

// newRootCmd builds the gmplab command tree with the extras there are.
func newRootCmd(x Extras) *cobra.Command {
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
	root.SetFlagErrorFunc(flagError)
	fillHelp(root)
	var version bool
	root.Flags().BoolVar(&version, "version", false, "say which gmplab this is (as gmplab version)")
	root.RunE = func(cmd *cobra.Command, args []string) error {
		if version {
			writeVersion(cmd.OutOrStdout())
			return nil
		}
		return cmd.Help()
	}

	// One line per command; each command lives in its own file.
	root.AddCommand(newRunCmd(nil)) // run.go: gmplab run FILE.go

	root.AddCommand(newStepCmd(nil))    // step.go: gmplab step LESSON|FILE.go
	root.AddCommand(newLessonsCmd(nil)) // lessons.go: gmplab lessons
	root.AddCommand(newRealCmd(x, nil)) // real.go: gmplab real LESSON|FILE.go
	root.AddCommand(newReplayCmd(nil))  // replay.go: gmplab replay TRACE
	root.AddCommand(newCompareCmd(nil)) // compare.go: gmplab compare LESSON|FILE.go

	root.AddCommand(newLessonCmd(nil))   // lesson.go: gmplab lesson LESSON
	root.AddCommand(newQuizCmd(nil))     // quiz.go: gmplab quiz LESSON
	root.AddCommand(newProgressCmd(nil)) // progress.go: gmplab progress
	root.AddCommand(newNextCmd(nil))     // next.go: gmplab next

	root.AddCommand(newCheckCmd(nil)) // check.go: gmplab check [EXERCISE]
	root.AddCommand(newGradeCmd(nil)) // grade.go: gmplab grade DIR...
	root.AddCommand(newBookCmd(x))    // book.go: gmplab book build|serve

	root.AddCommand(newVersionCmd()) // version.go: gmplab version
	// execute adds gmplab completion bash|zsh|fish|powershell (cobra's);
	// completion.go says what the arguments and flags complete to.
	addCompletions(root)

	return root
}

// fillHelp makes every command's help (cobra's) fit the terminal it goes
// to, or view.Width columns in a pipe: the flags' descriptions and the
// long text are folded between words, under their column. On a terminal
// the long text's paragraphs are first unfolded (view.Unfold), so that
// they are filled again for its width rather than left ragged where they
// were broken for 100 columns, and an example too long for it continues
// on the next line after a backslash, as a shell reads it.
func fillHelp(root *cobra.Command) {
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		out := c.OutOrStdout()
		width := layoutWidth(out)
		long, example := c.Long, c.Example
		if width == 0 {
			width = view.Width
		} else {
			c.Long = view.Unfold(long)
			c.Example = continueCommands(example, width)
		}
		var buf bytes.Buffer
		c.SetOut(&buf)
		help(c, args)
		c.SetOut(out)
		c.Long, c.Example = long, example
		io.WriteString(out, view.Fill(buf.String(), width))
	})
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

// continueCommands breaks each line of examples (command lines, indented)
// that is wider than width between its shell words: it ends in " \\" and
// goes on, indented four more columns, so that it can still be copied.
func continueCommands(examples string, width int) string {
	lines := strings.Split(examples, "\n")
	var out []string
	for _, line := range lines {
		if utf8.RuneCountInString(line) <= width {
			out = append(out, line)
			continue
		}
		lead := line[:len(line)-len(strings.TrimLeft(line, " "))]
		cur, indent := "", lead
		for _, w := range shellWords(strings.TrimLeft(line, " ")) {
			if cur != "" && len(indent)+utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w)+2 > width {
				out = append(out, indent+cur+" \\")
				cur, indent = w, lead+"    "
				continue
			}
			if cur == "" {
				cur = w
			} else {
				cur += " " + w
			}
		}
		out = append(out, indent+cur)
	}
	return strings.Join(out, "\n")
}
