package terminal

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/gmplab/gmplab/debugger"
	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// go test ./debugger/terminal -update rewrites docs/debugger.md and the
// transcripts under testdata. Read the diff before committing it.
var update = flag.Bool("update", false, "rewrite docs/debugger.md and testdata/*.txtar outputs")

const referencePath = "../../docs/debugger.md"

// TestReferenceIsCurrent fails when docs/debugger.md is not what the
// command table generates.
func TestReferenceIsCurrent(t *testing.T) {
	want := Reference()
	if *update {
		if err := os.MkdirAll(filepath.Dir(referencePath), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(referencePath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(referencePath)
	if err != nil {
		t.Fatalf("%v (go test ./debugger/terminal -update writes it)", err)
	}
	if string(got) != want {
		t.Errorf("docs/debugger.md is stale: run go test ./debugger/terminal -update and commit it")
	}
}

func TestTableIsComplete(t *testing.T) {
	c := newCommands()
	for _, cmd := range c.list {
		if cmd.usage == "" || cmd.help == "" || cmd.fn == nil || !strings.HasPrefix(cmd.usage, cmd.name()) {
			t.Errorf("command %s: usage, help and fn are required, the usage starts with the name", cmd.name())
		}
		if s := cmd.summary(); !strings.HasSuffix(s, ".") || len(s) > 100 {
			t.Errorf("command %s: the summary is one sentence under 100 characters: %q", cmd.name(), s)
		}
	}
	// The words, all there.
	for _, w := range []string{"step", "s", "next", "n", "stepout", "so", "continue", "c", "restart", "r", "goto", "when",
		"rev", "rewind", "rw", "break", "condition", "breakpoints", "clear", "clearall", "why", "board", "goroutines", "grs",
		"goroutine", "gr", "procs", "threads", "print", "p", "list", "l", "stack", "bt", "display", "schedtrace", "help", "transcript", "exit"} {
		if c.find(w) == nil {
			t.Errorf("no command %s", w)
		}
	}
}

// goschedProg is main calling runtime.Gosched n times, then returning; a
// program built by hand so that these tests need no front end.
func goschedProg(n int) *vm.Program {
	var code []vm.Instr
	var pos []vm.Pos
	var src strings.Builder
	src.WriteString("package main\n\nfunc main() {\n")
	for i := 0; i < n; i++ {
		code = append(code, vm.Instr{Op: vm.OpGosched})
		pos = append(pos, vm.Pos{Line: int32(4 + i), Col: 2})
		src.WriteString("\truntime.Gosched()\n")
	}
	code = append(code, vm.Instr{Op: vm.OpBreakpoint}, vm.Instr{Op: vm.OpExit})
	pos = append(pos, vm.Pos{Line: int32(4 + n), Col: 2}, vm.Pos{Line: int32(5 + n), Col: 1})
	src.WriteString("\tsim.Breakpoint()\n}\n")
	return &vm.Program{
		Files:   []string{"gosched.go"},
		Sources: [][]byte{[]byte(src.String())},
		Funcs:   []vm.Func{{Name: "main.main", Code: code, Pos: pos, Decl: vm.Pos{Line: 3, Col: 1}, FrameSize: 16, NoSplit: true}},
		Main:    0, Init: -1,
	}
}

func newTerm(t testing.TB, out *bytes.Buffer) *Term {
	s, err := debugger.New(debugger.Options{Program: goschedProg(4), Config: runtime.Config{GOMAXPROCS: 2, Seed: 1}, Name: "gosched.go"})
	if err != nil {
		t.Fatal(err)
	}
	return New(s, out, 80)
}

// TestTranscripts runs each testdata/*.txtar's input through the REPL and
// compares what it printed with its output.
func TestTranscripts(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no transcripts in testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var input, output *txtar.File
			for i := range ar.Files {
				switch ar.Files[i].Name {
				case "input":
					input = &ar.Files[i]
				case "output":
					output = &ar.Files[i]
				}
			}
			if input == nil {
				t.Fatal("no -- input -- section")
			}
			var out bytes.Buffer
			term := newTerm(t, &out)
			if err := term.RunPlain(bytes.NewReader(input.Data)); err != nil {
				t.Fatal(err)
			}
			if *update {
				if output == nil {
					ar.Files = append(ar.Files, txtar.File{Name: "output"})
					output = &ar.Files[len(ar.Files)-1]
				}
				output.Data = out.Bytes()
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if output == nil {
				t.Fatal("no -- output -- section (run with -update)")
			}
			if got, want := out.String(), string(output.Data); got != want {
				t.Errorf("output differs (go test -update rewrites it):\n%s", diffLines(want, got))
			}
		})
	}
}

func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "first difference at line " + strconv.Itoa(i+1) + ":\nwant: " + wl + "\ngot:  " + gl
		}
	}
	return ""
}

// TestNothingTypedCrashes feeds random command lines, made of the
// commands' words, their arguments and junk, and checks that every line
// gets an answer and none is an internal error.
func TestNothingTypedCrashes(t *testing.T) {
	words := []string{"step", "s", "next", "n", "stepout", "so", "continue", "c", "restart", "r", "goto", "when",
		"rev", "rewind", "rw", "break", "b", "condition", "cond", "breakpoints", "bp", "clear", "clearall", "why", "board",
		"goroutines", "grs", "goroutine", "gr", "procs", "threads", "print", "p", "list", "l", "stack", "bt", "display",
		"schedtrace", "help", "h", "-group", "status", "-d", "-clear", "--seed", "if", "&&", "||", "==", ">", "(", ")",
		"len(global)", "p0.runq", "p1", "g1", "g7", "m0", "global", "sched", "kind", "execute", "steal", "preempt",
		"handoffp", "line", "gosched.go:5", "5", "0", "1", "3", "-1", "99999999999999999999", "\"x", "\"running\"",
		"ev", "p0.runq[0]", "p0.runq[", ".", "[", "]", "!", "=", "\x00", "ü", "10ms", "g1.frames", "state", "ps", "gs",
		"rev step", "rev next", "rev c", "transcript", "-off", "source", "nosuchfile", "goto 100000", "step 1000000"}
	var out bytes.Buffer
	fuzzLines(t, newTerm(t, &out), &out, words, 3000, 7)
	// And on every lesson's scenario, where all kinds of events happen.
	ls, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		src, _ := l.Source(l.Scenarios[0])
		prog, err := lang.Compile(l.Path(l.Scenarios[0]), src)
		if err != nil {
			t.Fatal(err)
		}
		s, err := debugger.New(debugger.Options{Program: prog, Config: runtime.Config{GOMAXPROCS: l.GOMAXPROCS, Seed: l.Seed, Layers: l.Layers()}})
		if err != nil {
			t.Fatal(err)
		}
		lw := append(words, "line "+l.Scenarios[0]+":20", "newstack", "runqputslow", "retake", "netpoll", "injectglist", "asyncPreempt", "g7", "g8", "p2", "p3")
		fuzzLines(t, New(s, &out, 80), &out, lw, 1500, uint64(l.Num))
	}
}

// fuzzLines runs n random lines through term: half well-formed commands
// with random arguments and expressions, half random words and junk.
func fuzzLines(t *testing.T, term *Term, out *bytes.Buffer, words []string, n int, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	num := func() string { return pick("0", "1", "2", "3", "7", "50", "1000", "-1", "999999999", "x") }
	atom := func() string {
		return pick("p", "g", "m", "kind", "seq", "t", "arg1", "len(global)", "len(p0.runq)", "p0.runnext", "p1.status",
			"g1.status", "g7.frames", "m0.curg", "npidle", "nmspinning", "sched.needspinning", "sysmon.delay_us", "clock",
			"1", "5ms", "\"running\"", "execute", "p0.runq[0]", "gs[0].goid", "timers", "netpoll", "ps", "state.exit", "nosuch", "p0.")
	}
	var expr func(d int) string
	expr = func(d int) string {
		if d > 2 || rng.IntN(3) == 0 {
			return atom()
		}
		switch rng.IntN(4) {
		case 0:
			return atom() + " " + pick("==", "!=", "<", "<=", ">", ">=") + " " + atom()
		case 1:
			return expr(d+1) + " " + pick("&&", "||") + " " + expr(d+1)
		case 2:
			return "!" + expr(d+1)
		}
		return "(" + expr(d+1) + pick(")", "")
	}
	well := func() string {
		switch rng.IntN(14) {
		case 0:
			return pick("step", "s", "rev step", "rev s") + " " + pick("", num())
		case 1:
			return pick("next", "stepout", "continue", "rev next", "rev stepout", "rev continue", "rewind", "when", "why")
		case 2:
			return "goto " + num()
		case 3:
			return "break " + pick("execute", "steal", "preempt", "handoffp", "gopark", "g1", "g7", "p0", "p1", "m2", "line 20", "syscall") +
				pick("", " p0", " g7") + pick("", " if "+expr(0))
		case 4:
			return "condition " + pick("1", "2", "3", "-clear 1") + " " + expr(0)
		case 5:
			return pick("print ", "p ", "display ") + expr(0)
		case 6:
			return pick("clear ", "display -d ") + num()
		case 7:
			return pick("board", "procs", "threads", "schedtrace", "stack", "breakpoints", "display", "list", "goroutines", "goroutines -group status", "goroutines -group p")
		case 8:
			return pick("goroutine ", "gr ", "list ") + num()
		case 9:
			return "restart" + pick("", " --seed "+num())
		case 10:
			return "clearall"
		case 11:
			return "help " + pick("", "step", "rev", "nosuch")
		}
		return ""
	}
	for i := 0; i < n; i++ {
		var line string
		if rng.IntN(2) == 0 {
			line = well()
		} else {
			k := rng.IntN(5)
			var parts []string
			for j := 0; j < k; j++ {
				if rng.IntN(10) == 0 {
					b := make([]byte, rng.IntN(6))
					for k := range b {
						b[k] = byte(rng.IntN(256))
					}
					parts = append(parts, string(b))
					continue
				}
				parts = append(parts, words[rng.IntN(len(words))])
			}
			line = strings.Join(parts, " ")
		}
		if strings.HasPrefix(line, "exit") || strings.HasPrefix(line, "q") || strings.Contains(line, "transcript") || strings.HasPrefix(line, "source") {
			continue
		}
		out.Reset()
		term.Exec(line)
		if strings.Contains(out.String(), "internal error") {
			t.Fatalf("%q: %s", line, out.String())
		}
		if term.Quit() {
			t.Fatalf("%q ended the session", line)
		}
	}
}

func TestUnknownCommandSuggests(t *testing.T) {
	var out bytes.Buffer
	term := newTerm(t, &out)
	for _, tc := range []struct{ in, want string }{
		{"stpe", `unknown command "stpe"; did you mean step (Take the next scheduling event (or the next n).)?`},
		{"contnue", "did you mean continue"},
		{"goroutins", "did you mean goroutines"},
		{"xyzzy", `unknown command "xyzzy"; help lists the commands`},
	} {
		out.Reset()
		term.Exec(tc.in)
		// The message is folded to the terminal's width.
		if got := strings.Join(strings.Fields(out.String()), " "); !strings.Contains(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.in, out.String(), tc.want)
		}
	}
}

func TestEmptyLineRepeats(t *testing.T) {
	var out bytes.Buffer
	term := newTerm(t, &out)
	term.Exec("step")
	term.Exec("")
	term.Exec("")
	if got := term.s.Pos(); got != 3 {
		t.Errorf("step then two empty lines: at event %d, want 3", got)
	}
	term.Exec("break execute") // not repeated
	term.Exec("")
	if n := len(term.s.Breakpoints()); n != 1 {
		t.Errorf("an empty line repeated break: %d breakpoints", n)
	}
}

func TestTranscriptAndSource(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "script.txt")
	os.WriteFile(script, []byte("# a comment\nstep 2\n\nwhen\n"), 0o644)
	rec := filepath.Join(dir, "rec.txt")
	var out bytes.Buffer
	term := newTerm(t, &out)
	term.Exec("transcript -t " + rec)
	term.Exec("source " + script)
	term.Exec("transcript -off")
	term.Exec("when")
	got, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), Prompt+"step 2\n") || !strings.Contains(string(got), "event 2 at ") || strings.Count(string(got), "event 2 at") != 1 {
		t.Errorf("transcript:\n%s", got)
	}
	term.Exec("source " + filepath.Join(dir, "none.txt"))
	if !strings.Contains(out.String(), "no such file") {
		t.Errorf("source of a missing file: %s", out.String())
	}
	// A script that sources itself stops at the nesting bound.
	self := filepath.Join(dir, "self.txt")
	os.WriteFile(self, []byte("source "+self+"\n"), 0o644)
	out.Reset()
	term.Exec("source " + self)
	if !strings.Contains(strings.Join(strings.Fields(out.String()), " "), "nested more than 8 deep") {
		t.Errorf("self-sourcing script: %s", out.String())
	}
}
