package checker

import (
	"fmt"
	"strings"

	"github.com/gmplab/gmplab/exercises/rt"
)

// Properties call the learner's function directly on prepared queues, as
// the runtime's own queue tests do (export_test.go: RunSchedLocalQueueTest,
// RunSchedLocalQueueStealTest), and compare what it did with what the
// reference did on a copy of the same input. Gs are named by their
// Guintptr: G5 is rt.Guintptr(5).

// prop is a property: run returns the outcome of the learner's function
// and of the reference, described; they must be equal.
func prop(name, input string, run func() (yours, want string)) test {
	return test{name: name, run: func() string {
		y, w := run()
		if y == w {
			return ""
		}
		return "input: " + input + "\nyours: " + y + "\nGo's:  " + w + "\n"
	}}
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

func short(list []rt.Guintptr) string {
	if len(list) <= 10 {
		return gnames(list)
	}
	return fmt.Sprintf("%s … %s (%d)", strings.TrimSuffix(gnames(list[:4]), "]"), strings.TrimPrefix(gnames(list[len(list)-4:]), "["), len(list))
}
