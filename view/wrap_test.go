package view

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFill(t *testing.T) {
	for _, c := range []struct {
		name  string
		width int
		in    string
		want  string
	}{
		{"fits", 40, "short line\n  and another", "short line\n  and another"},
		{"prose under its first word", 30,
			"  P0's first syscall: sysmon's record of its syscalltick starts at 0",
			"  P0's first syscall: sysmon's\n  record of its syscalltick\n  starts at 0"},
		{"a list under its last column", 50,
			"    next (n)                   Run until the current P picks its next goroutine.",
			"    next (n)                   Run until the\n                               current P picks its\n                               next goroutine."},
		{"a numbered item under its text", 40,
			"  1. calling main.depth (frame 32 B) with 1144 B used would cross stackguard0",
			"  1. calling main.depth (frame 32 B)\n     with 1144 B used would cross\n     stackguard0"},
		{"a word too long stays whole", 12, "ab averyverylongword cd",
			"ab\naveryverylongword\ncd"},
		{"last column too far right: under the first word", 30,
			"  a                  b c d e f g h i j k l m n o p",
			"  a                  b c d e f\n  g h i j k l m n o p"},
	} {
		if got := Fill(c.in, c.width); got != c.want {
			t.Errorf("%s: Fill(%q, %d) =\n%s\nwant\n%s", c.name, c.in, c.width, got, c.want)
		}
	}
}

// At any width, Fill keeps every word whole and in order, makes no line
// wider than the width (but for a word wider than it), and is idempotent.
func TestFillProperties(t *testing.T) {
	texts := []string{
		"event 9: retake on M1/P0/G1: from M0\n  P0's first syscall: sysmon's record of its syscalltick starts at 0, which equals the P's, so this first look counts as the second (the zero-tick quirk), and there is work waiting or no idle capacity: take the P from M0",
		"    [0] {func: main.main, pos: lessons/04-sysmon/handoff.go:25:13, line: 25, file: lessons/04-sysmon/handoff.go, size: 48}",
		"    procs                      List the Ps: status, M, running G, runnext, ring length, schedtick, syscalltick.",
		"gmplab step lessons/04-sysmon/handoff.go (lesson-04: Sysmon, system calls and handoffp)",
		"naïve café — déjà vu, with runes wider than a byte, again and again and again and again and again",
	}
	for _, width := range []int{40, 60, 80, 120} {
		for _, text := range texts {
			got := Fill(text, width)
			if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(text), " ") {
				t.Errorf("width %d: the words changed:\n%s\n---\n%s", width, text, got)
			}
			for _, line := range strings.Split(got, "\n") {
				if n := utf8.RuneCountInString(line); n > width && strings.Contains(strings.TrimSpace(line), " ") {
					t.Errorf("width %d: a line of %d columns with room to break it: %q", width, n, line)
				}
			}
			if again := Fill(got, width); again != got {
				t.Errorf("width %d: Fill is not idempotent:\n%s\n---\n%s", width, got, again)
			}
		}
	}
}

// TestUnfold: a paragraph's lines and a definition's continuations are
// joined; blank lines, list items, indented commands and a change of
// indent keep their breaks.
func TestUnfold(t *testing.T) {
	in := `Run compiles FILE.go and runs it on the simulated
runtime, printing every decision.

Output (--format):
  text        one line per event: seq, virtual time, M, P, G, the runtime function,
              what it did, and the rule that decided it
  json        one JSON object per event
Try:
  break retake
  continue
- an item
- another item
  continued under it`
	want := `Run compiles FILE.go and runs it on the simulated runtime, printing every decision.

Output (--format):
  text        one line per event: seq, virtual time, M, P, G, the runtime function, what it did, and the rule that decided it
  json        one JSON object per event
Try:
  break retake
  continue
- an item
- another item
  continued under it`
	if got := Unfold(in); got != want {
		t.Errorf("Unfold:\n%s\nwant:\n%s", got, want)
	}
	if got := Unfold(want); got != want {
		t.Errorf("Unfold of unfolded text changed it:\n%s", got)
	}
}
