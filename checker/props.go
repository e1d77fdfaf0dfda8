package checker

import (
	"fmt"
	"strings"

	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
)

// Properties call the learner's function directly on prepared queues, as
// the runtime's own queue tests do (export_test.go: RunSchedLocalQueueTest,
// RunSchedLocalQueueStealTest), and compare what it did with what the
// reference did on a copy of the same input. Gs are named by their
// Guintptr: G5 is rt.Guintptr(5).

// prop is a property: run returns the outcome of the learner's function
// and of the reference, described; they must be equal.
//
// The outcomes are compared whole (every G of every queue, in order); the
// message shows them whole too, up to a point, and then the part around
// their first difference. A yours that begins with "your " is a verdict
// of its own (a corrupt ring: brokenRing), shown as it is.
func prop(name, input string, run func() (yours, want string)) test {
	return test{name: name, run: func() string {
		y, w := run()
		if y == w {
			return ""
		}
		if strings.HasPrefix(y, "your ") {
			return "input: " + input + "\n" + y + "\n"
		}
		if len(y) > maxShown || len(w) > maxShown {
			y, w = aroundDiff(y, w)
		}
		return "input: " + input + "\nyours: " + y + "\nGo's:  " + w + "\n"
	}}
}

// maxShown is the longest outcome a property's message shows whole.
const maxShown = 400

// aroundDiff cuts y and w to the part around their first difference,
// saying where it is: "… [G1 … (from G 57) G58 G60 …".
func aroundDiff(y, w string) (string, string) {
	i := 0
	for i < len(y) && i < len(w) && y[i] == w[i] {
		i++
	}
	cut := func(s string) string {
		from, to := max(0, i-120), min(len(s), i+160)
		out := s[from:to]
		if from > 0 {
			out = "…" + out
		}
		if to < len(s) {
			out += "…"
		}
		return out
	}
	note := fmt.Sprintf(" (they differ from character %d on)", i+1)
	return cut(y) + note, cut(w)
}

// brokenRing is the verdict on a ring that fn left corrupt, going from
// before to after (runtime.RingCorruption), or "".
func brokenRing(fn string, before, after *rt.P) string {
	if before == nil || after == nil {
		return ""
	}
	return runtime.RingCorruption(fn, before.Runqhead, before.Runqtail, after.Runqhead, after.Runqtail)
}

// mkP is a P whose ring holds ring from head (the ring's indexes wrap).
func mkP(next rt.Guintptr, head uint32, ring ...rt.Guintptr) *rt.P {
	pp := &rt.P{Status: rt.Prunning, Runnext: next, Runqhead: head, Runqtail: head}
	for _, g := range ring {
		pp.Runq[pp.Runqtail%uint32(len(pp.Runq))] = g
		pp.Runqtail++
	}
	return pp
}

// gs returns G from..to as Guintptrs.
func gs(from, to int) []rt.Guintptr {
	var out []rt.Guintptr
	for i := from; i <= to; i++ {
		out = append(out, rt.Guintptr(i))
	}
	return out
}

func mkSched(npidle, nmspinning, gomaxprocs int32, global ...rt.Guintptr) *rt.Schedt {
	s := &rt.Schedt{Npidle: npidle, Nmspinning: nmspinning, Gomaxprocs: gomaxprocs}
	for _, g := range global {
		s.Runq.PushBack(g)
	}
	return s
}

func cloneP(pp *rt.P) *rt.P {
	if pp == nil {
		return nil
	}
	c := *pp
	return &c
}

func cloneSched(s *rt.Schedt) *rt.Schedt {
	c := *s
	c.Runq = rt.GQueue{}
	for _, g := range s.Runq.Slice() {
		c.Runq.PushBack(g)
	}
	return &c
}

func gnames(list []rt.Guintptr) string {
	var parts []string
	for _, g := range list {
		parts = append(parts, gp(g))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func gp(g rt.Guintptr) string {
	if g == 0 {
		return "nil"
	}
	return fmt.Sprintf("G%d", g)
}

// ring lists pp's ring from head to tail.
func ring(pp *rt.P) []rt.Guintptr {
	var out []rt.Guintptr
	if pp.Runqtail-pp.Runqhead > uint32(len(pp.Runq)) {
		return nil
	}
	for i := pp.Runqhead; i != pp.Runqtail; i++ {
		out = append(out, pp.Runq[i%uint32(len(pp.Runq))])
	}
	return out
}

// descP describes a P's queues; long rings by their ends and length.
func descP(pp *rt.P) string {
	if pp == nil {
		return "no P"
	}
	if n := pp.Runqtail - pp.Runqhead; n > uint32(len(pp.Runq)) {
		return fmt.Sprintf("runnext %s, ring head=%d tail=%d (%d Gs: more than 256)", gp(pp.Runnext), pp.Runqhead, pp.Runqtail, n)
	}
	return fmt.Sprintf("runnext %s, ring head=%d %s", gp(pp.Runnext), pp.Runqhead, short(ring(pp)))
}

func descSched(s *rt.Schedt) string { return "global " + short(s.Runq.Slice()) }

// short lists Gs whole, a run of three or more consecutive Gs as
// G1-G128, with the count after a long list: lossless, so that comparing
// two lists compares every G, and an order error in the middle of a batch
// shows as a break in a run.
func short(list []rt.Guintptr) string {
	var parts []string
	for i := 0; i < len(list); {
		j := i + 1
		for j < len(list) && list[j] == list[j-1]+1 {
			j++
		}
		if j-i >= 3 {
			parts = append(parts, gp(list[i])+"-"+gp(list[j-1]))
		} else {
			for k := i; k < j; k++ {
				parts = append(parts, gp(list[k]))
			}
		}
		i = j
	}
	out := "[" + strings.Join(parts, " ") + "]"
	if len(list) > 10 {
		out += fmt.Sprintf(" (%d)", len(list))
	}
	return out
}
