package cli

import (
	"os"
	"testing"
)

// The bytes a terminal sends in raw mode, read as the reader's keys: one
// key each, no Enter; a section's number jumps as soon as no further
// digit could make a section.
func TestDecodeKeys(t *testing.T) {
	for _, c := range []struct {
		in       string
		sections int
		want     key
	}{
		{"q", 12, key{kind: keyQuit}},
		{"\x03", 12, key{kind: keyQuit}}, // Ctrl-C: raw mode makes it a byte
		{"\x04", 12, key{kind: keyQuit}},
		{" ", 12, key{kind: keyGo}},
		{"\r", 12, key{kind: keyGo}},
		{"s", 12, key{kind: keySkip}},
		{"n", 12, key{kind: keyNext}},
		{"b", 12, key{kind: keyBack}},
		{"?", 12, key{kind: keyHelp}},
		{"x", 12, key{kind: keyHelp}},
		{"\x1b[B", 12, key{kind: keyGo}},    // down
		{"\x1b[6~", 12, key{kind: keyGo}},   // Page Down
		{"\x1b[A", 12, key{kind: keyBack}},  // up
		{"\x1b[Hq", 12, key{kind: keyQuit}}, // Home is no key of the reader's
		{"9", 12, key{kind: keyJump, section: 9}},
		{"1\r", 12, key{kind: keyJump, section: 1}},
		{"12", 12, key{kind: keyJump, section: 12}},
		{"13\r", 12, key{kind: keyJump, section: 1}}, // 13 is no section: the 3 is not taken
		{"1\x7f\x7fn", 12, key{kind: keyNext}},       // Backspace gives the number up
		{"3", 3, key{kind: keyJump, section: 3}},
		{"4", 3, key{kind: keyHelp}},
		{"", 3, key{kind: keyEOF}},
	} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		w.WriteString(c.in)
		w.Close()
		echo, _ := os.Open(os.DevNull)
		if got := (rawKeys{in: r, echo: echo}).decode(c.sections); got != c.want {
			t.Errorf("%q with %d sections: %+v, want %+v", c.in, c.sections, got, c.want)
		}
		r.Close()
		echo.Close()
	}
}

// Lines, as a script gives them.
func TestParseKeyLine(t *testing.T) {
	for line, want := range map[string]key{
		"": {kind: keyGo}, "q": {kind: keyQuit}, "s": {kind: keySkip}, "n": {kind: keyNext},
		"b": {kind: keyBack}, "?": {kind: keyHelp}, "2": {kind: keyJump, section: 2}, "9": {kind: keyHelp},
	} {
		if got := parseKeyLine(line, 3); got != want {
			t.Errorf("%q: %+v, want %+v", line, got, want)
		}
	}
}
