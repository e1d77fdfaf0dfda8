// Package view turns the simulated runtime's events and snapshots into text,
// JSON lines, Chrome trace files and indented JSON. It is the one place that
// formats them: golden files, lessons, the debugger's stop line, the
// checker's diffs and `gmplab run` all print an event through FormatEvent, so
// a line a learner reads in a lesson is the line the debugger shows and the
// line a test compares.
//
// An event is a line with the columns seq, time, M, P, G, kind and details,
// 86 columns wide, and the sentence that says why on the lines below it,
// indented and wrapped to fit 100 columns (Text.Width: a terminal's width
// on a terminal):
//
//	2    0.000150ms  M0    P0    G2     newproc        by G1 at 9:3
//	                 go statement: G2 created (stack 2048 B) and put in P0's runnext
//
// Where the details do not fit beside the kind (a terminal of 60 or 80
// columns), they go on a line of their own under it, indented as the why.
//
// With Text.Wide the why follows on the same line, one line per event, for
// grep and wide windows. Without Ps (the GM model) the P column is left out.
// What the details column says for each kind, and how the JSON form names
// its arguments and the Chrome trace and the timeline draw it, is the
// kind's spec (runtime.EvSpec): this package reads it and knows no kind.
//
// Its columns are fixed so that traces line up and diff well; a field wider than
// its column pushes the rest of the line right instead of being cut. The
// time is virtual (nanoseconds since the start of the run) printed in
// milliseconds with all six decimals, because the scheduler's own periods are
// in that range (a 10 ms time slice, sysmon's 20 µs tick) and no digit is
// ever rounded away.
package view

import (
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/runtime"
)

// Column widths of the text line. A longer field widens the line.
const (
	seqWidth     = 6
	timeWidth    = 13
	mWidth       = 5 // "M9999": sched.maxmcount is 10000
	pWidth       = 5 // "P1023": _MaxGomaxprocs is 1024
	gWidth       = 6
	kindWidth    = 14 // "becomeSpinning"
	detailsWidth = 30
	// whyIndent is where the why lines start: under the M column.
	whyIndent = seqWidth + 1 + timeWidth + 2
)

// Text is a style of text lines.
type Text struct {
	// Wide puts the why on the event's line (one line per event).
	Wide bool
	// NoPs leaves out the P column: the GM model has no Ps.
	NoPs bool
	// Width is a terminal's width to lay the lines out for: the why is
	// wrapped to it, and details that would make the first line wider go
	// on lines of their own below it, wrapped as the why. The first
	// line's columns up to the kind take MinWidth-4 columns (50 without
	// Ps), whatever the width. 0 is the fixed form of pipes and golden
	// files: the why wrapped to Width (100) columns, the details always
	// on the first line, whatever their length (a schedtrace line).
	Width int
}

// width is the width t wraps the why to.
func (t Text) width() int {
	if t.Width <= 0 {
		return Width
	}
	return t.Width
}

// FormatEvent formats ev in the default style (Text{}), without a
// trailing newline.
func FormatEvent(ev runtime.Event) string { return Text{}.Format(ev) }

// Header is the default style's column names.
func Header() string { return Text{}.Header() }

// Format formats ev without a trailing newline.
func (t Text) Format(ev runtime.Event) string {
	return string(t.Append(make([]byte, 0, 128+len(ev.Why)+len(ev.Text)), ev))
}

// Append appends ev's lines to b, without a trailing newline: sequence
// number, virtual time, M, P and G ("-" when not involved), the kind (the
// runtime function's name), what the event's arguments mean for that kind,
// and the sentence that says why, when the run was made with Config.Why.
// It allocates nothing for most events, so that text output keeps up with
// the engine.
func (t Text) Append(b []byte, ev runtime.Event) []byte {

	b = appendPadLeft(b, strconv.AppendInt(t.num(), ev.Seq, 10), seqWidth)
	b = append(b, ' ')
	b = appendPadLeft(b, runtime.AppendTime(t.num(), ev.T), timeWidth)
	b = append(b, "  "...)
	b = appendPadRight(b, runtime.AppendID(t.num(), 'M', int64(ev.M)), mWidth)
	b = append(b, ' ')
	if !t.NoPs {
		b = appendPadRight(b, runtime.AppendID(t.num(), 'P', int64(ev.P)), pWidth)
		b = append(b, ' ')
	}
	b = appendPadRight(b, runtime.AppendID(t.num(), 'G', ev.G), gWidth)
	b = append(b, ' ')
	kind := ev.Kind.String()
	kindStart := len(b)
	b = append(b, kind...)
	for i := len(kind); i < kindWidth; i++ {
		b = append(b, ' ')
	}
	b = append(b, ' ')
	detailsStart := len(b)
	b = t.appendDetails(b, ev)
	if len(b) == detailsStart && (ev.Why == "" || !t.Wide) {
		b = b[:kindStart+len(kind)] // no details: no padding at the line's end
	}
	if t.Wide {
		if ev.Why == "" {
			return b
		}
		for i := runeLen(b[detailsStart:]); i < detailsWidth; i++ {
			b = append(b, ' ')
		}
		b = append(b, "  "...)
		return append(b, ev.Why...)
	}
	width := t.width()
	if t.Width > 0 && len(b) > detailsStart && runeLen(b[lineStart(b):]) > width {
		// The details on a line of their own: a terminal narrower than
		// the line.
		details := string(b[detailsStart:])
		b = appendWrapped(b[:kindStart+len(kind)], details, width)
	}
	if ev.Why == "" {
		return b
	}
	return appendWrapped(b, ev.Why, width)
}

// lineStart is where the last line of b starts.
func lineStart(b []byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == '\n' {
			return i + 1
		}
	}
	return 0
}

// Details is the details column of ev's line in this style.
func (t Text) Details(ev runtime.Event) string { return string(t.appendDetails(nil, ev)) }

func (t Text) appendDetails(b []byte, ev runtime.Event) []byte {
	return runtime.AppendDetails(b, ev, t.NoPs)
}

// num is a scratch buffer for a number (on the stack).
func (Text) num() []byte { return make([]byte, 0, 24) }

// appendWrapped appends why on lines of its own, indented by whyIndent and
// wrapped at spaces to width columns (a word longer than a line is not
// cut).
func appendWrapped(b []byte, why string, width int) []byte {
	room := max(width-whyIndent, 16)
	for len(why) > 0 {
		b = append(b, whyBreak...)
		if len(why) <= room { // bytes ≥ columns: it fits
			return append(b, why...)
		}
		if ascii(why[:room+1]) {
			// One column a byte: break at the last space that fits.
			if cut := strings.LastIndexByte(why[:room+1], ' '); cut > 0 {
				b = append(b, why[:cut]...)
				why = why[cut+1:]
				continue
			}
		}
		cut, cols := -1, 0
		for i := 0; i < len(why) && cols <= room; i++ {
			c := why[i]
			if c&0xC0 == 0x80 {
				continue // a continuation byte: same column
			}
			if c == ' ' {
				cut = i
			}
			cols++
		}
		if cols <= room {
			return append(b, why...)
		}
		if cut <= 0 {
			cut = strings.IndexByte(why, ' ')
			if cut < 0 {
				return append(b, why...)
			}
		}
		b = append(b, why[:cut]...)
		why = why[cut+1:]
	}
	return b
}

// ascii reports whether s is all ASCII.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// whyBreak starts a why line: a newline and the indent.
var whyBreak = "\n" + strings.Repeat(" ", whyIndent)

// Header is the line of column names that goes above lines of Format,
// aligned with them; in the default style a second line says where the why
// goes.
func (t Text) Header() string {
	var b []byte
	b = appendPadLeft(b, []byte("seq"), seqWidth)
	b = append(b, ' ')
	b = appendPadLeft(b, []byte("time"), timeWidth)
	b = append(b, "  "...)
	b = appendPadRight(b, []byte("M"), mWidth)
	b = append(b, ' ')
	if !t.NoPs {
		b = appendPadRight(b, []byte("P"), pWidth)
		b = append(b, ' ')
	}
	b = appendPadRight(b, []byte("G"), gWidth)
	b = append(b, ' ')
	b = appendPadRight(b, []byte("kind"), kindWidth)
	b = append(b, ' ')
	if t.Wide {
		b = appendPadRight(b, []byte("details"), detailsWidth)
		return string(append(b, "  why"...))
	}
	if runeLen(b)+len("details") > t.width() {
		b = appendWrapped([]byte(strings.TrimRight(string(b), " ")), "details", t.width())
		return string(appendWrapped(b, "why", t.width()))
	}
	b = append(b, "details"...)
	return string(appendWrapped(b, "why", t.width()))
}

// FormatTime formats a virtual time in ns as milliseconds with six
// decimals: 150 → "0.000150ms", 10e6 → "10.000000ms" (runtime.AppendTime).
func FormatTime(ns int64) string { return string(runtime.AppendTime(nil, ns)) }

// Details says what an event's arguments mean for its kind, in a few
// words: the "details" column of FormatEvent, as the kind's spec prints it
// (runtime.EvSpec.Details).
func Details(ev runtime.Event) string { return string(runtime.AppendDetails(nil, ev, false)) }

// runeLen counts what a terminal shows as one column each (the details
// contain "→" and "µ").
func runeLen[S string | []byte](s S) int {
	l := 0
	for i := 0; i < len(s); i++ {
		if s[i]&0xC0 != 0x80 {
			l++
		}
	}
	return l
}

func appendPadLeft(b, s []byte, w int) []byte {
	for i := runeLen(s); i < w; i++ {
		b = append(b, ' ')
	}
	return append(b, s...)
}

func appendPadRight(b, s []byte, w int) []byte {
	b = append(b, s...)
	for i := runeLen(s); i < w; i++ {
		b = append(b, ' ')
	}
	return b
}

func id(prefix string, v int64) string {
	if v < 0 {
		return prefix + "-"
	}
	return prefix + strconv.FormatInt(v, 10)
}
