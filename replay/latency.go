package replay

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/view"
)

// The latency lens: why a goroutine waited between becoming runnable and
// running (the trace's "scheduler wait", which go tool trace measures and
// golang/go#63430 asks it to explain).
//
// The wait is replayed event by event; the time between two events goes
// to one cause, decided by the model's state in that interval:
//
//   - a stop-the-world in progress (the GC, GOMAXPROCS): nothing runs;
//   - the P the model has the G queued on (runnext or ring) runs another G:
//     the G waits behind the Gs running on that P (one cause per P: who
//     ran meanwhile names them, by their time), or behind the GC's mark
//     workers on it, or behind a G in a system call that holds the P;
//   - the G is on the global queue or in no queue the model knows, and
//     every P is busy: it waits for any P to look for work ("all Ps busy");
//   - a P is idle while the G waits: the runtime is waking an M or an M is
//     spinning toward the G (wakep, startm, stealing: the 3 µs back-off
//     of runqgrab for a runnext), which is how long a wake-up takes.
//
// What happened on the way is listed too: sysmon preempting the G that
// held the P (after 10 ms: forcePreemptNS), a P taken back from a system
// call (retake), GC phases. The causes are the model's: the queues are
// inferred, so "behind the Gs running on P0" says where the model had the G.

// Latency is one wait, explained.
type Latency struct {
	G          int64
	From, To   int64 // ns: runnable at From, ran at To (or still waiting at To)
	FromEvent  int64 // the events that began and ended it
	ToEvent    int64
	Ongoing    bool // it still waits at ToEvent
	Partial    bool // it was runnable when the trace began
	ReadiedBy  int64
	ReadiedOn  int32
	RanOn      int32 // the P it ran on (-1 while ongoing)
	Source     string
	Causes     []Cause
	Ran        []Ran    // who ran on each P meanwhile, longest first
	Happenings []string // what happened on the way that the causes name
}

// Cause is a share of a wait.
type Cause struct {
	What string
	NS   int64
}

// Ran is one G running on one P during a wait.
type Ran struct {
	P  int32
	G  int64
	NS int64
}

// Waited is the wait of G that ended last at or before event pos, or the
// one it is in at pos.
func (t *Trace) Waited(g int64, pos int64) (*Latency, error) {
	md, _ := t.stateAt(pos)
	gi := md.lookup(g)
	if gi == nil {
		return nil, fmt.Errorf("no goroutine G%d at event %d (goroutines lists them)", g, pos)
	}
	switch {
	case gi.status == gRunnable:
		return t.explainWait(g, gi.sinceRec, pos, true, gi.partial)
	case gi.waitToRec > 0:
		return t.explainWait(g, gi.waitFromRec, gi.waitToRec, false, gi.waitPartial)
	}
	return nil, fmt.Errorf("G%d has not waited to run yet at event %d: it never went from runnable to running in the trace so far", g, pos)
}

// explainWait replays events from+1..to for G's wait.
func (t *Trace) explainWait(g, from, to int64, ongoing, partial bool) (*Latency, error) {
	md, c := t.stateAt(from)
	gi := md.lookup(g)
	l := &Latency{G: g, FromEvent: from, ToEvent: to, Ongoing: ongoing, Partial: partial, ReadiedBy: -1, ReadiedOn: -1, RanOn: -1}
	if gi != nil {
		l.From, l.ReadiedBy, l.ReadiedOn = gi.since, gi.readyBy, gi.readyP
	}
	causes := map[string]int64{}
	ran := map[[2]int64]int64{}
	prev := l.From
	var r record
	for c.i < to && c.next(&r) {
		if dt := r.t - prev; dt > 0 {
			md.attribute(t, g, dt, causes, ran)
		}
		prev = r.t
		out := md.apply(t, &r, c.i)
		l.Happenings = append(l.Happenings, md.happening(t, g, &r, &out)...)
		if r.kind == rGoStart && r.g == g {
			l.RanOn = r.p
			l.Source = sourceNames[out.src]
			if out.src == srcSteal {
				l.Source += " from P" + strconv.Itoa(int(out.victim))
			}
		}
	}
	l.To = prev
	for k, v := range causes {
		l.Causes = append(l.Causes, Cause{What: k, NS: v})
	}
	slices.SortFunc(l.Causes, func(a, b Cause) int {
		return cmp.Or(cmp.Compare(b.NS, a.NS), cmp.Compare(a.What, b.What))
	})
	for k, v := range ran {
		l.Ran = append(l.Ran, Ran{P: int32(k[0]), G: k[1], NS: v})
	}
	slices.SortFunc(l.Ran, func(a, b Ran) int {
		return cmp.Or(cmp.Compare(b.NS, a.NS), cmp.Compare(a.P, b.P), cmp.Compare(a.G, b.G))
	})
	return l, nil
}

// attribute gives dt ns of G's wait to a cause, from the model's state.
func (md *model) attribute(t *Trace, g int64, dt int64, causes map[string]int64, ran map[[2]int64]int64) {
	busy, idle := 0, 0
	for i := range md.ps {
		if md.gomaxprocs > 0 && int64(i) >= md.gomaxprocs {
			break
		}
		pp := &md.ps[i]
		if pp.g >= 0 {
			busy++
			ran[[2]int64{int64(i), pp.g}] += dt
		} else if pp.status == pIdle {
			idle++
		}
	}
	if md.stw >= 0 {
		causes["stop-the-world ("+t.str(md.stw)+")"] += dt
		return
	}
	gi := md.lookup(g)
	if gi == nil {
		return
	}
	if (gi.where == wRunnext || gi.where == wRunq) && gi.p >= 0 {
		pp := md.p(gi.p)
		if pp.g >= 0 {
			other := md.lookup(pp.g)
			switch {
			case other != nil && other.label >= 0:
				causes[fmt.Sprintf("behind the GC's mark workers on P%d, its queue's P", gi.p)] += dt
			case other != nil && other.status == gSyscall:
				causes[fmt.Sprintf("behind a G in a system call holding P%d, its queue's P (until sysmon retakes it)", gi.p)] += dt
			default:
				causes[fmt.Sprintf("behind the Gs running on P%d, its queue's P (who ran meanwhile lists them)", gi.p)] += dt
			}
			return
		}
		switch {
		case pp.status == pRunning:
			// Its M holds the P in the scheduler (findRunnable,
			// timers) and runs no G: on a busy host the thread may be
			// waiting for a CPU.
			causes[fmt.Sprintf("P%d's M between goroutines, in the scheduler", gi.p)] += dt
			return
		case pp.status == pIdle && idle > 0 && md.stw < 0:
			causes[fmt.Sprintf("P%d idle, its queue not yet taken (an M was being woken)", gi.p)] += dt
			return
		}
	}
	switch {
	case idle > 0:
		causes["a P was idle: an M was being woken or was looking for work (wakep, stealing)"] += dt
	case busy > 0:
		causes["all Ps busy"] += dt
	default:
		causes["no P running and none idle (Ps stopped or not yet seen)"] += dt
	}
}

// happening says what an event does to G's wait, if anything worth a line.
func (md *model) happening(t *Trace, g int64, r *record, out *outcome) []string {
	at := view.FormatTime(r.t)
	switch r.kind {
	case rGoStop:
		if t.str(r.a) == "preempted" {
			return []string{fmt.Sprintf("%s G%d was preempted on P%d (sysmon after 10ms of running, or the GC)", at, r.g, r.p)}
		}
	case rProcSteal:
		if r.a == 0 {
			return []string{fmt.Sprintf("%s sysmon took P%d from a system call (retake)", at, r.p)}
		}
	case rSTWBegin:
		return []string{fmt.Sprintf("%s stop-the-world (%s) began", at, t.str(r.a))}
	case rGCBegin:
		return []string{at + " the GC's mark phase began"}
	case rGCEnd:
		return []string{at + " the GC's mark phase ended"}
	case rGoStart:
		if r.g != g && out.label >= 0 {
			return []string{fmt.Sprintf("%s P%d ran the GC's mark worker G%d (%s)", at, r.p, r.g, t.str(out.label))}
		}
	}
	return nil
}

// Text formats the explanation.
func (l *Latency) Text() string {
	var b strings.Builder
	d := l.To - l.From
	switch {
	case l.Ongoing:
		fmt.Fprintf(&b, "G%d has waited %s so far (runnable since %s, event %d)", l.G, view.FormatTime(d), view.FormatTime(l.From), l.FromEvent)
	default:
		fmt.Fprintf(&b, "G%d waited %s to run (runnable at %s, event %d; ran at %s on P%d, event %d)", l.G, view.FormatTime(d), view.FormatTime(l.From), l.FromEvent, view.FormatTime(l.To), l.RanOn, l.ToEvent)
	}
	b.WriteString("\n")
	if l.Partial {
		b.WriteString("  it was runnable when the trace began: the wait began earlier\n")
	}
	switch {
	case l.ReadiedBy >= 0 && l.ReadiedOn >= 0:
		fmt.Fprintf(&b, "  made runnable by G%d on P%d\n", l.ReadiedBy, l.ReadiedOn)
	case l.ReadiedBy >= 0:
		fmt.Fprintf(&b, "  made runnable by G%d\n", l.ReadiedBy)
	case l.ReadiedOn >= 0:
		fmt.Fprintf(&b, "  made runnable by the scheduler on P%d (a timer, the network poller or the runtime)\n", l.ReadiedOn)
	}
	if l.Source != "" {
		fmt.Fprintf(&b, "  taken by the rule: %s\n", l.Source)
	}
	if d <= 0 {
		b.WriteString("  it ran at once\n")
		return b.String()
	}
	b.WriteString("  where the time went (the model's causes):\n")
	for i, c := range l.Causes {
		if i == maxCauseLines {
			var rest int64
			for _, c := range l.Causes[i:] {
				rest += c.NS
			}
			fmt.Fprintf(&b, "    %12s %4s  %d other causes\n", view.FormatTime(rest), percent(rest, d), len(l.Causes)-i)
			break
		}
		fmt.Fprintf(&b, "    %12s %4s  %s\n", view.FormatTime(c.NS), percent(c.NS, d), c.What)
	}
	if len(l.Ran) > 0 {
		b.WriteString("  who ran meanwhile:\n")
		for i, r := range l.Ran {
			if i == maxRanLines {
				fmt.Fprintf(&b, "    … and %d more\n", len(l.Ran)-i)
				break
			}
			fmt.Fprintf(&b, "    %12s  G%d on P%d\n", view.FormatTime(r.NS), r.G, r.P)
		}
	}
	if len(l.Happenings) > 0 {
		b.WriteString("  on the way:\n")
		for i, h := range l.Happenings {
			if i == maxRanLines {
				fmt.Fprintf(&b, "    … and %d more\n", len(l.Happenings)-i)
				break
			}
			b.WriteString("    " + h + "\n")
		}
	}
	return b.String()
}

const (
	maxRanLines   = 8
	maxCauseLines = 5
)

func percent(part, whole int64) string {
	if whole <= 0 {
		return "-"
	}
	return strconv.FormatInt((part*100+whole/2)/whole, 10) + "%"
}

// WhyWaited explains the selected goroutine's (or g's) last wait to run,
// as of the current event.
func (s *Session) WhyWaited(g int64) (string, error) {
	if g < 0 {
		g = s.selG
	}
	if g < 0 {
		return "", fmt.Errorf("why-waited: which goroutine? why-waited N, or select one with goroutine N")
	}
	l, err := s.t.Waited(g, s.pos)
	if err != nil {
		return "", err
	}
	return l.Text(), nil
}
