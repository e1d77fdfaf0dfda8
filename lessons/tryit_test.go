package lessons_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/notebook"
)

// pendingLessons are lessons whose quizzes, guide and "Try this" steps do
// not yet all say what they must print, or whose quiz is not yet balanced:
// the course's second half, which branch s16-course-b is converting (issue
// 18). TestQuizBalance and TestEveryTryIsChecked report them with t.Log
// instead of failing, and fail once a pending lesson passes, so that the
// list can only shrink. Every check a pending lesson has is still run.
var pendingLessons = map[string]bool{
	"05-preempt": true, "06-netpoll": true, "07-production": true, "08-other-runtimes": true,
}

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
