package cli

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gmplab/gmplab/notebook"
)

// On a colour terminal 100 columns wide, no line of any lesson's prose, quiz or guide is
// wider than the terminal (the dark style pads inline code with spaces):
// a wider one would wrap there a second time.
func TestLessonProseFitsTheTerminal(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	const width = 100
	for _, style := range []string{"dark", "light"} {
		t.Setenv("GLAMOUR_STYLE", style)
		for _, n := range []string{"0", "1", "2", "3", "4", "5", "6", "7", "8"} {
			nb, err := loadLesson(n)
			if err != nil {
				t.Fatal(err)
			}
			r, err := newReader(nb, nil, true, width, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range nb.Parts {
				text := r.markdown(p.Markdown)
				if p.Cell != nil {
					if p.Cell.Kind != notebook.Quiz && p.Cell.Kind != notebook.Guide {
						continue // commands and outputs: output() wraps them
					}
					text = r.cellHead(p.Cell)
				}
				for _, l := range strings.Split(text, "\n") {
					if w := utf8.RuneCountInString(stripANSI(l)); w > width {
						t.Errorf("lesson %s: a line of %d columns: %q", n, w, stripANSI(l))
					}
				}
			}
		}
	}
}
