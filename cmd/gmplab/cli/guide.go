package cli

import (
	"strings"

	"github.com/gmplab/gmplab/notebook"
)

// guideWidth is the width the guide's paragraph is filled to.
const guideWidth = 80

// stepGuide is what gmplab step prints after its banner when it opens a
// lesson by name: the lesson's guide cell (what to look for and commands
// to try), or nothing when the lesson has none or the target is a file;
// width is the terminal's (0: the fixed form).
func stepGuide(tg *stepTarget, width int) string {
	if tg.lesson == nil || !tg.byName {
		return ""
	}
	nb, err := notebook.Load(tg.lesson)
	if err != nil {
		return "" // the lesson's tests report a lesson that does not parse
	}
	g := nb.Guide()
	if g == nil {
		return ""
	}
	var b strings.Builder
	w := guideWidth
	if width > 0 {
		w = min(w, width)
	}
	b.WriteString("\n" + wrap(g.Text, w))
	b.WriteString("Try:\n")
	for _, t := range g.Try {
		b.WriteString("  " + t + "\n")
	}
	b.WriteString("\n")
	return b.String()
}
