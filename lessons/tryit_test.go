package lessons_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/notebook"
)

// pendingLessons are lessons whose quizzes, guide and "Try this" steps do
// not yet all say what they must print, or whose quiz is not yet balanced
// (issue 18): none now; a lesson being converted goes here.
// TestQuizBalance and TestEveryTryIsChecked report them with t.Log instead
// of failing, and fail once a pending lesson passes, so that the list can
// only shrink. Every check a pending lesson has is still run.
var pendingLessons = map[string]bool{}

// reportPending fails t with msg, or only logs it for a pending lesson.
func reportPending(t *testing.T, dir string, msg string) {
	t.Helper()
	if pendingLessons[dir] {
		t.Log("pending (issue 18): " + msg)
		return
	}
	t.Error(msg)
}

// Every guide, quiz "See it" session and "Try this" check reaches what it
// promises: its expect: texts appear in its transcript, in order
// (docs/notebook.md, "What the tests check").
func TestTryItReachesWhatItPromises(t *testing.T) {
	x := executor()
	for _, nb := range notebooks(t) {
		t.Run(nb.Lesson.Dir, func(t *testing.T) {
			for _, g := range nb.CellsOf(notebook.Guide) {
				if len(g.G.Expect) == 0 {
					continue
				}
				out := nb.TryGuide(x, g.G)
				if miss := notebook.Expected(out, g.G.Expect); miss != "" {
					t.Errorf("%s:%d: the guide's try: commands (%s) never print %q:\n%s", nb.Name, g.Line, strings.Join(g.G.Try, "; "), miss, out)
				}
			}
			for _, c := range nb.CellsOf(notebook.Quiz) {
				if len(c.Q.Expect) == 0 {
					continue
				}
				out := nb.SeeIt(x, c.Q)
				if miss := notebook.Expected(out, c.Q.Expect); miss != "" {
					t.Errorf("%s:%d: quiz %s's See it (%s) never prints %q:\n%s", nb.Name, c.Line, c.Q.ID, strings.Join(c.Q.Show, "; "), miss, out)
				}
			}
			checks, err := nb.Checks()
			if err != nil {
				t.Fatal(err)
			}
			for _, ch := range checks {
				out := nb.RunCheck(x, ch)
				if miss := notebook.Expected(out, ch.Expect); miss != "" {
					t.Errorf("%s:%d: the check (gmplab %s %s) never prints %q:\n%s", nb.Name, ch.Line, ch.Command.Verb, strings.Join(ch.Command.Args, " "), miss, out)
				}
			}
		})
	}
}

var tryItem = regexp.MustCompile(`(?m)^\d+\. `)

// Every guide and every quiz has expect: lines, and every "Try this" step
// that gives a gmplab command has a <!-- check --> comment.
func TestEveryTryIsChecked(t *testing.T) {
	for _, nb := range notebooks(t) {
		t.Run(nb.Lesson.Dir, func(t *testing.T) {
			var missing []string
			for _, g := range nb.CellsOf(notebook.Guide) {
				if len(g.G.Expect) > 0 {
					continue
				}
				missing = append(missing, fmt.Sprintf("the guide (line %d) has no expect: line", g.Line))
			}
			for _, c := range nb.CellsOf(notebook.Quiz) {
				if len(c.Q.Expect) == 0 {
					missing = append(missing, fmt.Sprintf("quiz %s (line %d) has no expect: line", c.Q.ID, c.Line))
				}
			}
			md := nb.Markdown()
			if i := strings.Index(md, "\n## Try this"); i >= 0 {
				sec := md[i+1:]
				if j := strings.Index(sec[3:], "\n## "); j >= 0 {
					sec = sec[:j+3]
				}
				locs := tryItem.FindAllStringIndex(sec, -1)
				for k, loc := range locs {
					end := len(sec)
					if k+1 < len(locs) {
						end = locs[k+1][0]
					}
					item := sec[loc[0]:end]
					if strings.Contains(item, "gmplab ") && !strings.Contains(item, "<!-- check") {
						missing = append(missing, fmt.Sprintf("Try this #%d gives a gmplab command and has no <!-- check --> comment", k+1))
					}
				}
			}
			if len(missing) > 0 {
				reportPending(t, nb.Lesson.Dir, nb.Name+": "+strings.Join(missing, "; "))
			} else if pendingLessons[nb.Lesson.Dir] {
				t.Errorf("%s: every try is checked now: remove %s from pendingLessons", nb.Name, nb.Lesson.Dir)
			}
		})
	}
}

// A "Try this" step that asks the learner to edit a scenario is checked on
// a copy in the lesson's testdata folder that makes exactly that edit; the
// copy must stay the scenario with only the edited lines changed, so that
// the check keeps testing what the step asks for.
func TestTryThisEditsAreTheScenario(t *testing.T) {
	for _, e := range []struct{ scenario, edited, from, to string }{
		{"05-preempt/coop.go", "05-preempt/testdata/coopleaf.go",
			"func step(i int) int { return leaf(i) + leaf(i+1) }",
			"func step(i int) int { return i & 7 }"},
		{"05-preempt/preempt.go", "05-preempt/testdata/preempt3.go",
			"for i := 0; i < 2; i++ {", "for i := 0; i < 3; i++ {"},
		{"06-netpoll/netpoll.go", "06-netpoll/testdata/netpoll5ms.go",
			"sim.Dial(time.Duration(i) * time.Millisecond)", "sim.Dial(5 * time.Millisecond)"},
		{"06-netpoll/busy.go", "06-netpoll/testdata/busy20.go",
			"for i := 0; i < 50; i++ {", "for i := 0; i < 20; i++ {"},
		{"06-netpoll/timers.go", "06-netpoll/testdata/timers200.go",
			"time.Sleep(time.Duration(i) * 100 * time.Microsecond)", "time.Sleep(200 * time.Microsecond)"},
		{"08-other-runtimes/hog.go", "08-other-runtimes/testdata/hog2.go",
			"\twg.Add(1)\n\tgo func() {\n\t\tdefer wg.Done()\n\t\tsim.Work(50 * time.Millisecond) // the hog: no calls, no blocking\n\t}()\n",
			"\tfor h := 0; h < 2; h++ {\n\t\twg.Add(1)\n\t\tgo func() {\n\t\t\tdefer wg.Done()\n\t\t\tsim.Work(50 * time.Millisecond) // the hog: no calls, no blocking\n\t\t}()\n\t}\n"},
		{"08-other-runtimes/hog.go", "08-other-runtimes/testdata/hoggosched.go",
			"\t\tsim.Work(50 * time.Millisecond) // the hog: no calls, no blocking\n",
			"\t\tfor j := 0; j < 50; j++ {\n\t\t\tsim.Work(time.Millisecond)\n\t\t\truntime.Gosched()\n\t\t}\n"},
		{"08-other-runtimes/hog.go", "08-other-runtimes/testdata/hogcalls.go",
			"\t\tsim.Work(50 * time.Millisecond) // the hog: no calls, no blocking\n",
			"\t\tfor j := 0; j < 50; j++ {\n\t\t\tsim.Work(time.Millisecond)\n\t\t}\n"},
		{"08-other-runtimes/hog.go", "08-other-runtimes/testdata/hogsleep.go",
			"\t\tsim.Work(50 * time.Millisecond) // the hog: no calls, no blocking\n",
			"\t\tfor j := 0; j < 50; j++ {\n\t\t\tsim.Work(time.Millisecond)\n\t\t\ttime.Sleep(time.Microsecond)\n\t\t}\n"},
		{"08-other-runtimes/hog.go", "08-other-runtimes/testdata/hoggosched100us.go",
			"\t\tsim.Work(50 * time.Millisecond) // the hog: no calls, no blocking\n",
			"\t\tfor j := 0; j < 500; j++ {\n\t\t\tsim.Work(100 * time.Microsecond)\n\t\t\truntime.Gosched()\n\t\t}\n"},
		{"08-other-runtimes/hog.go", "08-other-runtimes/testdata/hoggosched10us.go",
			"\t\tsim.Work(50 * time.Millisecond) // the hog: no calls, no blocking\n",
			"\t\tfor j := 0; j < 5000; j++ {\n\t\t\tsim.Work(10 * time.Microsecond)\n\t\t\truntime.Gosched()\n\t\t}\n"},
	} {
		orig, err := os.ReadFile(e.scenario)
		if err != nil {
			t.Fatal(err)
		}
		edited, err := os.ReadFile(e.edited)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(orig), e.from); n != 1 {
			t.Errorf("%s: %q occurs %d times, want once (the Try this step quotes it)", e.scenario, e.from, n)
			continue
		}
		if want := strings.Replace(string(orig), e.from, e.to, 1); string(edited) != want {
			t.Errorf("%s is not %s with %q made %q: copy it again and make only that edit", e.edited, e.scenario, e.from, e.to)
		}
	}
}
