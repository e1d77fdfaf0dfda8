package notebook

import (
	"fmt"
	"strings"
)

// What a learner is told to try must reach what the lesson promises. Three
// places hold such commands, and each can say what they must print:
//
//   - a quiz's "See it" session: its run: (else the lesson's gmplab step)
//     with its show: commands; expect: lines in the quiz;
//   - the guide's try: commands, run in gmplab step lesson-NN; expect:
//     lines after them;
//   - a "Try this" step: an HTML comment (invisible in the rendered
//     lesson) holding a check, a step or run cell's body and expect: lines:
//
//     <!-- check
//     gmplab step first.go --gomaxprocs 2
//     break retake
//     continue
//     expect: zero-tick quirk
//     -->
//
// Each expect: text must appear in the transcript, after the previous
// one's end (Expected). The lessons' tests run them all.

// Check is a "Try this" check: a command (gmplab run with its pipes, or
// gmplab step with debugger commands) and the texts it must print.
type Check struct {
	Line    int // the comment's first line in the file
	Command *Command
	Steps   []string
	Expect  []string
}

// Checks returns the lesson's <!-- check … --> comments, in order.
func (nb *Notebook) Checks() ([]*Check, error) {
	var out []*Check
	for _, p := range nb.Parts {
		if p.Cell != nil {
			continue
		}
		lines := strings.Split(p.Markdown, "\n")
		for i := 0; i < len(lines); i++ {
			if strings.TrimSpace(lines[i]) != "<!-- check" {
				continue
			}
			ch := &Check{Line: p.Line + i}
			var body []string
			j := i + 1
			for ; j < len(lines) && strings.TrimSpace(lines[j]) != "-->"; j++ {
				if l := strings.TrimSpace(lines[j]); l != "" {
					body = append(body, l)
				}
			}
			if j == len(lines) {
				return nil, fmt.Errorf("%s:%d: a <!-- check comment with no --> line", nb.Name, ch.Line)
			}
			i = j
			for _, l := range body {
				if e, ok := strings.CutPrefix(l, "expect:"); ok {
					ch.Expect = append(ch.Expect, strings.TrimSpace(e))
				} else if ch.Command == nil {
					cmd, err := ParseCommand(l)
					if err != nil {
						return nil, fmt.Errorf("%s:%d: check: %v", nb.Name, ch.Line, err)
					}
					if cmd.Verb != "run" && cmd.Verb != "step" {
						return nil, fmt.Errorf("%s:%d: check: want gmplab run or gmplab step, got %q", nb.Name, ch.Line, l)
					}
					ch.Command = cmd
				} else if len(ch.Expect) > 0 {
					return nil, fmt.Errorf("%s:%d: check: %q after the expect: lines", nb.Name, ch.Line, l)
				} else if ch.Command.Verb == "step" {
					ch.Steps = append(ch.Steps, l)
				} else {
					return nil, fmt.Errorf("%s:%d: check: a gmplab run check takes no commands, got %q", nb.Name, ch.Line, l)
				}
			}
			if ch.Command == nil || len(ch.Expect) == 0 {
				return nil, fmt.Errorf("%s:%d: check: want a gmplab run or step line and at least one expect: line", nb.Name, ch.Line)
			}
			out = append(out, ch)
		}
	}
	return out, nil
}

// RunCheck runs a check's command and returns its transcript (a run's
// output through its pipes).
func (nb *Notebook) RunCheck(x Executor, ch *Check) string {
	args := nb.ResolveArgs(ch.Command)
	if len(ch.Command.Env) > 0 {
		ex, ok := x.(EnvExecutor)
		if !ok {
			return fmt.Sprintf("this executor cannot set the environment (%s)\n", strings.Join(ch.Command.Env, " "))
		}
		defer ex.SetEnv(ch.Command.Env)()
	}
	if ch.Command.Verb == "step" {
		out, code := x.Step(args, ch.Steps)
		return withStatus(out, code)
	}
	out, code := x.Run(args)
	for _, f := range ch.Command.Filters {
		out = f.Apply(out)
	}
	return withStatus(out, code)
}

// SeeIt runs a quiz's "See it" session: its run: (else the lesson's
// gmplab step) with its show: commands.
func (nb *Notebook) SeeIt(x Executor, q *Question) string {
	cmd := q.Run
	if cmd == nil {
		cmd = &Command{Verb: "step"}
	}
	defer withEnv(x, cmd)()
	out, code := x.Step(nb.ResolveArgs(cmd), q.Show)
	return withStatus(out, code)
}

// withEnv sets cmd's environment settings (GODEBUG=…, as a cell's) for
// the executor's next commands and returns what restores it. An executor
// that cannot set the environment runs without them; Exec reports that
// case for cells.
func withEnv(x Executor, cmd *Command) (restore func()) {
	if ex, ok := x.(EnvExecutor); ok && len(cmd.Env) > 0 {
		return ex.SetEnv(cmd.Env)
	}
	return func() {}
}

// TryGuide runs the guide's try: commands in gmplab step lesson-NN.
func (nb *Notebook) TryGuide(x Executor, g *GuideText) string {
	out, code := x.Step(nb.ResolveArgs(&Command{Verb: "step"}), g.Try)
	return withStatus(out, code)
}

// Expected reports the first expected text that out does not print, each
// looked for after the previous one's end; "" when all are there.
func Expected(out string, expect []string) string {
	rest := out
	for _, e := range expect {
		i := strings.Index(rest, e)
		if i < 0 {
			return e
		}
		rest = rest[i+len(e):]
	}
	return ""
}
