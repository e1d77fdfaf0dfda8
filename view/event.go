// Package view turns the simulated runtime's events and snapshots into text,
// JSON lines, Chrome trace files and indented JSON. It is the one place that
// formats them: golden files, lessons, the debugger's stop line, the
// checker's diffs and `gmplab run` all print an event through FormatEvent, so
// a line a learner reads in a lesson is the line the debugger shows and the
// line a test compares.
//
// An event is a line with the columns seq, time, M, P, G, kind and details,
// 86 columns wide, and the sentence that says why on the lines below it,
// indented and wrapped to fit 100 columns:
//
//	2    0.000150ms  M0    P0    G2     newproc        by G1 at 9:3
//	                 go statement: G2 created (stack 2048 B) and put in P0's runnext
//
// With Text.Wide the why follows on the same line, one line per event, for
// grep and wide windows. Without Ps (the GM model) the P column is left out.
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
	"time"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
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
	// lineWidth is the terminal width the why lines are wrapped to.
	lineWidth = 100
)

// Text is a style of text lines.
type Text struct {
	// Wide puts the why on the event's line (one line per event).
	Wide bool
	// NoPs leaves out the P column: the GM model has no Ps.
	NoPs bool
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
	b = appendPadLeft(b, AppendTime(t.num(), ev.T), timeWidth)
	b = append(b, "  "...)
	b = appendPadRight(b, appendID(t.num(), 'M', int64(ev.M)), mWidth)
	b = append(b, ' ')
	if !t.NoPs {
		b = appendPadRight(b, appendID(t.num(), 'P', int64(ev.P)), pWidth)
		b = append(b, ' ')
	}
	b = appendPadRight(b, appendID(t.num(), 'G', ev.G), gWidth)
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
	if ev.Why == "" {
		return b
	}
	if t.Wide {
		for i := runeLen(b[detailsStart:]); i < detailsWidth; i++ {
			b = append(b, ' ')
		}
		b = append(b, "  "...)
		return append(b, ev.Why...)
	}
	return appendWrapped(b, ev.Why)
}

// Details is the details column of ev's line in this style.
func (t Text) Details(ev runtime.Event) string { return string(t.appendDetails(nil, ev)) }

func (t Text) appendDetails(b []byte, ev runtime.Event) []byte {
	switch {
	case t.NoPs && ev.Kind == runtime.EvExecute: // schedtick is a P's
		return b
	case t.NoPs && ev.Kind == runtime.EvTimer: // not whose heap held it
		return AppendTime(append(b, "due "...), ev.Arg2)
	}
	return appendDetails(b, ev)
}

// num is a scratch buffer for a number (on the stack).
func (Text) num() []byte { return make([]byte, 0, 24) }

// appendWrapped appends why on lines of its own, indented by whyIndent and
// wrapped at spaces to lineWidth columns (a word longer than a line is
// not cut).
func appendWrapped(b []byte, why string) []byte {
	const room = lineWidth - whyIndent
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
	b = append(b, "details"...)
	return string(appendWrapped(b, "why"))
}

// FormatTime formats a virtual time in ns as milliseconds with six
// decimals: 150 → "0.000150ms", 10e6 → "10.000000ms".
func FormatTime(ns int64) string { return string(AppendTime(nil, ns)) }

// AppendTime appends FormatTime(ns) to b.
func AppendTime(b []byte, ns int64) []byte {
	if ns < 0 {
		b = append(b, '-')
		ns = -ns
	}
	b = strconv.AppendInt(b, ns/1e6, 10)
	b = append(b, '.')
	frac := ns % 1e6
	for d := int64(100000); d > 1 && frac < d; d /= 10 {
		b = append(b, '0')
	}
	b = strconv.AppendInt(b, frac, 10)
	return append(b, "ms"...)
}

// Details says what an event's arguments mean for its kind, in a few
// words. It is the "details" column of FormatEvent. The comments on the
// EvKind constants in runtime/event.go are the contract; for the kinds they
// leave open, the meaning is the engine's use of them: entersyscall's Arg1
// is the syscall's duration, preemptone's Arg1 says a signal was sent and
// Arg2 how long the slice ran, asyncPreempt's Arg1 the sim.Work left,
// retake's Arg1 the M that was in the syscall, timer's Arg1 the P whose
// heap held it and Arg2 when it was due, netpollblock's Arg1 the
// connection and Arg2 when it becomes ready, and sysmon's Arg1 is -1 for a
// deep sleep.
func Details(ev runtime.Event) string { return string(appendDetails(nil, ev)) }

// appendDetails appends Details(ev) to b.
func appendDetails(b []byte, ev runtime.Event) []byte {
	a1, a2 := ev.Arg1, ev.Arg2
	switch ev.Kind {
	case runtime.EvNewproc:
		b = appendID(append(b, "by "...), 'G', a1)
		return appendAt(b, ev.Pos)
	case runtime.EvRunqput:
		if a1 == 1 {
			return append(b, "into runnext"...)
		}
		return append(b, "into the ring's tail"...)
	case runtime.EvRunqputslow:
		return append(appendN(b, a1, "G", "Gs"), " to the global tail"...)
	case runtime.EvGlobrunqput:
		return append(b, "to the global tail"...)
	case runtime.EvRunqget:
		if a1 == 1 {
			return append(b, "from runnext (inheritTime)"...)
		}
		return append(b, "from the ring's head"...)
	case runtime.EvGlobrunqget:
		if a2 == 1 {
			return append(b, "1 by the schedtick%61 rule"...)
		}
		b = strconv.AppendInt(append(b, "batch of "...), a1, 10)
		return append(b, " from global"...)
	case runtime.EvRunqsteal:
		b = strconv.AppendInt(append(b, "stole "...), a1, 10)
		return appendID(append(b, " from "...), 'P', a2)
	case runtime.EvExecute:
		b = strconv.AppendInt(append(b, "schedtick="...), a2, 10)
		if a1 == 1 {
			b = append(b, " inheritTime"...)
		}
		return b
	case runtime.EvGopark:
		if a1 == 0 && ev.Text != "" {
			return appendAt(append(b, ev.Text...), ev.Pos) // a reason the simulator has no code for (gmplab real)
		}
		return appendAt(append(b, WaitReason(a1)...), ev.Pos)
	case runtime.EvGoready:
		return append(b, "made runnable"...)
	case runtime.EvGosched:
		return append(b, "to the global tail"...)
	case runtime.EvGoexit0:
		return append(b, "dead"...)
	case runtime.EvNewstack:
		b = strconv.AppendInt(b, a1, 10)
		b = strconv.AppendInt(append(b, " → "...), a2, 10)
		return append(b, " bytes"...)
	case runtime.EvStartm:
		b = appendID(b, 'M', a1)
		if a2 == 1 {
			b = append(b, " spinning"...)
		}
		return b
	case runtime.EvNewm:
		return append(appendID(b, 'M', a1), " created"...)
	case runtime.EvSpinning:
		return strconv.AppendInt(append(b, "nmspinning="...), a1, 10)
	case runtime.EvExitsyscall:
		switch a1 {
		case 0:
			return append(b, "fast path (kept its P)"...)
		case 1:
			return append(b, "took its old P back"...)
		case 2:
			return append(b, "took an idle P"...)
		case 3:
			return append(b, "no P: G to the global queue"...)
		}
	case runtime.EvHandoffp:
		return strconv.AppendInt(append(b, "step "...), a1, 10)
	case runtime.EvSysmon:
		if a1 < 0 {
			return append(b, "deep sleep"...)
		}
		return append(strconv.AppendInt(append(b, "delay "...), a1, 10), "µs"...)
	case runtime.EvEntersyscall:
		if a1 > 0 {
			return append(append(b, "for "...), time.Duration(a1).String()...)
		}
	case runtime.EvPreemptone:
		b = append(append(b, "ran "...), time.Duration(a2).String()...)
		if a1 == 1 {
			b = append(b, ", SIGURG sent"...)
		}
		return b
	case runtime.EvAsyncPreempt:
		if a1 > 0 {
			return append(append(b, time.Duration(a1).String()...), " of work left"...)
		}
		if a1 == 0 && a2 == 0 {
			return b
		}
	case runtime.EvRetake:
		return appendID(append(b, "from "...), 'M', a1)
	case runtime.EvTimer:
		b = AppendTime(append(b, "due "...), a2)
		if a1 != int64(ev.P) {
			b = appendID(append(b, " on "...), 'P', a1)
		}
		return b
	case runtime.EvNetpollBlock:
		b = strconv.AppendInt(append(b, "conn "...), a1, 10)
		return AppendTime(append(b, " ready at "...), a2)
	case runtime.EvNetpoll:
		return append(appendN(b, a1, "G", "Gs"), " ready"...)
	case runtime.EvInjectglist:
		return append(appendN(b, a1, "G", "Gs"), " made runnable"...)
	case runtime.EvGoyield:
		return append(b, "to the ring's tail"...)
	case runtime.EvStopTheWorld:
		return append(appendN(append(append(b, ev.Text...), ": "...), a1, "P", "Ps"), " stopped"...)
	case runtime.EvProcresize:
		return strconv.AppendInt(append(strconv.AppendInt(append(b, "GOMAXPROCS "...), a1, 10), " → "...), a2, 10)
	case runtime.EvLock:
		return append(strconv.AppendInt(append(b, "waited "...), a1, 10), "ns"...)
	case runtime.EvGoexit:
		return appendAt(append(b, "runtime.Goexit"...), ev.Pos)
	case runtime.EvLockOSThread, runtime.EvUnlockOSThread:
		return appendAt(strconv.AppendInt(append(b, "count "...), a1, 10), ev.Pos)
	case runtime.EvStartlockedm:
		return appendID(append(b, "P to "...), 'M', a1)
	case runtime.EvMexit:
		return append(b, "thread exits"...)
	case runtime.EvBreakpoint:
		if ev.Pos.Line <= 0 {
			return b
		}
		return appendLineCol(b, ev.Pos)
	case runtime.EvPrint:
		if a1 == 1 {
			b = append(b, "stderr "...)
		} else {
			b = append(b, "stdout "...)
		}
		return strconv.AppendQuote(b, ev.Text)
	case runtime.EvSchedtrace:
		return append(b, strings.TrimSuffix(ev.Text, "\n")...)
	case runtime.EvExit:
		return strconv.AppendInt(append(b, "code "...), a1, 10)
	case runtime.EvFindRunnable, runtime.EvWakep, runtime.EvStopm, runtime.EvAcquirep,
		runtime.EvReleasep, runtime.EvPreempted:
		if a1 == 0 && a2 == 0 && ev.Text == "" {
			return b
		}
	}
	// A kind whose arguments have no documented meaning, or one the engine
	// used in an unexpected way: show them raw rather than hide them.
	sep := false
	if a1 != 0 || a2 != 0 {
		b = strconv.AppendInt(append(b, "arg1="...), a1, 10)
		sep = true
	}
	if a2 != 0 {
		b = strconv.AppendInt(append(b, " arg2="...), a2, 10)
	}
	if ev.Text != "" {
		if sep {
			b = append(b, ' ')
		}
		b = strconv.AppendQuote(b, ev.Text)
	}
	return b
}

// waitReasons are the runtime's waitReasonStrings (runtime/runtime2.go in
// this repository, itself runtime2.go's), indexed by EvGopark's Arg1. The
// engine keeps them unexported, so this is a copy: keep it in step.
var waitReasons = [...]string{
	0:  "",
	1:  "chan receive",
	2:  "chan send",
	3:  "chan receive (nil chan)",
	4:  "chan send (nil chan)",
	5:  "select",
	6:  "select (no cases)",
	7:  "sleep",
	8:  "sync.WaitGroup.Wait",
	9:  "sync.Mutex.Lock",
	10: "IO wait",
	11: "force gc (idle)",
	12: "GC sweep wait",
	13: "GC scavenge wait",
	14: "finalizer wait",
	15: "GOMAXPROCS updater (idle)",
	16: "sync.RWMutex.RLock",
	17: "sync.RWMutex.Lock",
	18: "sync.Cond.Wait",
}

// WaitReason names the wait reason number carried by EvGopark.
func WaitReason(r int64) string {
	if r > 0 && r < int64(len(waitReasons)) {
		return waitReasons[r]
	}
	return "waitReason(" + strconv.FormatInt(r, 10) + ")"
}

// appendAt appends " at line:col", or nothing without a position.
func appendAt(b []byte, pos vm.Pos) []byte {
	if pos.Line <= 0 {
		return b
	}
	return appendLineCol(append(b, " at "...), pos)
}

func appendLineCol(b []byte, pos vm.Pos) []byte {
	b = strconv.AppendInt(b, int64(pos.Line), 10)
	return strconv.AppendInt(append(b, ':'), int64(pos.Col), 10)
}

func appendN(b []byte, v int64, one, many string) []byte {
	b = strconv.AppendInt(b, v, 10)
	b = append(b, ' ')
	if v == 1 {
		return append(b, one...)
	}
	return append(b, many...)
}

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

func appendID(b []byte, prefix byte, v int64) []byte {
	b = append(b, prefix)
	if v < 0 {
		return append(b, '-')
	}
	return strconv.AppendInt(b, v, 10)
}

func id(prefix string, v int64) string {
	if v < 0 {
		return prefix + "-"
	}
	return prefix + strconv.FormatInt(v, 10)
}
