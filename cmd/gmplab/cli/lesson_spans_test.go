//go:build linux

package cli

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/progress"
)

// codeSpan matches a Markdown code span within a line.
var codeSpan = regexp.MustCompile("`([^`\n]+)`")

// On a terminal of 60 and of 80 columns, gmplab lesson never breaks a
// line inside a code span that has no space (`sync.(*Mutex).Lock`,
// `sim.Work(time.Millisecond)`, `<-done`): the renderer would break a list
// item's text after a dot, a comma or a hyphen (keepSpans). Every such span
// of the lesson's prose, outside tables (whose narrow columns cut any long
// word) and shorter than the terminal, is printed whole as often as the
// lesson has it.
func TestLessonCodeSpansStayWhole(t *testing.T) {
	t.Chdir(repoRoot)
	t.Setenv(progress.EnvDir, t.TempDir())
	t.Setenv("NO_COLOR", "")
	t.Setenv("GLAMOUR_STYLE", "dark")
	for _, n := range []string{"1", "4", "7"} {
		nb, err := loadLesson(n)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{}
		for _, p := range nb.Parts {
			if p.Cell != nil {
				continue
			}
			fenced := false
			for _, l := range strings.Split(unwrap(p.Markdown), "\n") {
				if t := strings.TrimSpace(l); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
					fenced = !fenced
				}
				if fenced || strings.HasPrefix(strings.TrimSpace(l), "|") || strings.HasPrefix(strings.TrimSpace(l), "<!--") {
					continue
				}
				for _, m := range codeSpan.FindAllStringSubmatch(l, -1) {
					if !strings.ContainsAny(m[1], " \t") && strings.ContainsAny(m[1], ".,;+|-") {
						want[m[1]]++
					}
				}
			}
		}
		for _, cols := range []int{60, 80} {
			t.Run(fmt.Sprintf("lesson-%s/%d", n, cols), func(t *testing.T) {
				got := ansi.ReplaceAllString(onTerminal(t, cols, "", "lesson", n), "")
				if !strings.Contains(got, nb.Lesson.Title) {
					t.Fatalf("gmplab lesson %s printed no lesson:\n%s", n, got)
				}
				for span, k := range want {
					if len(span) >= cols-8 {
						continue
					}
					if c := strings.Count(got, span); c < k {
						var near []string
						for _, l := range strings.Split(got, "\n") {
							if half := span[:len(span)/2]; strings.Contains(l, half) {
								near = append(near, l)
							}
						}
						t.Errorf("%q is in the lesson's prose %d times, whole on the terminal %d times; lines with its start:\n%s", span, k, c, strings.Join(near, "\n"))
					}
				}
			})
		}
	}
}
