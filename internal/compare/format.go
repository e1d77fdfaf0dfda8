package compare

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/view"
)

// Limits says what the trace cannot show and what varies.
const Limits = `What the trace cannot show: the run queues' contents (which G waits in which
P's ring), runnext, and steals (a stolen G starting on another P looks like
any other start); gmplab step shows them on the model, gmplab real on the
real runtime. Real numbers vary from run to run with the machine's load and
timing (the range is over --runs runs); the simulator's never do. The real
counts include the runtime's own goroutines (GC workers, runtime/trace's
reader of the trace buffers).
`

// Format puts the simulator's measures and the real runs' side by side:
// the program's output with a diff, then one row per measure, the real
// column the range (min–max) over the runs.
func Format(name string, gomaxprocs int, sim Measures, real []Measures) string {
	var b strings.Builder
	fmt.Fprintf(&b, "gmplab compare %s: GOMAXPROCS=%d, the simulator against %d real run%s\n\n", name, gomaxprocs, len(real), plural(len(real)))
	b.WriteString(outputDiff(sim.Output, real))
	if len(real) > 0 && real[0].NumGoroutineDiscount > 0 {
		// The program counts goroutines: say why its real counts are not
		// one higher, as the trace's own goroutine would make them.
		fmt.Fprintf(&b, "runtime.NumGoroutine leaves out, on the real runs, the %d goroutine%s runtime/trace\nstarts for itself: the program counts what it counts without the trace.\n",
			real[0].NumGoroutineDiscount, plural(real[0].NumGoroutineDiscount))
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "%-28s %-16s %s\n", "", "simulator", "real runtime (min–max)")
	row := func(name, s string, r []string) {
		fmt.Fprintf(&b, "%-28s %-16s %s\n", name, s, span(r))
	}
	ints := func(f func(m Measures) int) []string {
		var out []string
		for _, m := range real {
			out = append(out, strconv.Itoa(f(m)))
		}
		return out
	}
	row("threads created", strconv.Itoa(sim.Threads), ints(func(m Measures) int { return m.Threads }))
	row("goroutines created", strconv.Itoa(sim.Goroutines), ints(func(m Measures) int { return m.Goroutines }))
	for p := 0; p < gomaxprocs; p++ {
		pp := int64(p)
		row(fmt.Sprintf("context switches on P%d", p), strconv.Itoa(sim.Switches[pp]), ints(func(m Measures) int { return m.Switches[pp] }))
	}
	row("preemptions", strconv.Itoa(sim.Preempt), ints(func(m Measures) int { return m.Preempt }))
	row("syscalls", strconv.Itoa(sim.Syscalls), ints(func(m Measures) int { return m.Syscalls }))
	row("syscalls handed off", strconv.Itoa(sim.Handoffs), ints(func(m Measures) int { return m.Handoffs }))
	for _, pc := range []int{50, 90, 99, 100} {
		name := fmt.Sprintf("time runnable p%d", pc)
		if pc == 100 {
			name = "time runnable max"
		}
		var rs []string
		for _, m := range real {
			rs = append(rs, dur(percentile(m.Runnable, pc)))
		}
		row(name, dur(percentile(sim.Runnable, pc)), rs)
	}
	// A count both sides have (the GCs, with the gc layer on) is a row of
	// its own; then the counts one side has.
	var extras []string
	for k := range sim.Extra {
		if realExtras[k] {
			extras = append(extras, "both:"+k)
		} else {
			extras = append(extras, "sim:"+k)
		}
	}
	if len(real) > 0 {
		for k := range real[0].Extra {
			if _, both := sim.Extra[k]; !both {
				extras = append(extras, "real:"+k)
			}
		}
	}
	slices.Sort(extras)
	for _, e := range extras {
		side, k, _ := strings.Cut(e, ":")
		if side == "both" {
			row(k, strconv.Itoa(sim.Extra[k]), ints(func(m Measures) int { return m.Extra[k] }))
		} else if side == "sim" {
			row(k+" (simulator only)", strconv.Itoa(sim.Extra[k]), nil)
		} else {
			row(k+" (real only)", "-", ints(func(m Measures) int { return m.Extra[k] }))
		}
	}
	b.WriteString("\n" + Limits)
	return b.String()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// dur formats ns as view does times; "-" for none.
func dur(ns int64) string {
	if ns < 0 {
		return "-"
	}
	return view.FormatTime(ns)
}

// span is "a" when every run gave a, else "min–max" (numbers and times
// compared as numbers).
func span(vals []string) string {
	if len(vals) == 0 {
		return "-"
	}
	key := func(s string) float64 {
		f, err := strconv.ParseFloat(strings.TrimSuffix(s, "ms"), 64)
		if err != nil {
			return -1
		}
		return f
	}
	lo, hi := vals[0], vals[0]
	for _, v := range vals[1:] {
		if key(v) < key(lo) {
			lo = v
		}
		if key(v) > key(hi) {
			hi = v
		}
	}
	if lo == hi {
		return lo
	}
	return lo + "–" + hi
}

// outputDiff says whether the real runs printed what the simulator did,
// with a line diff against the first run that did not.
func outputDiff(sim string, real []Measures) string {
	differ := -1
	for i, m := range real {
		if m.Output != sim {
			differ = i
			break
		}
	}
	lines := strings.Count(sim, "\n")
	if differ < 0 {
		return fmt.Sprintf("output: the same on the simulator and on every real run (%d line%s)\n", lines, plural(lines))
	}
	var b strings.Builder
	same := 0
	for _, m := range real {
		if m.Output == sim {
			same++
		}
	}
	fmt.Fprintf(&b, "output: %d of %d real runs printed something else; run %d against the simulator (- simulator, + real):\n", len(real)-same, len(real), differ+1)
	b.WriteString(lineDiff(sim, real[differ].Output, 40))
	return b.String()
}

// lineDiff is a longest-common-subsequence diff of a and b's lines, at
// most limit lines of it (then a line says how many more).
func lineDiff(a, b string, limit int) string {
	x := strings.Split(strings.TrimSuffix(a, "\n"), "\n")
	y := strings.Split(strings.TrimSuffix(b, "\n"), "\n")
	if len(x)*len(y) > 4_000_000 {
		return fmt.Sprintf("  (too long to diff: %d and %d lines)\n", len(x), len(y))
	}
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []string
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			out = append(out, "  "+x[i])
			i, j = i+1, j+1
		case j < len(y) && (i == len(x) || lcs[i][j+1] >= lcs[i+1][j]):
			out = append(out, "+ "+y[j])
			j++
		default:
			out = append(out, "- "+x[i])
			i++
		}
	}
	more := 0
	if len(out) > limit {
		more, out = len(out)-limit, out[:limit]
	}
	s := strings.Join(out, "\n") + "\n"
	if more > 0 {
		s += fmt.Sprintf("  (%d more lines)\n", more)
	}
	return s
}
