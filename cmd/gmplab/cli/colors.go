package cli

import (
	"os"
	"strconv"
	"strings"

	"github.com/muesli/termenv"
)

// Colours follow the terminal's background, as glamour's auto style does,
// with two changes: inside tmux the terminal is asked too (termenv does
// not; tmux 3.3 and later answers for its pane when it knows the pane's
// colours), and a background nobody could tell gets a style readable on
// both (glamour's notty: the layout without colours) rather than the dark
// one, whose text is light grey, 1.5:1 on white.
//
//	NO_COLOR=1        no colour at all (https://no-color.org)
//	GLAMOUR_STYLE=s   the lesson text in glamour's style s (dark, light,
//	                  dracula, tokyo-night, pink, ascii, notty) or a JSON
//	                  style file
//	COLORFGBG=fg;bg   the background, as rxvt and Konsole set it (bg 0-6 and
//	                  8 are dark, 7 and 9-15 light)

// background is what the terminal says of its background.
type background int

const (
	bgUnknown background = iota
	bgDark
	bgLight
)

// terminalBackground asks the terminal f for its background: COLORFGBG,
// else an OSC 11 query (termenv's, answered in milliseconds or not at all:
// the query ends with a cursor report every terminal answers).
func terminalBackground(f *os.File) background {
	if v := os.Getenv("COLORFGBG"); strings.Contains(v, ";") {
		parts := strings.Split(v, ";")
		if n, err := strconv.Atoi(parts[len(parts)-1]); err == nil && n >= 0 && n <= 15 {
			if n == 7 || n >= 9 {
				return bgLight
			}
			return bgDark
		}
	}
	c := termenv.NewOutput(f, termenv.WithEnvironment(tmuxAsks{})).BackgroundColor()
	if _, ok := c.(termenv.RGBColor); !ok {
		return bgUnknown // no answer: termenv's fallback
	}
	if _, _, l := termenv.ConvertToRGB(c).Hsl(); l < 0.5 {
		return bgDark
	}
	return bgLight
}

// tmuxAsks is the environment, with TERM a terminal's inside tmux, so
// that termenv sends its query to tmux.
type tmuxAsks struct{}

func (tmuxAsks) Environ() []string { return os.Environ() }

func (tmuxAsks) Getenv(k string) string {
	v := os.Getenv(k)
	if k == "TERM" && os.Getenv("TMUX") != "" && (strings.HasPrefix(v, "tmux") || strings.HasPrefix(v, "screen")) {
		return "xterm-256color"
	}
	return v
}

// markdownStyle is the lesson text's glamour style on out (a terminal
// when styled): GLAMOUR_STYLE's, else the background's, else notty.
func markdownStyle(out *os.File, styled bool) (style string, bg background) {
	if !styled || noColor() {
		return "notty", bgUnknown
	}
	if s := os.Getenv("GLAMOUR_STYLE"); s != "" {
		switch s {
		case "light":
			return s, bgLight
		case "notty", "ascii":
			return s, bgUnknown
		}
		return s, bgDark
	}
	switch bg = terminalBackground(out); bg {
	case bgDark:
		return "dark", bg
	case bgLight:
		return "light", bg
	}
	return "notty", bg
}
