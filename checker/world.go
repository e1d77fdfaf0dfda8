package checker

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gmplab/gmplab/exercises/rt"
)

// A world is a small scheduler state that implements rt.Sched for the
// properties of the whole-mechanism exercises (findRunnable, wakep,
// retake, exitsyscall): the learner's function and the reference run on
// two copies of one world, and what each did (the calls that act:
// runqget, runqsteal, releasep, stopm, …, with their arguments and
// results, in order) is compared. Queries (Npidle, Spinning, …) are not
// recorded: code may ask in any order it likes, but it must act as Go's
// does.
//
// A world answers as the runtime's functions do, in small: a ring is a
// slice, runqsteal takes ceil(half) from the victim's head, a timer
// readies its G into the caller's runnext. It is a test double for the
// control flow; the engine's own functions (runtime/hooklive.go) are what
// the scenario batteries run the learner's code on.
type world struct {
	ps     []wP
	ms     []wM // ms[0] is the calling M
	idle   []int32
	global []rt.Guintptr
	gs     map[rt.Guintptr]*wG

	nmspinning   int32
	needspinning bool
	netInited    bool
	waiters      []wWait // Gs parked on the network
	polling      bool    // an M is blocked in netpoll
	pollUntil    int64
	sysmonWait   bool
	asyncOff     bool
	now          int64
	rand         []uint32
	ri           int

	// fns are the functions under test that the runtime calls from
	// others (wakep from resetspinning, pidlegetSpinning from wakep): the
	// world's methods call them, the learner's on the learner's copy and
	// the reference's on Go's, and record nothing of their own.
	fns struct {
		wakep            func(rt.Sched)
		becomeSpinning   func(rt.Sched)
		pidlegetSpinning func(rt.Sched) rt.Puintptr
	}

	// onSteal and onRelease, when set, run once at the first runqsteal
	// and at releasep: work another M submits meanwhile (the races
	// findRunnable's last looks are for).
	onSteal, onRelease func(*world)

	acts   []act
	calls  int
	parked bool
}

type wP struct {
	status      uint32
	m           int32 // holder M, or -1
	schedtick   uint32
	syscalltick uint32
	sysmon      rt.Sysmontick
	preempt     bool
	runnext     rt.Guintptr
	ring        []rt.Guintptr
	timers      []wTimer // by when
}

type wTimer struct {
	when int64
	g    rt.Guintptr // the G it readies, or 0
}

type wM struct {
	p        int32 // -1: none
	oldp     int32
	spinning bool
	curg     rt.Guintptr
	lockedg  bool
	signal   bool
}

type wG struct {
	status     uint32
	preempt    bool
	stackguard uint64
	lockedm    bool
}

type wWait struct {
	g     rt.Guintptr
	ready bool
}

// act is one call that acted, with what it was given and returned.
type act struct {
	op   string
	a, b int64
	r    string
}

func (a act) String() string {
	s := a.op
	if a.r != "" {
		s += " " + a.r
	}
	return s
}

// worldRefusal is a call the runtime would refuse; the world records it
// and the property shows it.
type worldRefusal string

// maxWorldCalls bounds a run on a world, as maxHookCalls does the
// engine's.
const maxWorldCalls = 20_000

// newWorld is a world of n Ps: P0 held by the calling M (running), the
// others idle.
func newWorld(n int) *world {
	w := &world{gs: map[rt.Guintptr]*wG{}, now: 100_000_000, rand: []uint32{7, 2, 11, 5}}
	w.ms = []wM{{p: 0, oldp: -1}}
	for i := 0; i < n; i++ {
		w.ps = append(w.ps, wP{m: -1, schedtick: 5})
	}
	w.ps[0].status, w.ps[0].m = rt.Prunning, 0
	for i := n - 1; i >= 1; i-- {
		w.idle = append(w.idle, int32(i))
	}
	return w
}

// clone copies w deeply.
func (w *world) clone() *world {
	c := *w
	c.ps = make([]wP, len(w.ps))
	for i, p := range w.ps {
		p.ring = slices.Clone(p.ring)
		p.timers = slices.Clone(p.timers)
		c.ps[i] = p
	}
	c.ms = slices.Clone(w.ms)
	c.idle = slices.Clone(w.idle)
	c.global = slices.Clone(w.global)
	c.waiters = slices.Clone(w.waiters)
	c.rand = slices.Clone(w.rand)
	c.gs = map[rt.Guintptr]*wG{}
	for k, v := range w.gs {
		g := *v
		c.gs[k] = &g
	}
	c.acts = nil
	return &c
}

// ---- building a world ----

// g makes G gp known with status st.
func (w *world) g(gp rt.Guintptr, st uint32) *wG {
	g := &wG{status: st, stackguard: rt.StackGuard}
	w.gs[gp] = g
	return g
}

// running makes P i held by a new M running G gp (0: none).
func (w *world) running(i int, gp rt.Guintptr) *world {
	w.unidle(int32(i))
	w.ms = append(w.ms, wM{p: int32(i), oldp: -1, curg: gp})
	w.ps[i].status, w.ps[i].m = rt.Prunning, int32(len(w.ms)-1)
	if gp != 0 {
		w.g(gp, rt.Grunning)
	}
	return w
}

func (w *world) unidle(i int32) {
	if k := slices.Index(w.idle, i); k >= 0 {
		w.idle = slices.Delete(w.idle, k, k+1)
	}
}

// local gives P i runnext next and ring (runnable Gs).
func (w *world) local(i int, next rt.Guintptr, ring ...rt.Guintptr) *world {
	w.ps[i].runnext = next
	if next != 0 {
		w.g(next, rt.Grunnable)
	}
	w.ps[i].ring = append(w.ps[i].ring, ring...)
	for _, g := range ring {
		w.g(g, rt.Grunnable)
	}
	return w
}

// timer gives P i a timer due at when that readies G gp (a sleeper).
func (w *world) timer(i int, when int64, gp rt.Guintptr) *world {
	w.ps[i].timers = append(w.ps[i].timers, wTimer{when, gp})
	slices.SortStableFunc(w.ps[i].timers, func(a, b wTimer) int { return int(a.when - b.when) })
	if gp != 0 {
		w.g(gp, rt.Gwaiting)
	}
	return w
}

func (w *world) globalq(gs ...rt.Guintptr) *world {
	w.global = append(w.global, gs...)
	for _, g := range gs {
		w.g(g, rt.Grunnable)
	}
	return w
}

// wait parks G gp on the network, ready now or not.
func (w *world) wait(gp rt.Guintptr, ready bool) *world {
	w.netInited = true
	w.waiters = append(w.waiters, wWait{gp, ready})
	w.g(gp, rt.Gwaiting)
	return w
}

// ---- describing it ----

func (w *world) String() string {
	var b strings.Builder
	self := w.ms[0]
	fmt.Fprintf(&b, "GOMAXPROCS %d; the M", len(w.ps))
	if self.p >= 0 {
		fmt.Fprintf(&b, " holds P%d", self.p)
	} else {
		b.WriteString(" has no P")
	}
	if self.spinning {
		b.WriteString(", spinning")
	}
	if g := self.curg; g != 0 {
		fmt.Fprintf(&b, ", its G%d %s", g, map[uint32]string{rt.Gsyscall: "in a syscall", rt.Grunning: "running"}[w.gs[g].status])
		if w.gs[g].preempt {
			b.WriteString(" (asked to stop: gp.preempt)")
		}
		if w.gs[g].lockedm {
			b.WriteString(" (locked to it)")
		}
	}
	if self.oldp >= 0 {
		fmt.Fprintf(&b, ", its old P P%d", self.oldp)
	}
	for i, p := range w.ps {
		fmt.Fprintf(&b, "; P%d ", i)
		switch {
		case slices.Contains(w.idle, int32(i)):
			b.WriteString("idle")
		case p.m == 0:
			fmt.Fprintf(&b, "(the M's) schedtick %d", p.schedtick)
		case p.m > 0 && w.ms[p.m].curg != 0 && w.gs[w.ms[p.m].curg].status == rt.Gsyscall:
			fmt.Fprintf(&b, "in a syscall (G%d)", w.ms[p.m].curg)
		case p.m > 0:
			b.WriteString("running")
		default:
			b.WriteString("taken")
		}
		if p.runnext != 0 {
			fmt.Fprintf(&b, ", runnext G%d", p.runnext)
		}
		if len(p.ring) > 0 {
			fmt.Fprintf(&b, ", ring %s", short(p.ring))
		}
		for _, t := range p.timers {
			if t.when <= w.now {
				fmt.Fprintf(&b, ", a timer due (G%d)", t.g)
			} else {
				fmt.Fprintf(&b, ", a timer in %v", fmtDur(t.when-w.now))
			}
		}
	}
	if len(w.global) > 0 {
		fmt.Fprintf(&b, "; global %s", short(w.global))
	}
	for _, wt := range w.waiters {
		fmt.Fprintf(&b, "; G%d waits on the network", wt.g)
		if wt.ready {
			b.WriteString(" (ready)")
		}
	}
	if w.polling {
		b.WriteString("; an M is blocked in netpoll")
	}
	if w.nmspinning > 0 {
		fmt.Fprintf(&b, "; nmspinning %d", w.nmspinning)
	}
	if w.needspinning {
		b.WriteString("; needspinning")
	}
	if w.sysmonWait {
		b.WriteString("; sysmon sleeps deeply")
	}
	fmt.Fprintf(&b, "; cheaprand gives %v…", w.rand)
	return b.String()
}

func fmtDur(ns int64) string {
	switch {
	case ns%1_000_000 == 0:
		return fmt.Sprintf("%dms", ns/1_000_000)
	case ns%1000 == 0:
		return fmt.Sprintf("%dµs", ns/1000)
	}
	return fmt.Sprintf("%dns", ns)
}

// callsDiff shows two runs' calls (outcome's form) side by side from
// their first difference: the calls alike before it (the last few), then
// each run's calls from there.
func callsDiff(yours, want string) string {
	y, w := strings.Split(yours, "; "), strings.Split(want, "; ")
	i := 0
	for i < len(y) && i < len(w) && y[i] == w[i] {
		i++
	}
	var b strings.Builder
	if i > 0 {
		fmt.Fprintf(&b, "the same calls until call %d:\n", i+1)
		from := max(0, i-6)
		if from > 0 {
			fmt.Fprintf(&b, "  … %d more\n", from)
		}
		for k := from; k < i; k++ {
			fmt.Fprintf(&b, "  %2d %s\n", k+1, y[k])
		}
	}
	tail := func(who string, calls []string) {
		fmt.Fprintf(&b, "%s\n", who)
		for k := i; k < len(calls) && k < i+8; k++ {
			fmt.Fprintf(&b, "  %2d %s\n", k+1, calls[k])
		}
		if len(calls) > i+8 {
			fmt.Fprintf(&b, "  … %d more\n", len(calls)-i-8)
		}
	}
	tail("then yours:", y)
	tail("and Go's:", w)
	return b.String()
}

// outcome is what a run did: its calls that acted and what it returned.
func outcome(acts []act, ret string) string {
	parts := make([]string, 0, len(acts)+1)
	for _, a := range acts {
		parts = append(parts, a.String())
	}
	if ret != "" {
		parts = append(parts, ret)
	}
	return strings.Join(parts, "; ")
}

// run runs f on w, turning a refusal into the last act.
func (w *world) run(f func()) {
	defer func() {
		if r := recover(); r != nil {
			if msg, ok := r.(worldRefusal); ok {
				w.acts = append(w.acts, act{op: "refused: " + string(msg)})
				return
			}
			panic(r)
		}
	}()
	f()
}

// ---- recording ----

func (w *world) do(op string, a, b int64, r string) {
	w.calls++
	if w.calls > maxWorldCalls {
		panic(worldRefusal(fmt.Sprintf("%d calls into the runtime without returning: an endless loop?", maxWorldCalls)))
	}
	if w.parked {
		panic(worldRefusal(op + " after the M parked (return after stopm or a blocking netpoll)"))
	}
	w.acts = append(w.acts, act{op, a, b, r})
}

func (w *world) ask() {
	w.calls++
	if w.calls > maxWorldCalls {
		panic(worldRefusal(fmt.Sprintf("%d calls into the runtime without returning: an endless loop?", maxWorldCalls)))
	}
}

func (w *world) p(pp rt.Puintptr) int32 {
	if pp <= 0 || int(pp) > len(w.ps) {
		panic(worldRefusal(fmt.Sprintf("P pointer %d names no P", pp)))
	}
	return int32(pp) - 1
}

func (w *world) mi(mp rt.Muintptr) int32 {
	if mp <= 0 || int(mp) > len(w.ms) {
		panic(worldRefusal(fmt.Sprintf("M pointer %d names no M", mp)))
	}
	return int32(mp) - 1
}

func (w *world) gg(gp rt.Guintptr) *wG {
	g := w.gs[gp]
	if g == nil {
		panic(worldRefusal(fmt.Sprintf("G pointer %d names no G", gp)))
	}
	return g
}

func pn(i int32) string {
	if i < 0 {
		return "no P"
	}
	return fmt.Sprintf("P%d", i)
}

func gn(g rt.Guintptr) string {
	if g == 0 {
		return "nil"
	}
	return fmt.Sprintf("G%d", g)
}

func (w *world) self() *wM { return &w.ms[0] }
