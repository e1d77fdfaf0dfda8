package notebook

import (
	"errors"
	"strings"
	"testing"
)

// Two outputs of gmplab compare lesson-04 --runs 1 from two real runs: the
// program's output and every count and time differ, the shape does not.
const compareA = `gmplab compare lessons/04-sysmon/handoff.go: GOMAXPROCS=1, the simulator against 1 real run

output: the same on the simulator and on every real run (1 line)

                             simulator        real runtime (min–max)
threads created              3                6
context switches on P0       6                17
time runnable p50            0.290287ms       5.421248ms
GCs (real only)              -                0

What the trace cannot show: the run queues' contents.
`

const compareB = `gmplab compare lessons/04-sysmon/handoff.go: GOMAXPROCS=1, the simulator against 1 real run

output: 1 of 1 real runs printed something else; run 1 against the simulator (- simulator, + real):
- syscall returned
+ syscall returned late

                             simulator        real runtime (min–max)
threads created              3                12
context switches on P0       6                104
time runnable p50            0.290287ms       12.000001ms
GCs (real only)              -                1–2

What the trace cannot show: the run queues' contents.
`

const realA = `gmplab real lessons/04-sysmon/handoff.go (the real Go runtime, under Delve)
GOMAXPROCS=1, built with -gcflags=runtime=-l
(gmplab) break handoffp
Breakpoint 1: handoffp
(gmplab) continue
> Breakpoint 1: handoffp
    17  110.271368ms  M2    P0    G-     handoffp       step 1
                      P0 has work (3 local, 0 global): handoffp starts an M for it
(gmplab) print p0.runq
[G8 G9]
(gmplab) 
`

// The same session where the debugger's stops changed the schedule: the
// continue reached the exit, and print says so.
const realB = `gmplab real lessons/04-sysmon/handoff.go (the real Go runtime, under Delve)
GOMAXPROCS=1, built with -gcflags=runtime=-l
(gmplab) break handoffp
Breakpoint 1: handoffp
(gmplab) continue
   102  2345.000001ms  M-    P-    G-     exit
(gmplab) print p0.runq
[]
(gmplab) 
`

func cell(t *testing.T, kind Kind, body string) *Cell {
	t.Helper()
	c := &Cell{Kind: kind, Body: body}
	if err := c.parse(); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestShape(t *testing.T) {
	cmp := cell(t, Run, "gmplab compare lesson-04 --runs 1\n")
	rl := cell(t, Step, "gmplab real lesson-04\nbreak handoffp\ncontinue\nprint p0.runq\n")
	for _, tc := range []struct {
		name      string
		c         *Cell
		stored    string
		got       string
		wantMatch bool
	}{
		{"compare, other numbers and output", cmp, compareA, compareB, true},
		{"compare, a row missing", cmp, compareA, strings.Replace(compareA, "threads created              3                6\n", "", 1), false},
		{"compare, a row renamed", cmp, compareA, strings.Replace(compareA, "threads created", "threads started", 1), false},
		{"compare, the limits' text changed", cmp, compareA, strings.Replace(compareA, "cannot show", "shows", 1), false},
		{"compare, a simulator count changed", cmp, compareA, strings.Replace(compareA, "threads created              3   ", "threads created              4   ", 1), false},
		{"compare, a simulator time changed", cmp, compareA, strings.Replace(compareA, "0.290287ms", "0.290288ms", 1), false},
		{"compare, a real-only row's real value", cmp, compareA, strings.Replace(compareA, "-                0\n", "-                3\n", 1), true},
		{"compare, failed", cmp, compareA, "gmplab compare: go build: exit status 1\nexit status 1\n", false},
		{"real, other stops", rl, realA, realB, true},
		{"real, a command missing", rl, realA, strings.Replace(realA, "(gmplab) print p0.runq\n", "", 1), false},
		{"real, another GOMAXPROCS line", rl, realA, strings.Replace(realA, "-gcflags=runtime=-l", "-gcflags=all=-N", 1), false},
		{"real, exited with a status", rl, realA, realA + "exit status 1\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := SameShape(tc.c, tc.stored, tc.got); got != tc.wantMatch {
				t.Errorf("SameShape = %v, want %v; shapes:\n%s---\n%s", got, tc.wantMatch, ShapeText(tc.c, tc.stored), ShapeText(tc.c, tc.got))
			}
		})
	}
	// The folded shape itself, so that the rule above is the documented one.
	want := "gmplab real lessons/#-sysmon/handoff.go (the real Go runtime, under Delve)\n" +
		"GOMAXPROCS=#, built with -gcflags=runtime=-l\n" +
		"(gmplab) break handoffp\n(gmplab) continue\n(gmplab) print p#.runq\n(gmplab)\n"
	if got := ShapeText(rl, realA); got != want {
		t.Errorf("ShapeText(real) =\n%s\nwant\n%s", got, want)
	}
	if got := ShapeLine("GCs (real only)              -                1–2"); got != "GCs (real only) # #" {
		t.Errorf("ShapeLine = %q", got)
	}
}

func TestRealCellParse(t *testing.T) {
	for _, tc := range []struct {
		kind Kind
		body string
		err  string
	}{
		{Run, "gmplab compare lesson-04 --runs 1 | grep -E 'threads'\n", ""},
		{Step, "gmplab real handoff.go\nbreak handoffp\n", ""},
		{Timeline, "gmplab compare lesson-04\n", "want gmplab run ARGS"},
		{Step, "gmplab real --gomaxprocs 2\nbreak handoffp\n", "gmplab real wants a lesson or a file first"},
		{Step, "gmplab real lesson-04 | head -n 2\n", "no pipes"},
		{Run, "gmplab real lesson-04\n", "want gmplab run ARGS or gmplab compare ARGS"},
	} {
		c := &Cell{Kind: tc.kind, Body: tc.body}
		err := c.parse()
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s cell %q: error %v, want %q", tc.kind, tc.body, err, tc.err)
		}
		if tc.err == "" && !c.Real() {
			t.Errorf("%s cell %q: not Real()", tc.kind, tc.body)
		}
	}
}

// realFake runs real cells, or says they cannot run here.
type realFake struct {
	fake
	unavailable bool
	args        []string
}

func (f *realFake) Compare(args []string) (string, int, error) {
	f.args = args
	if f.unavailable {
		return "", 0, &Unavailable{Reason: "no ptrace"}
	}
	return compareB, 0, nil
}

func (f *realFake) Real(args, cmds []string) (string, int, error) {
	f.args = args
	return realB, 0, nil
}

// A real cell where the real runtime cannot run (or with an executor that
// runs none: go test -short) is Unavailable, and Update keeps its stored
// output; where it can, Update stores the fresh run.
func TestRealCellUnavailable(t *testing.T) {
	text := "# T\n\n```run\ngmplab compare handoff.go --runs 1\n```\n\n```output\n" + compareA + "```\n"
	load := func() (*Notebook, *Cell) {
		nb, err := Parse("x/lesson.md", text)
		if err != nil {
			t.Fatal(err)
		}
		nb.Dir = "lessons/04-x"
		return nb, nb.Cells()[0]
	}
	for _, x := range []Executor{&fake{}, &realFake{unavailable: true}} {
		nb, c := load()
		_, err := nb.Exec(x, c)
		var u *Unavailable
		if !errors.As(err, &u) {
			t.Fatalf("%T: Exec: %v, want an *Unavailable", x, err)
		}
		if err := nb.Update(x); err != nil || nb.String() != text {
			t.Errorf("%T: Update: %v, and the file changed:\n%s", x, err, nb.String())
		}
	}
	nb, c := load()
	x := &realFake{}
	if err := nb.Update(x); err != nil {
		t.Fatal(err)
	}
	if c.Output != compareB || strings.Join(x.args, " ") != "lessons/04-x/handoff.go --runs 1" {
		t.Errorf("Update stored %q from args %q", c.Output, x.args)
	}
}
