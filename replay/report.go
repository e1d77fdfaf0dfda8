package replay

import (
	"fmt"
	"io"
	"strings"

	"github.com/gmplab/gmplab/view"
)

// Banner says what was opened, in a few lines.
func (t *Trace) Banner() string {
	var b strings.Builder
	fmt.Fprintf(&b, "gmplab replay %s (a Go 1.%d execution trace: %d events in %s, %d goroutines seen, %d threads, %d Ps, %d generations)\n",
		t.Name, t.Version, t.recs.n, view.FormatTime(t.recs.last), t.goroutinesSeen(), len(t.threads), t.procs(), t.Generations)
	b.WriteString("The trace records what ran; the run queues are the model's inference (marked inferred), and where the\n" +
		"trace does what the model's rules would not, the why says so (a finding). Going back is exact: the trace\n" +
		"does not change. step takes one event; why-waited N explains a goroutine's wait; help lists the commands.\n")
	if t.Warning != "" {
		b.WriteString("warning: " + t.Warning + "\n")
	}
	return b.String()
}

func (t *Trace) goroutinesSeen() int64 { return t.idx.stats.seen }

func (t *Trace) procs() int { return t.idx.maxPs }

// Report writes what --report prints: the trace in numbers, how often the
// model's rules predicted the G each P started, the findings, and the
// longest waits with their causes.
func (t *Trace) Report(w io.Writer, top int) error {
	var b strings.Builder
	st := t.idx.stats
	fmt.Fprintf(&b, "%s: a Go 1.%d execution trace\n", t.Name, t.Version)
	fmt.Fprintf(&b, "  %d events in %s; %d goroutines seen (%d created in the trace, at most %d alive at once); %d threads; %d Ps; %d GC cycles\n",
		t.recs.n, view.FormatTime(t.recs.last), t.goroutinesSeen(), st.creates, t.idx.maxGs, len(t.threads), t.procs(), st.gcs)
	if t.Warning != "" {
		b.WriteString("  warning: " + t.Warning + "\n")
	}
	var starts int64
	for _, n := range st.starts {
		starts += n
	}
	fmt.Fprintf(&b, "\nWhere each G came from when it started (%d starts), by the model's rules:\n", starts)
	for _, row := range []struct {
		src  source
		what string
	}{
		{srcRunnext, "runqget: the P's runnext"},
		{srcRunq, "runqget: the head of the P's ring"},
		{srcGlobal, "globrunqget: the global queue"},
		{srcSteal, "runqsteal: another P's queue"},
		{srcDirect, "run at once by the M that readied it"},
		{srcSyscall, "back from a system call (exitsyscall)"},
		{srcOutOfOrder, "from the P's queue, out of the model's order (findings)"},
		{srcUnknown, "where the model did not know (runnable when the trace began)"},
	} {
		n := st.starts[row.src]
		if n == 0 {
			continue
		}
		fmt.Fprintf(&b, "  %10d %4s  %s\n", n, percent(n, starts), row.what)
	}
	fmt.Fprintf(&b, "\nFindings (the trace doing what the model's rules would not): %d\n", t.idx.nFinding)
	counts := map[findingCode]int64{}
	for _, f := range t.idx.findings {
		counts[f.f.code]++
	}
	for code := fNotFirst; code <= fIdleWithWork; code++ {
		if counts[code] > 0 {
			fmt.Fprintf(&b, "  %d %s", counts[code], findingNames[code])
			for _, f := range t.idx.findings {
				if f.f.code == code {
					fmt.Fprintf(&b, " (first at event %d)", f.rec)
					break
				}
			}
			b.WriteString("\n")
		}
	}
	if t.idx.nFinding > int64(len(t.idx.findings)) {
		fmt.Fprintf(&b, "  (%d kept; the rest counted)\n", len(t.idx.findings))
	}
	waits := t.idx.waits.sorted()
	if top > 0 && len(waits) > top {
		waits = waits[:top]
	}
	fmt.Fprintf(&b, "\nThe %d longest waits to run (runnable → running), with their causes:\n", len(waits))
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	for i, wt := range waits {
		md, _ := t.stateAt(wt.rec)
		g := md.lookup(wt.g)
		if g == nil {
			continue
		}
		l, err := t.explainWait(wt.g, g.waitFromRec, wt.rec, false, g.waitPartial)
		if err != nil {
			return err
		}
		var c strings.Builder
		fmt.Fprintf(&c, "\n%d. ", i+1)
		c.WriteString(l.Text())
		if _, err := io.WriteString(w, c.String()); err != nil {
			return err
		}
	}
	return nil
}

// Findings lists the findings (the first maxListedFindings), each with its
// event and what it says.
func (s *Session) Findings() string {
	idx := &s.t.idx
	if idx.nFinding == 0 {
		return "no findings: every G started where the model's rules put it first\n"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d findings (goto N, then why, shows one):\n", idx.nFinding)
	for i, f := range idx.findings {
		if i == maxListedFindings {
			fmt.Fprintf(&b, "  … and %d more\n", idx.nFinding-int64(i))
			break
		}
		fmt.Fprintf(&b, "  event %-8d %s\n", f.rec, s.t.findingText(f.f))
	}
	return b.String()
}

const maxListedFindings = 20

func (t *Trace) findingText(f finding) string {
	switch f.code {
	case fNotFirst:
		return fmt.Sprintf("G%d started from P%d's queue ahead of G%d, which the model had first", f.other, f.p, f.g)
	case fStealPick:
		return fmt.Sprintf("a steal from P%d ran G%d, place %d of its ring, not the youngest of the half runqsteal takes", f.p, f.g, f.other)
	case fIdleWithWork:
		return fmt.Sprintf("P%d went idle with %d G(s) in its queue by the model (first G%d)", f.p, f.other, f.g)
	}
	return "?"
}
