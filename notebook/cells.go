package notebook

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/runtime"
)

// Command is a cell's gmplab command line.
type Command struct {
	Env     []string // NAME=VALUE settings before gmplab: GODEBUG or GOMAXPROCS, as a shell sets them
	Verb    string   // "run", "step", "replay", or for a real cell "compare" or "real"
	Args    []string // the words after gmplab VERB, unquoted
	Filters []Filter // run cells: | head -n N, | tail -n N, | grep -E 'RE'
	Line    string   // the line as written
}

// Real reports whether the command runs the program on the real runtime
// (gmplab compare, gmplab real): its output varies from run to run, and a
// test checks only its shape (see Shape).
func (c *Command) Real() bool { return c.Verb == "compare" || c.Verb == "real" }

// Real reports whether the cell runs the program on the real runtime: a
// run cell of gmplab compare or a step cell of gmplab real.
func (c *Cell) Real() bool { return c.Command != nil && c.Command.Real() }

// Diagrams are the figures a diagram cell may draw: the engine's state
// machines, g (goroutines), p and m (runtime.StateMachines; view.StatesText
// and StatesSVG draw them). The cell has no body and no output: the reader
// and the book draw it from the engine's table.
var Diagrams = func() (keys []string) {
	for _, sm := range runtime.StateMachines() {
		keys = append(keys, sm.Key)
	}
	return keys
}()

// Filter is one pipe stage after a run command.
type Filter struct {
	Op string // head, tail or grep
	N  int
	Re *regexp.Regexp
}

// Question is a quiz cell.
type Question struct {
	ID      string
	Q       string
	Kind    string   // "choice" or "predict"
	Choices []string // in order
	Right   int      // choice: the "* " line's index; predict: -1 (the engine decides)
	Run     *Command // predict: the session (a gmplab step command)
	Do      []string // predict: debugger commands run before the question
	Expr    string   // predict: the print expression whose value is the answer
	Explain string
	Show    []string // the debugger commands that show the answer
	// Expect: what the "See it" session (Run, else the lesson's gmplab
	// step, with the Show commands) must print: each text must appear in
	// its transcript, in order (the expect: lines).
	Expect []string
}

// GuideText is a guide cell: a paragraph, then commands to try.
type GuideText struct {
	Text string   // the paragraph, its lines joined by spaces
	Try  []string // the try: lines' commands
	// Expect: what the try commands must print, after them (expect:
	// lines, not shown to the learner): each text must appear in the
	// transcript of gmplab step lesson-NN with the try commands, in order.
	Expect []string
}

// parse reads the cell's body according to its kind.
func (c *Cell) parse() error {
	lines := bodyLines(c.Body)
	switch c.Kind {
	case Source:
		return c.parseSource()
	case Run, Timeline:
		want := "gmplab run ARGS or gmplab compare ARGS"
		if c.Kind == Timeline {
			want = "gmplab run ARGS"
		}
		if len(lines) != 1 {
			return fmt.Errorf("want exactly one line, %s; got %d lines", want, len(lines))
		}
		cmd, err := ParseCommand(lines[0])
		if err != nil {
			return err
		}
		if cmd.Verb != "run" && (cmd.Verb != "compare" || c.Kind == Timeline) {
			return fmt.Errorf("want %s, got %q", want, lines[0])
		}
		if c.Kind == Timeline && len(cmd.Filters) > 0 {
			return errors.New("a timeline takes no pipes")
		}
		c.Command = cmd
	case Step:
		if len(lines) == 0 {
			return errors.New("want a first line gmplab step [ARGS], gmplab real ARGS or gmplab replay TRACE, then debugger commands")
		}
		cmd, err := ParseCommand(lines[0])
		if err != nil {
			return err
		}
		if (cmd.Verb != "step" && cmd.Verb != "real" && cmd.Verb != "replay") || len(cmd.Filters) > 0 {
			return fmt.Errorf("want a first line gmplab step [ARGS], gmplab real ARGS or gmplab replay TRACE (no pipes), got %q", lines[0])
		}
		if cmd.Verb == "replay" && (len(cmd.Args) == 0 || strings.HasPrefix(cmd.Args[0], "-")) {
			return fmt.Errorf("gmplab replay wants a trace first (gmplab replay server.trace), got %q", lines[0])
		}
		if cmd.Verb == "real" && (len(cmd.Args) == 0 || strings.HasPrefix(cmd.Args[0], "-")) {
			return fmt.Errorf("gmplab real wants a lesson or a file first (gmplab real lesson-04, gmplab real handoff.go), got %q", lines[0])
		}
		c.Command, c.Steps = cmd, lines[1:]
	case Quiz:
		q, err := parseQuestion(lines)
		if err != nil {
			return err
		}
		c.Q = q
	case Guide:
		g := &GuideText{}
		var para []string
		for _, l := range lines {
			if cmd, ok := strings.CutPrefix(l, "try:"); ok && len(g.Expect) == 0 {
				g.Try = append(g.Try, strings.TrimSpace(cmd))
			} else if e, ok := strings.CutPrefix(l, "expect:"); ok && len(g.Try) > 0 {
				g.Expect = append(g.Expect, strings.TrimSpace(e))
			} else if len(g.Try) > 0 {
				return fmt.Errorf("%q after the try: lines (the paragraph comes first)", l)
			} else {
				para = append(para, l)
			}
		}
		g.Text = strings.Join(para, " ")
		if g.Text == "" || len(g.Try) < 1 || len(g.Try) > 3 {
			return fmt.Errorf("want a short paragraph, then one to three lines try: COMMAND (got %d)", len(g.Try))
		}
		c.G = g
	case Diagram:
		if !slices.Contains(Diagrams, c.Args) || len(lines) > 0 {
			return fmt.Errorf("want diagram NAME and an empty body, NAME one of %s; got %q", strings.Join(Diagrams, ", "), "diagram "+c.Args)
		}
	case RunsKind:
		r, err := parseRuns(lines)
		if err != nil {
			return err
		}
		c.Runs = r
	}
	return nil
}

// bodyLines returns the body's lines, trimmed, without blank ones.
func bodyLines(body string) []string {
	var out []string
	for _, l := range strings.Split(body, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func (c *Cell) parseSource() error {
	f := strings.Fields(c.Args)
	if len(f) == 0 || len(f) > 2 {
		return fmt.Errorf("want source FILE [lines=A-B], got %q", "source "+c.Args)
	}
	c.File = f[0]
	if len(f) == 2 {
		r, ok := strings.CutPrefix(f[1], "lines=")
		a, b, ok2 := strings.Cut(r, "-")
		na, err1 := strconv.Atoi(a)
		nb, err2 := strconv.Atoi(b)
		if !ok || !ok2 || err1 != nil || err2 != nil || na < 1 || nb < na {
			return fmt.Errorf("%q: want lines=A-B with 1 ≤ A ≤ B", f[1])
		}
		c.Lines = [2]int{na, nb}
	}
	return nil
}

// envName is a shell's variable name.
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// ParseCommand parses `[NAME=VALUE...] gmplab run|step|compare|real|replay
// ARGS [| filter]...`
// (which verb a cell takes is the cell's to check). Words split
// as a shell splits them: spaces separate, 'single' and "double" quotes
// group.
func ParseCommand(line string) (*Command, error) {
	words, err := splitWords(line)
	if err != nil {
		return nil, err
	}
	var stages [][]string
	cur := []string{}
	for _, w := range words {
		if w == "|" {
			stages = append(stages, cur)
			cur = []string{}
			continue
		}
		cur = append(cur, w)
	}
	stages = append(stages, cur)
	first := stages[0]
	var env []string
	for len(first) > 0 {
		name, _, ok := strings.Cut(first[0], "=")
		if !ok || first[0] == "" || !envName.MatchString(name) {
			break
		}
		if name != "GODEBUG" && name != "GOMAXPROCS" {
			return nil, fmt.Errorf("%s: the environment a cell may set is GODEBUG and GOMAXPROCS", first[0])
		}
		env = append(env, first[0])
		first = first[1:]
	}
	if len(first) < 2 || first[0] != "gmplab" || !slices.Contains([]string{"run", "step", "compare", "real", "replay"}, first[1]) {
		return nil, fmt.Errorf("want gmplab run ARGS, gmplab step ARGS, gmplab compare ARGS, gmplab real ARGS or gmplab replay TRACE, got %q", line)
	}
	cmd := &Command{Env: env, Verb: first[1], Args: first[2:], Line: line}
	if len(env) > 0 && cmd.Verb == "replay" {
		return nil, fmt.Errorf("gmplab replay reads a trace, which no environment changes: set %s for run and step cells only", strings.Join(env, " "))
	}
	if len(env) > 0 && cmd.Real() {
		return nil, fmt.Errorf("gmplab %s runs the real program, which a cell cannot give an environment: set %s for run and step cells only", cmd.Verb, strings.Join(env, " "))
	}
	for _, st := range stages[1:] {
		f, err := parseFilter(st)
		if err != nil {
			return nil, err
		}
		cmd.Filters = append(cmd.Filters, f)
	}
	return cmd, nil
}

func parseFilter(st []string) (Filter, error) {
	bad := fmt.Errorf("pipe %q: the pipes are | head -n N, | tail -n N and | grep -E 'REGEXP'", strings.Join(st, " "))
	switch {
	case len(st) == 3 && (st[0] == "head" || st[0] == "tail") && st[1] == "-n":
		n, err := strconv.Atoi(st[2])
		if err != nil || n < 1 {
			return Filter{}, bad
		}
		return Filter{Op: st[0], N: n}, nil
	case len(st) == 3 && st[0] == "grep" && st[1] == "-E":
		re, err := regexp.Compile(st[2])
		if err != nil {
			return Filter{}, fmt.Errorf("grep -E %q: %v", st[2], err)
		}
		return Filter{Op: "grep", Re: re}, nil
	}
	return Filter{}, bad
}

// Apply runs the filter over text's lines.
func (f Filter) Apply(text string) string {
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	switch f.Op {
	case "head":
		lines = lines[:min(f.N, len(lines))]
	case "tail":
		lines = lines[max(0, len(lines)-f.N):]
	case "grep":
		var keep []string
		for _, l := range lines {
			if f.Re.MatchString(strings.TrimSuffix(l, "\n")) {
				keep = append(keep, l)
			}
		}
		lines = keep
	}
	return strings.Join(lines, "")
}

// splitWords splits a command line as a POSIX shell does for plain words,
// quotes and | (no variables, no globs, no escapes outside double quotes).
func splitWords(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case ch == ' ' || ch == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case ch == '|':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
			words = append(words, "|")
		case ch == '\'':
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("%q: a ' is never closed", line)
			}
			cur.WriteString(line[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case ch == '"':
			j := i + 1
			for ; j < len(line) && line[j] != '"'; j++ {
				if line[j] == '\\' && j+1 < len(line) {
					j++
				}
				cur.WriteByte(line[j])
			}
			if j >= len(line) {
				return nil, fmt.Errorf("%q: a \" is never closed", line)
			}
			i = j
			inWord = true
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// parseQuestion reads a quiz cell's key: value lines.
func parseQuestion(lines []string) (*Question, error) {
	q := &Question{Right: -1}
	right := 0
	for _, l := range lines {
		if c, ok := strings.CutPrefix(l, "- "); ok {
			q.Choices = append(q.Choices, strings.TrimSpace(c))
			continue
		}
		if c, ok := strings.CutPrefix(l, "* "); ok {
			q.Right = len(q.Choices)
			q.Choices = append(q.Choices, strings.TrimSpace(c))
			right++
			continue
		}
		key, val, ok := strings.Cut(l, ":")
		if !ok {
			return nil, fmt.Errorf("%q: want key: value, or a choice (- wrong, * right)", l)
		}
		val = strings.TrimSpace(val)
		switch strings.TrimSpace(key) {
		case "id":
			q.ID = val
		case "q":
			q.Q = val
		case "kind":
			q.Kind = val
		case "run":
			cmd, err := ParseCommand(val)
			if err != nil {
				return nil, err
			}
			if cmd.Verb != "step" || len(cmd.Filters) > 0 {
				return nil, fmt.Errorf("run: want gmplab step [ARGS], got %q", val)
			}
			q.Run = cmd
		case "do":
			q.Do = splitCommands(val)
		case "expr":
			q.Expr = val
		case "explain":
			q.Explain = val
		case "show":
			q.Show = splitCommands(val)
		case "expect":
			q.Expect = append(q.Expect, val)
		default:
			return nil, fmt.Errorf("unknown key %q (keys: id, q, kind, run, do, expr, explain, show, expect; choices start with - or *)", key)
		}
	}
	switch {
	case q.ID == "" || strings.ContainsAny(q.ID, " \t"):
		return nil, errors.New("want id: a-word-id (unique within the lesson)")
	case q.Q == "":
		return nil, fmt.Errorf("quiz %s: no q: (the question)", q.ID)
	case q.Explain == "":
		return nil, fmt.Errorf("quiz %s: no explain: (why the answer is right)", q.ID)
	case len(q.Show) == 0:
		return nil, fmt.Errorf("quiz %s: no show: (the debugger commands that show the answer)", q.ID)
	case len(q.Choices) < 2:
		return nil, fmt.Errorf("quiz %s: want at least two choices (- lines)", q.ID)
	}
	switch q.Kind {
	case "choice":
		if right != 1 {
			return nil, fmt.Errorf("quiz %s: kind: choice wants exactly one right choice (a * line), got %d", q.ID, right)
		}
		if q.Expr != "" || q.Do != nil {
			return nil, fmt.Errorf("quiz %s: do: and expr: are for kind: predict (a choice question's run: is the session its show: commands run in)", q.ID)
		}
	case "predict":
		if right != 0 {
			return nil, fmt.Errorf("quiz %s: kind: predict has no * line: the engine computes the answer", q.ID)
		}
		if q.Run == nil || q.Expr == "" {
			return nil, fmt.Errorf("quiz %s: kind: predict wants run: gmplab step ARGS and expr: EXPR", q.ID)
		}
	default:
		return nil, fmt.Errorf("quiz %s: kind %q: want choice or predict", q.ID, q.Kind)
	}
	return q, nil
}

// splitCommands splits "break handoffp; continue" into its commands.
func splitCommands(s string) []string {
	var out []string
	for _, c := range strings.Split(s, ";") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}
