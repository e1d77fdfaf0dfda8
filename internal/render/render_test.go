package render

import (
	"regexp"
	"strings"
	"testing"
)

// ansiSeq matches an ANSI escape sequence.
var ansiSeq = regexp.MustCompile("\x1b\\[[0-9;]*[a-zA-Z]")

// In the dark and light styles a code span stays with the punctuation
// around it: the renderer does not end a line with "(" before a span, nor
// begin one with the "," or ")" after it, though the styles pad the span
// with spaces.
func TestCodeSpanKeepsItsPunctuation(t *testing.T) {
	const md = "the field (`npidle`), then (`status`, `schedtick`, `syscalltick`), its M, and (`runqsize`)."
	for _, style := range []string{"dark", "light"} {
		for wrap := 16; wrap <= 40; wrap++ {
			r, err := Markdown(style, wrap)
			if err != nil {
				t.Fatal(err)
			}
			out, err := r(md)
			if err != nil {
				t.Fatal(err)
			}
			plain := ansiSeq.ReplaceAllString(out, "")
			if strings.Contains(plain, codePad) {
				t.Fatalf("%s at %d: the padding's stand-in is left in:\n%s", style, wrap, plain)
			}
			for _, l := range strings.Split(plain, "\n") {
				l = strings.TrimSpace(l)
				if strings.HasSuffix(l, "(") || strings.HasPrefix(l, ",") || strings.HasPrefix(l, ")") {
					t.Errorf("%s at %d columns: a span apart from its punctuation:\n%s", style, wrap, plain)
					break
				}
			}
			if !strings.Contains(plain, " npidle ") {
				t.Errorf("%s at %d columns: the span is not padded:\n%s", style, wrap, plain)
			}
		}
	}
}
