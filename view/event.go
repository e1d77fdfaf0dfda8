// Package view turns the simulated runtime's events and snapshots into text,
// JSON lines, Chrome trace files and indented JSON. It is the one place that
// formats them: golden files, lessons, the debugger's stop line, the
// checker's diffs and `gmplab run` all print an event through FormatEvent, so
// a line a learner reads in a lesson is the line the debugger shows and the
// line a test compares.
//
// A text line has the columns seq, time, M, P, G, kind, details and why:
//
//	 2    0.000150ms  M0    P0    G2     newproc        by G1 at 9:3                    go statement: G2 created …
//	40    1.234567ms  M0    P0    G1     gopark         sync.WaitGroup.Wait at 14:9
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
)

// FormatEvent formats ev as one line (no trailing newline): sequence
// number, virtual time, M, P and G ("-" when not involved), the kind (the
// runtime function's name), what the event's arguments mean for that kind,
// and the sentence that says why, when the run was made with Config.Why.
func FormatEvent(ev runtime.Event) string {
	var b strings.Builder
	b.Grow(128 + len(ev.Why) + len(ev.Text))
	padLeft(&b, strconv.FormatInt(ev.Seq, 10), seqWidth)
	b.WriteByte(' ')
	padLeft(&b, FormatTime(ev.T), timeWidth)
	b.WriteString("  ")
	padRight(&b, id("M", int64(ev.M)), mWidth)
	b.WriteByte(' ')
	padRight(&b, id("P", int64(ev.P)), pWidth)
	b.WriteByte(' ')
	padRight(&b, id("G", ev.G), gWidth)
	b.WriteByte(' ')
	details := Details(ev)
	if details == "" && ev.Why == "" {
		b.WriteString(ev.Kind.String())
		return b.String()
	}
	padRight(&b, ev.Kind.String(), kindWidth)
	b.WriteByte(' ')
	if ev.Why == "" {
		b.WriteString(details)
		return b.String()
	}
	padRight(&b, details, detailsWidth)
	b.WriteString("  ")
	b.WriteString(ev.Why)
	return b.String()
}

// Header is the line of column names that goes above lines of
// FormatEvent, aligned with them.
func Header() string {
	var b strings.Builder
	padLeft(&b, "seq", seqWidth)
	b.WriteByte(' ')
	padLeft(&b, "time", timeWidth)
	b.WriteString("  ")
	padRight(&b, "M", mWidth)
	b.WriteByte(' ')
	padRight(&b, "P", pWidth)
	b.WriteByte(' ')
	padRight(&b, "G", gWidth)
	b.WriteByte(' ')
	padRight(&b, "kind", kindWidth)
	b.WriteByte(' ')
	padRight(&b, "details", detailsWidth)
	b.WriteString("  why")
	return b.String()
}

// FormatTime formats a virtual time in ns as milliseconds with six
// decimals: 150 → "0.000150ms", 10e6 → "10.000000ms".
func FormatTime(ns int64) string {
	neg := ns < 0
	if neg {
		ns = -ns
	}
	frac := strconv.FormatInt(ns%1e6, 10)
	s := strconv.FormatInt(ns/1e6, 10) + "." + strings.Repeat("0", 6-len(frac)) + frac + "ms"
	if neg {
		s = "-" + s
	}
	return s
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
func Details(ev runtime.Event) string {
	a1, a2 := ev.Arg1, ev.Arg2
	switch ev.Kind {
	case runtime.EvNewproc:
		return "by " + id("G", a1) + at(ev.Pos)
	case runtime.EvRunqput:
		if a1 == 1 {
			return "into runnext"
		}
		return "into the ring's tail"
	case runtime.EvRunqputslow:
		return n(a1, "G", "Gs") + " to the global tail"
	case runtime.EvGlobrunqput:
		return "to the global tail"
	case runtime.EvRunqget:
		if a1 == 1 {
			return "from runnext (inheritTime)"
		}
		return "from the ring's head"
	case runtime.EvGlobrunqget:
		if a2 == 1 {
			return "1 by the schedtick%61 rule"
		}
		return "batch of " + strconv.FormatInt(a1, 10) + " from global"
	case runtime.EvRunqsteal:
		return "stole " + strconv.FormatInt(a1, 10) + " from " + id("P", a2)
	case runtime.EvExecute:
		s := "schedtick=" + strconv.FormatInt(a2, 10)
		if a1 == 1 {
			s += " inheritTime"
		}
		return s
	case runtime.EvGopark:
		if a1 == 0 && ev.Text != "" {
			return ev.Text + at(ev.Pos) // a reason the simulator has no code for (gmplab real)
		}
		return WaitReason(a1) + at(ev.Pos)
	case runtime.EvGoready:
		return "made runnable"
	case runtime.EvGosched:
		return "to the global tail"
	case runtime.EvGoexit0:
		return "dead"
	case runtime.EvNewstack:
		return strconv.FormatInt(a1, 10) + " → " + strconv.FormatInt(a2, 10) + " bytes"
	case runtime.EvStartm:
		s := id("M", a1)
		if a2 == 1 {
			s += " spinning"
		}
		return s
	case runtime.EvNewm:
		return id("M", a1) + " created"
	case runtime.EvSpinning:
		return "nmspinning=" + strconv.FormatInt(a1, 10)
	case runtime.EvExitsyscall:
		switch a1 {
		case 0:
			return "fast path (kept its P)"
		case 1:
			return "took its old P back"
		case 2:
			return "took an idle P"
		case 3:
			return "no P: G to the global queue"
		}
	case runtime.EvHandoffp:
		return "step " + strconv.FormatInt(a1, 10)
	case runtime.EvSysmon:
		if a1 < 0 {
			return "deep sleep"
		}
		return "delay " + strconv.FormatInt(a1, 10) + "µs"
	case runtime.EvEntersyscall:
		if a1 > 0 {
			return "for " + time.Duration(a1).String()
		}
	case runtime.EvPreemptone:
		s := "ran " + time.Duration(a2).String()
		if a1 == 1 {
			s += ", SIGURG sent"
		}
		return s
	case runtime.EvAsyncPreempt:
		if a1 > 0 {
			return time.Duration(a1).String() + " of work left"
		}
		if a1 == 0 && a2 == 0 {
			return ""
		}
	case runtime.EvRetake:
		return "from " + id("M", a1)
	case runtime.EvTimer:
		s := "due " + FormatTime(a2)
		if a1 != int64(ev.P) {
			s += " on " + id("P", a1)
		}
		return s
	case runtime.EvNetpollBlock:
		return "conn " + strconv.FormatInt(a1, 10) + " ready at " + FormatTime(a2)
	case runtime.EvNetpoll:
		return n(a1, "G", "Gs") + " ready"
	case runtime.EvInjectglist:
		return n(a1, "G", "Gs") + " made runnable"
	case runtime.EvLock:
		return "waited " + strconv.FormatInt(a1, 10) + "ns"
	case runtime.EvBreakpoint:
		return strings.TrimPrefix(at(ev.Pos), " ")
	case runtime.EvPrint:
		stream := "stdout "
		if a1 == 1 {
			stream = "stderr "
		}
		return stream + strconv.Quote(ev.Text)
	case runtime.EvSchedtrace:
		return strings.TrimSuffix(ev.Text, "\n")
	case runtime.EvExit:
		return "code " + strconv.FormatInt(a1, 10)
	case runtime.EvFindRunnable, runtime.EvWakep, runtime.EvStopm, runtime.EvAcquirep,
		runtime.EvReleasep, runtime.EvPreempted:
		if a1 == 0 && a2 == 0 && ev.Text == "" {
			return ""
		}
	}
	// A kind whose arguments have no documented meaning, or one the engine
	// used in an unexpected way: show them raw rather than hide them.
	var parts []string
	if a1 != 0 || a2 != 0 {
		parts = append(parts, "arg1="+strconv.FormatInt(a1, 10))
	}
	if a2 != 0 {
		parts = append(parts, "arg2="+strconv.FormatInt(a2, 10))
	}
	if ev.Text != "" {
		parts = append(parts, strconv.Quote(ev.Text))
	}
	return strings.Join(parts, " ")
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
}

// WaitReason names the wait reason number carried by EvGopark.
func WaitReason(r int64) string {
	if r > 0 && r < int64(len(waitReasons)) {
		return waitReasons[r]
	}
	return "waitReason(" + strconv.FormatInt(r, 10) + ")"
}

func at(pos runtime.Pos) string {
	if pos.Line <= 0 {
		return ""
	}
	return " at " + strconv.Itoa(int(pos.Line)) + ":" + strconv.Itoa(int(pos.Col))
}

func id(prefix string, v int64) string {
	if v < 0 {
		return prefix + "-"
	}
	return prefix + strconv.FormatInt(v, 10)
}

func n(v int64, one, many string) string {
	if v == 1 {
		return "1 " + one
	}
	return strconv.FormatInt(v, 10) + " " + many
}

// runeLen counts what a terminal shows as one column each (the details
// contain "→" and "µ").
func runeLen(s string) int {
	l := 0
	for range s {
		l++
	}
	return l
}

func padLeft(b *strings.Builder, s string, w int) {
	for i := runeLen(s); i < w; i++ {
		b.WriteByte(' ')
	}
	b.WriteString(s)
}

func padRight(b *strings.Builder, s string, w int) {
	b.WriteString(s)
	for i := runeLen(s); i < w; i++ {
		b.WriteByte(' ')
	}
}
