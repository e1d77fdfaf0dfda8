package lessons_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gmplab/gmplab/notebook"
)

// quizAnswer is one question's right choice: the marked one, or for a
// predict question the stored answer (TestCellOutputs keeps it equal to the
// engine's).
type quizAnswer struct {
	id      string
	line    int
	right   int
	choices []string
}

func quizAnswers(t *testing.T, nb *notebook.Notebook) []quizAnswer {
	var qs []quizAnswer
	for _, c := range nb.CellsOf(notebook.Quiz) {
		q := c.Q
		right := q.Right
		if q.Kind == "predict" {
			right = -1
			ans := strings.TrimSpace(strings.TrimPrefix(c.Output, "answer: "))
			for i, ch := range q.Choices {
				if ch == ans {
					right = i
				}
			}
		}
		if right < 0 {
			t.Errorf("%s:%d: quiz %s has no stored answer among its choices (go test ./lessons/... -update)", nb.Name, c.Line, q.ID)
			continue
		}
		qs = append(qs, quizAnswer{q.ID, c.Line, right, q.Choices})
	}
	return qs
}

// longest reports whether choice i is strictly longer than every other.
func longest(choices []string, i int) bool {
	for j, ch := range choices {
		if j != i && utf8.RuneCountInString(ch) >= utf8.RuneCountInString(choices[i]) {
			return false
		}
	}
	return true
}

// A lesson's quiz must not be answerable by a pattern: across its
// questions the right answer's position is balanced (no position holds it
// more than once above its fair share, n/k rounded up, for n questions of
// k choices on average), and the right answer is the strictly longest
// choice no more often than chance would make it (the sum of 1/k over the
// questions, rounded up). Messages name the questions.
func TestQuizBalance(t *testing.T) {
	for _, nb := range notebooks(t) {
		t.Run(nb.Lesson.Dir, func(t *testing.T) {
			qs := quizAnswers(t, nb)
			if len(qs) == 0 {
				return
			}
			at := map[int][]string{}
			var longIDs []string
			chance, choices := 0.0, 0
			for _, q := range qs {
				at[q.right] = append(at[q.right], q.id)
				chance += 1 / float64(len(q.choices))
				choices += len(q.choices)
				if longest(q.choices, q.right) {
					longIDs = append(longIDs, fmt.Sprintf("%s (line %d)", q.id, q.line))
				}
			}
			k := float64(choices) / float64(len(qs))
			fair := int(float64(len(qs))/k+0.999999) + 1
			for pos, ids := range at {
				if len(ids) > fair {
					reportPending(t, nb.Lesson.Dir, fmt.Sprintf("%s: the right answer is choice %c in %d of %d questions (%s); at most %d: move some",
						nb.Name, 'a'+pos, len(ids), len(qs), strings.Join(ids, ", "), fair))
				}
			}
			if limit := int(chance + 0.999999); len(longIDs) > limit {
				reportPending(t, nb.Lesson.Dir, fmt.Sprintf("%s: the right answer is the longest choice in %d of %d questions (%s); chance makes it %.1f, so at most %d: lengthen the distractors or shorten the answer",
					nb.Name, len(longIDs), len(qs), strings.Join(longIDs, ", "), chance, limit))
			}
		})
	}
}
