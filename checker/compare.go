package checker

import (
	"fmt"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
	"github.com/gmplab/gmplab/vm"
)

// scenario is a program the batteries run, with where it comes from.
type scenario struct {
	path string // as the debugger opens it: lessons/02-procs/runq.go
	src  []byte
}

// runCfg is one run's configuration.
type runCfg struct {
	gomaxprocs int
	seed       uint64
	layers     runtime.Layers
}

// maxSteps bounds every checker run: a wrong rule that loses or loops
// Gs ends as a limit, not a hang.
const maxSteps = 300_000

var progCache sync.Map // path → *vm.Program

// eventsCompared counts the events compared in agreeing runs (the
// summary after a pass).
var eventsCompared atomic.Int64

func compile(sc scenario) (*vm.Program, error) {
	if p, ok := progCache.Load(sc.path); ok {
		return p.(*vm.Program), nil
	}
	if p := loadProg(sc); p != nil { // compiled once for the class (refstore.go)
		progCache.Store(sc.path, p)
		return p, nil
	}
	p, err := lang.Compile(sc.path, sc.src)
	if err != nil {
		return nil, err
	}
	progCache.Store(sc.path, p)
	return p, nil
}

// compareRun runs sc with the engine's rules and with hooks, and returns
// "" when the two runs make the same decisions, else the feedback on the
// first divergence. The two runs are compared after every event: the
// events themselves (what each decided) and the run queues right after
// them (the engine records them per event: runtime.RecordQueues), so the
// divergence shown is the event at which the learner's function first put
// a G somewhere else, with both boards as they were right after it. A
// learner's function that leaves the state corrupt (a ring of more than
// 256 Gs, a G in two queues) stops its run inside the engine step that
// called it; the feedback is then that step, after the last good event.
// The runs leave Why empty (formatting every reason costs more than the
// rest); a divergence is run again with it, to the same event, for the
// feedback.
func compareRun(ex string, sc scenario, rc runCfg, hooks *runtime.Hooks) string {
	prog, err := compile(sc)
	if err != nil {
		return "the scenario does not compile (a checker bug): " + err.Error()
	}
	if recording != nil {
		recording.record(sc, rc)
		return ""
	}
	start := func(why bool) (ref, yours *runtime.Machine, c *calls, err error) {
		cfg := runtime.Config{GOMAXPROCS: rc.gomaxprocs, Seed: rc.seed, Layers: rc.layers, MaxSteps: maxSteps, Why: why}
		if ref, err = runtime.New(prog, cfg); err != nil {
			return nil, nil, nil, err
		}
		c = new(calls)
		// The invariants are verified after the steps in which the
		// learner's code ran (calls.note): the engine's own rules keep a
		// valid state valid.
		cfg.Hooks, cfg.Check, cfg.CheckHooked = instrument(hooks, c), true, true
		yours, err = runtime.New(prog, cfg)
		c.m = yours
		return ref, yours, c, err
	}
	if rr := loadRef(sc, rc); rr != nil {
		return compareRecorded(ex, sc, rc, prog, hooks, rr, start)
	}
	ref, yours, c, err := start(false)
	if err != nil {
		return "the scenario does not start (a checker bug): " + err.Error()
	}
	pos := &runPos{path: sc.path, rc: rc}
	current.Store(pos)
	defer current.CompareAndSwap(pos, nil)
	// The queues are compared after every event of the steps in which the
	// learner's code ran (a step without it cannot start a divergence:
	// the two engines run the same rules on the same state). The
	// learner's run is stepped first; when its step called the learner's
	// code (which turned on its recording, calls.note), the reference,
	// not yet into the same step, records the whole step too.
	//
	// differ is the number of the event (counted from 0) since which the
	// queues have differed, or -1. Inside one engine step the hooked
	// rule may do in one call what the engine's own rule does between two
	// of its events (runqput(next) puts the new G in runnext and kicks the
	// old one to the ring: the engine reports the two moves as two
	// events), so a difference counts only if it is still there at the end
	// of the step; the divergence shown is the event where it began.
	//
	// Until the learner's code first runs, the two runs are the same run
	// (the same engine, program and configuration): the reference is
	// stepped only from then on, after catching up to the same event, so
	// that a scenario in which the learner's function is never called
	// (a loop that runs 1.5 s of interpreter time in lesson 05's coop.go)
	// costs one run, not two.
	differ := int64(-1)
	refAt := int64(0) // events the reference has handed out
	for n := int64(0); ; n++ {
		pos.n.Store(n)
		ey, oky, bad := safeStep(yours)
		if bad != nil {
			return corrupted(ex, sc, rc, n, bad, start)
		}
		if refAt < n && !c.everCalled {
			if !oky {
				eventsCompared.Add(n)
				return "" // the learner's code never ran
			}
			continue
		}
		for ; refAt < n; refAt++ {
			ref.Step()
		}
		if c.called {
			ref.RecordQueues(true)
		}
		ew, okw := ref.Step()
		refAt++
		if !okw && !oky {
			eventsCompared.Add(n)
			return ""
		}
		diverged := okw != oky || !sameEvent(ew, ey)
		if !diverged && c.called {
			qw, qy := ref.QueuesAt(ew.Seq), yours.QueuesAt(ey.Seq)
			switch {
			case qw == nil || qy == nil: // before the learner's call: the same
			case slices.Equal(qw, qy):
				differ = -1
			case differ < 0:
				differ = n
			}
			if yours.BetweenSteps() {
				if differ >= 0 {
					diverged, n = true, differ
				}
				c.called = false
				ref.RecordQueues(false)
				yours.RecordQueues(false)
			}
		}
		if diverged {
			return feedbackAt(ex, sc, rc, n, start)
		}
	}
}

// feedbackAt is the feedback on a divergence at event n (counted from 0):
// both runs again, with the reasons, to that event.
func feedbackAt(ex string, sc scenario, rc runCfg, n int64, start func(bool) (*runtime.Machine, *runtime.Machine, *calls, error)) string {
	ref, yours, c, _ := start(true)
	ref.WatchState(n + 1) // before the step that makes it
	yours.WatchState(n + 1)
	for i := int64(0); i < n; i++ {
		ref.Step()
		yours.Step()
	}
	ew, okw := ref.Step()
	ey, oky := yours.Step()
	what := ""
	if okw == oky && sameEvent(ew, ey) {
		what = diffQueues(stateAfter(ref, ew.Seq), stateAfter(yours, ey.Seq))
		if what == "" {
			what = diffFree(ref, yours)
		}
		if c.fn != "" {
			what += fmt.Sprintf("\n(your %s ran last after event %d)", c.fn, c.after)
		}
	}
	return divergence(ex, sc, rc, ref, yours, ew, ey, okw, oky, what)
}

// runPos is where a scenario run is: the checker names it when the
// learner's function blocks or does not return in it.
type runPos struct {
	path string
	rc   runCfg
	n    atomic.Int64 // events compared so far
}

// current is the scenario run in progress (tests run one at a time).
var current atomic.Pointer[runPos]

// where names the run in progress, for guard's feedback; "" outside one.
func where() string {
	p := current.Load()
	if p == nil {
		return ""
	}
	return fmt.Sprintf("in the engine step after event %d of %s (GOMAXPROCS=%d seed=%d)", p.n.Load(), p.path, p.rc.gomaxprocs, p.rc.seed)
}

// stepFailure is a panic inside the engine step of the learner's run: the
// engine's invariants broke (checkInvariants, hook: messages), or the
// learner's function panicked.
type stepFailure struct {
	value any
	stack []byte
}

// safeStep is m.Step, with a panic returned instead of propagated
// (rt.TODO's is propagated: the exercise is not started).
func safeStep(m *runtime.Machine) (ev runtime.Event, ok bool, bad *stepFailure) {
	defer func() {
		if r := recover(); r != nil {
			if _, ns := r.(rt.NotStarted); ns {
				panic(r)
			}
			bad = &stepFailure{value: r, stack: debug.Stack()}
		}
	}()
	ev, ok = m.Step()
	return ev, ok, nil
}

// corrupted is the feedback for a learner's run that stopped inside the
// step after event n: what broke, and both boards after event n, the
// last one the two runs agreed on.
func corrupted(ex string, sc scenario, rc runCfg, n int64, bad *stepFailure, start func(bool) (*runtime.Machine, *runtime.Machine, *calls, error)) string {
	ref, yours, c, err := start(true)
	if err != nil {
		return "the scenario does not start (a checker bug): " + err.Error()
	}
	if n > 0 {
		ref.WatchState(n)
		yours.WatchState(n)
	}
	var last runtime.Event
	for i := int64(0); i < n; i++ {
		ref.Step()
		last, _ = yours.Step()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "your run stopped in the engine step after event %d of %s (GOMAXPROCS=%d seed=%d):\n  %s\n",
		n, sc.path, rc.gomaxprocs, rc.seed, failureHead(bad.value, c.fn))
	if n > 0 {
		b.WriteString("the last good event:\n  " + strings.TrimRight(view.FormatEvent(last), "\n") + "\n")
	}
	if frames := learnerFrames(bad.stack); frames != "" && !isEngineCheck(bad.value) {
		b.WriteString("in your code:\n" + frames)
	}
	b.WriteString("\nafter the last good event:\n")
	b.WriteString(sideBySide(view.Board(stateAfter(yours, n), boardWidth), view.Board(stateAfter(ref, n), boardWidth)))
	fmt.Fprintf(&b, "\nsee it in the debugger (it opens at event %d):\n  gmplab step %s --with exercises/%s --gomaxprocs %d --seed %d --layers %s\n",
		n, sc.path, ex, rc.gomaxprocs, rc.seed, layersFlag(rc.layers))
	return b.String()
}

// isEngineCheck says whether a panic is the engine's verdict on the
// state (an invariant, a hook's result refused), not the learner's code
// panicking.
func isEngineCheck(r any) bool {
	s := fmt.Sprint(r)
	return strings.HasPrefix(s, "checkInvariants:") || strings.HasPrefix(s, "hook:") ||
		strings.HasPrefix(s, "runqgrab:") || strings.HasPrefix(s, "newstack:")
}

// failureHead says what stopped a step that panicked.
func failureHead(r any, fn string) string {
	s := fmt.Sprint(r)
	switch {
	case strings.HasPrefix(s, "hook: your "):
		return strings.TrimPrefix(s, "hook: ")
	case isEngineCheck(r):
		who := "your function"
		if fn != "" {
			who = "your " + fn
		}
		return who + " left the scheduler's state corrupt (the engine checks it after every event): " + s
	}
	return "your function panicked: " + s
}

// stateAfter is m's state right after event seq (the engine recorded it:
// WatchState), or, past the end of the run, its state now.
func stateAfter(m *runtime.Machine, seq int64) *runtime.State {
	if st := m.StateAt(seq); st != nil {
		return st
	}
	return m.State()
}

// sameEvent compares what an event decided (not the sentence explaining it).
func sameEvent(a, b runtime.Event) bool {
	return a.Seq == b.Seq && a.T == b.T && a.Kind == b.Kind && a.M == b.M && a.P == b.P &&
		a.G == b.G && a.Arg1 == b.Arg1 && a.Arg2 == b.Arg2 && a.Text == b.Text
}

// diffQueues names the first run queue that differs, or "".
func diffQueues(want, got *runtime.State) string {
	for i := range want.Ps {
		w, g := want.Ps[i], got.Ps[i]
		if w.Runnext != g.Runnext {
			return fmt.Sprintf("P%d's runnext: yours %s, Go's %s", i, gname(g.Runnext), gname(w.Runnext))
		}
		if !equalIDs(w.Runq, g.Runq) {
			return fmt.Sprintf("P%d's ring (head→tail): yours %s, Go's %s", i, glist(g.Runq), glist(w.Runq))
		}
		if w.Status != g.Status || w.M != g.M {
			return fmt.Sprintf("P%d: yours is %s on M%d, Go's is %s on M%d", i, g.Status, g.M, w.Status, w.M)
		}
	}
	if !equalIDs(want.Global, got.Global) {
		return "the global queue (head→tail): yours " + glist(got.Global) + ", Go's " + glist(want.Global)
	}
	if want.Sched.NMSpinning != got.Sched.NMSpinning || want.Sched.NPIdle != got.Sched.NPIdle {
		return fmt.Sprintf("nmspinning/npidle: yours %d/%d, Go's %d/%d", got.Sched.NMSpinning, got.Sched.NPIdle, want.Sched.NMSpinning, want.Sched.NPIdle)
	}
	return ""
}

// diffFree names the first free list of dead Gs whose length differs
// (gfput, gfget), or "". The lengths are those at the end of the step.
func diffFree(want, got *runtime.Machine) string {
	wp, wg := want.FreeLists()
	gp, gg := got.FreeLists()
	for i := range wp {
		if i < len(gp) && wp[i] != gp[i] {
			return fmt.Sprintf("P%d's free list of dead Gs: yours holds %d, Go's %d", i, gp[i], wp[i])
		}
	}
	if wg != gg {
		return fmt.Sprintf("the global free list of dead Gs: yours holds %d, Go's %d", gg, wg)
	}
	return ""
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func gname(id int64) string {
	if id < 0 {
		return "empty"
	}
	return "G" + strconv.FormatInt(id, 10)
}

func glist(ids []int64) string {
	if len(ids) == 0 {
		return "[]"
	}
	const most = 12
	var parts []string
	for i, id := range ids {
		if len(ids) > most && i == most/2 {
			parts = append(parts, "… "+strconv.Itoa(len(ids)-most)+" more …")
		}
		if len(ids) <= most || i < most/2 || i >= len(ids)-most/2 {
			parts = append(parts, gname(id))
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// divergence is the feedback: the event, both lines, both boards, the
// scenario and the debugger command.
func divergence(ex string, sc scenario, rc runCfg, ref, yours *runtime.Machine, ew, ey runtime.Event, okw, oky bool, what string) string {
	var b strings.Builder
	seq := ew.Seq
	if !okw {
		seq = ey.Seq
	}
	fmt.Fprintf(&b, "first divergence at event %d of %s (GOMAXPROCS=%d seed=%d)\n", seq, sc.path, rc.gomaxprocs, rc.seed)
	line := func(ok bool, ev runtime.Event, m *runtime.Machine) string {
		if !ok {
			if e := m.Exit(); e != nil {
				return "(the run had ended: " + e.Reason + ")"
			}
			return "(no event)"
		}
		return view.FormatEvent(ev)
	}
	b.WriteString("  yours: " + strings.TrimRight(line(oky, ey, yours), "\n") + "\n")
	b.WriteString("  Go's:  " + strings.TrimRight(line(okw, ew, ref), "\n") + "\n")
	if what != "" {
		b.WriteString("the events agree, but after it " + what + "\n")
	} else if oky && okw && ey.Why != ew.Why {
		b.WriteString("  yours, why: " + ey.Why + "\n  Go's, why:  " + ew.Why + "\n")
	}
	b.WriteString("\n" + sideBySide(view.Board(stateAfter(yours, seq), boardWidth), view.Board(stateAfter(ref, seq), boardWidth)))
	fmt.Fprintf(&b, "\nsee it in the debugger (then: goto %d):\n  gmplab step %s --with exercises/%s --gomaxprocs %d --seed %d --layers %s\n",
		seq, sc.path, ex, rc.gomaxprocs, rc.seed, layersFlag(rc.layers))
	return b.String()
}

func layersFlag(l runtime.Layers) string {
	if l == runtime.AllLayers {
		return "all"
	}
	return l.String()
}

// boardWidth is each board's width in the side-by-side view.
const boardWidth = 60

// sideBySide puts two boards next to each other, "yours" left, marking
// with * the lines that differ. Lines are paired by what they are about
// (their first word: P0, global, Ms, …), so that a line on one side only
// does not shift the rest.
func sideBySide(yours, want string) string {
	l, r := strings.Split(strings.TrimRight(yours, "\n"), "\n"), strings.Split(strings.TrimRight(want, "\n"), "\n")
	kl, kr := lineKeys(l), lineKeys(r)
	// Longest common subsequence of the keys.
	lcs := make([][]int, len(l)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(r)+1)
	}
	for i := len(l) - 1; i >= 0; i-- {
		for j := len(r) - 1; j >= 0; j-- {
			if kl[i] == kr[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	w := len("yours")
	for _, s := range l {
		w = max(w, len([]rune(s)))
	}
	var b strings.Builder
	pad := func(s string) string { return s + strings.Repeat(" ", w-len([]rune(s))) }
	row := func(a, c string) {
		mark := "  "
		if a != c {
			mark = "* "
		}
		b.WriteString(strings.TrimRight(mark+pad(a)+" | "+c, " ") + "\n")
	}
	b.WriteString("  " + pad("yours") + " | Go's\n")
	i, j := 0, 0
	for i < len(l) || j < len(r) {
		switch {
		case i < len(l) && j < len(r) && kl[i] == kr[j]:
			row(l[i], r[j])
			i, j = i+1, j+1
		case j < len(r) && (i == len(l) || lcs[i][j+1] >= lcs[i+1][j]):
			row("", r[j])
			j++
		default:
			row(l[i], "")
			i++
		}
	}
	return b.String()
}

// lineKeys names each board line by its first word; a continuation line
// (indented, but for the Ps' column header) by its place after the last
// named one.
func lineKeys(lines []string) []string {
	keys := make([]string, len(lines))
	last, n := "", 0
	for i, s := range lines {
		if f := strings.Fields(s); len(f) > 0 && (!strings.HasPrefix(s, " ") || f[0] == "status") {
			last, n = f[0], 0
			keys[i] = last
			continue
		}
		n++
		keys[i] = last + "+" + strconv.Itoa(n)
	}
	return keys
}
