package terminal

import (
	"bytes"
	"strings"
	"testing"
)

// A line of any length gets an error and the REPL goes on (bufio.Scanner
// ended the session on a line past its buffer).
func TestLongLinesAreRefusedNotFatal(t *testing.T) {
	var out bytes.Buffer
	term := newTerm(t, &out)
	huge := "print " + strings.Repeat("(", 3<<20) + "\n"
	long := "print " + strings.Repeat("!", maxLine/2) + "true\n"
	deep := "print " + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200) + "\n"
	in := huge + long + deep + "when\n"
	if err := term.RunPlain(strings.NewReader(in)); err != nil {
		t.Fatalf("RunPlain: %v", err)
	}
	got := out.String()
	for _, want := range []string{
		"the line is 3145735 bytes long: the most is 65536; it was not run\n",
		"the expression is 32772 bytes long: the most is 4096\n",
		"the expression is nested more than 64 deep\n",
		"event 0 (the start)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%.600s", want, got)
		}
	}
	out.Reset()
	term.Exec(huge)
	if !strings.Contains(out.String(), "bytes long: the most is 65536") {
		t.Errorf("Exec of a huge line: %q", out.String())
	}
}
