package replay

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/debugger"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// The looking commands' text.

// When says where the session stands.
func (s *Session) When() string {
	if s.pos == 0 {
		return fmt.Sprintf("event 0 (the start of the trace, %d events)", s.t.recs.n)
	}
	end := ""
	if s.atEnd() {
		end = " (the end of the trace)"
	}
	return fmt.Sprintf("event %d of %d at %s%s", s.pos, s.t.recs.n, view.FormatTime(s.last.T), end)
}

// Why explains the current event: what the trace recorded, then what the
// model infers, one step a line.
func (s *Session) Why() string {
	if s.pos == 0 {
		return "event 0 is the start of the trace: nothing is known yet; the first events say which goroutines and Ps existed when the trace began\n"
	}
	s.explainLast()
	ev := s.last
	var b strings.Builder
	fmt.Fprintf(&b, "event %d: %s (the trace's %s)", ev.Seq, ev.Kind, s.lastRec.kind)
	var who []string
	if ev.M >= 0 {
		who = append(who, "M"+strconv.Itoa(int(ev.M)))
	}
	if ev.P >= 0 {
		who = append(who, "P"+strconv.Itoa(int(ev.P)))
	}
	if ev.G >= 0 {
		who = append(who, "G"+strconv.FormatInt(ev.G, 10))
	}
	if len(who) > 0 {
		b.WriteString(" on " + strings.Join(who, "/"))
	}
	if d := (view.Text{}).Details(ev); d != "" {
		b.WriteString(": " + d)
	}
	b.WriteString("\n")
	if ev.Why == "" {
		return b.String()
	}
	steps := strings.Split(strings.TrimSuffix(ev.Why, "."), "; ")
	for i, st := range steps {
		if len(steps) == 1 {
			b.WriteString("  " + st + "\n")
			break
		}
		fmt.Fprintf(&b, "  %d. %s\n", i+1, st)
	}
	return b.String()
}

// Board draws the state, with the queues marked as the model's.
func (s *Session) Board(width int) string {
	st := s.State()
	var b strings.Builder
	b.WriteString(view.Board(st, width))
	unknown := 0
	for i := range st.Gs {
		if st.Gs[i].Status == "runnable" && st.Gs[i].Where == "runnable, queue unknown" {
			unknown++
		}
	}
	b.WriteString("inferred  runnext, the runqs and the global queue are the model's: the trace records no queues")
	if unknown > 0 {
		fmt.Fprintf(&b, "; %d runnable G", unknown)
		if unknown > 1 {
			b.WriteString("s")
		}
		b.WriteString(" in no queue the model knows")
	}
	b.WriteString("\n")
	return b.String()
}

// Goroutines lists the goroutines alive at the current event.
func (s *Session) Goroutines(group string) (string, error) {
	return debugger.GoroutinesText(s.State(), s.selG, group)
}

// Goroutine describes goroutine g: its state, where the model has it, and
// the stack the trace recorded at its last event.
func (s *Session) Goroutine(g int64) (string, error) {
	gs := debugger.FindG(s.State(), g)
	if gs == nil {
		return "", s.noSuchG(g)
	}
	gi := s.md.lookup(g)
	var b strings.Builder
	status := gs.Status
	if gs.WaitReason != "" {
		status += " (" + gs.WaitReason + ")"
	}
	fmt.Fprintf(&b, "G%d %s, %s\n", gs.Goid, status, gs.Where)
	if gi.createdBy >= 0 {
		fmt.Fprintf(&b, "  created by G%d\n", gi.createdBy)
	}
	if fr := s.t.frames(gi.startStk); len(fr) > 0 {
		fmt.Fprintf(&b, "  began in %s\n", fr[0].Func)
	}
	switch gi.status {
	case gWaiting:
		fmt.Fprintf(&b, "  waiting since %s\n", view.FormatTime(gi.since))
	case gRunnable:
		fmt.Fprintf(&b, "  runnable since %s (%s ago)", view.FormatTime(gi.since), view.FormatTime(s.md.now-gi.since))
		if gi.readyBy >= 0 {
			fmt.Fprintf(&b, ", made runnable by G%d", gi.readyBy)
		}
		b.WriteString("\n")
	case gRunning:
		fmt.Fprintf(&b, "  running since %s\n", view.FormatTime(gi.since))
	}
	if gi.label >= 0 {
		fmt.Fprintf(&b, "  label %q\n", s.t.str(gi.label))
	}
	if gi.assist {
		b.WriteString("  assisting the GC's marking\n")
	}
	if len(gi.regions) > 0 {
		var rs []string
		for _, r := range gi.regions {
			rs = append(rs, strconv.Quote(s.t.str(r)))
		}
		fmt.Fprintf(&b, "  in region %s\n", strings.Join(rs, " > "))
	}
	b.WriteString(framesText(gs.Frames, "the stack the trace recorded at its last event"))
	return b.String(), nil
}

// maxFrames is the most frames listed in full.
const maxFrames = 16

func framesText(fr []runtime.FrameState, what string) string {
	if len(fr) == 0 {
		return "  (no stack recorded)\n"
	}
	var b strings.Builder
	b.WriteString("  " + what + ":\n")
	for i, f := range fr {
		if len(fr) > maxFrames && i == maxFrames-3 {
			fmt.Fprintf(&b, "  …  (%d frames not shown)\n", len(fr)-maxFrames+1)
		}
		if len(fr) > maxFrames && i >= maxFrames-3 && i < len(fr)-2 {
			continue
		}
		fmt.Fprintf(&b, "  %-3d %s\n        %s:%d\n", i, f.Func, f.File, f.Line)
	}
	return b.String()
}

// Selected is the selected goroutine (-1: none).
func (s *Session) Selected() int64 { return s.selG }

// SelectG selects goroutine g.
func (s *Session) SelectG(g int64) error {
	if debugger.FindG(s.State(), g) == nil {
		return s.noSuchG(g)
	}
	s.selG = g
	return nil
}

func (s *Session) noSuchG(g int64) error {
	st := s.State()
	if len(st.Gs) == 0 {
		return fmt.Errorf("no goroutine G%d: no goroutine is alive at event %d", g, s.pos)
	}
	return fmt.Errorf("no goroutine G%d at event %d (alive: %d goroutines, G%d to G%d; goroutines lists them)", g, s.pos, len(st.Gs), st.Gs[0].Goid, st.Gs[len(st.Gs)-1].Goid)
}

// Procs lists the Ps.
func (s *Session) Procs() string { return debugger.ProcsText(s.State()) }

// Threads lists the Ms with their OS thread ids.
func (s *Session) Threads() string {
	st := s.State()
	var b strings.Builder
	for _, m := range st.Ms {
		p, g := "-", "-"
		if m.P >= 0 {
			p = "P" + strconv.Itoa(int(m.P))
		}
		if m.CurG >= 0 {
			g = "G" + strconv.FormatInt(m.CurG, 10)
		}
		fmt.Fprintf(&b, "M%-3d thread %-8d %-8s %-5s %s\n", m.ID, s.t.threads[m.ID], m.State, p, g)
	}
	return b.String()
}

// Print evaluates an expression at the current event, as gmplab step's
// print does, against the model's state.
func (s *Session) Print(expr string) (string, error) {
	var ev *runtime.Event
	if s.pos > 0 {
		s.explainLast()
		ev = &s.last
	}
	return debugger.PrintState(expr, s.State(), ev)
}

// List has no source to list.
func (s *Session) List(string) (string, error) {
	return "", errors.New("list: a trace holds no source code; goroutine N and stack show the stacks the trace recorded")
}

// Stack prints the selected goroutine's recorded stack.
func (s *Session) Stack() (string, error) {
	g, err := s.currentG()
	if err != nil {
		return "", err
	}
	gs := debugger.FindG(s.State(), g)
	if gs == nil {
		return "", s.noSuchG(g)
	}
	return fmt.Sprintf("G%d:\n%s", g, framesText(gs.Frames, "the stack the trace recorded at its last event")), nil
}

// Schedtrace is a GODEBUG=schedtrace line of the model's state.
func (s *Session) Schedtrace() string { return s.State().Schedtrace() }

// Breakpoints: parsed and matched by package debugger, on the events of
// the replay (break GoBlock, break execute, break g7, break p1).

func (s *Session) AddBreakpoint(spec string) (*debugger.Breakpoint, error) {
	bp, err := debugger.ParseBreakpoint(s.nextBP, spec, max(len(s.md.ps), int(s.md.gomaxprocs), 1))
	if err != nil {
		return nil, err
	}
	s.nextBP++
	s.bps = append(s.bps, bp)
	return bp, nil
}

// LineNote says nothing: the replay has no line breakpoints.
func (s *Session) LineNote(*debugger.Breakpoint) string { return "" }

func (s *Session) SetCondition(id int, cond string) (*debugger.Breakpoint, error) {
	for _, bp := range s.bps {
		if bp.ID == id {
			return bp, bp.SetCond(cond)
		}
	}
	return nil, s.noSuchBP(id)
}

func (s *Session) noSuchBP(id int) error {
	if len(s.bps) == 0 {
		return fmt.Errorf("no breakpoint %d: there are none (break adds one)", id)
	}
	return fmt.Errorf("no breakpoint %d (breakpoints lists them)", id)
}

func (s *Session) Breakpoints() []*debugger.Breakpoint { return s.bps }

func (s *Session) ClearBreakpoint(id int) (*debugger.Breakpoint, error) {
	for i, bp := range s.bps {
		if bp.ID == id {
			s.bps = append(s.bps[:i], s.bps[i+1:]...)
			return bp, nil
		}
	}
	return nil, s.noSuchBP(id)
}

func (s *Session) ClearAll() int {
	n := len(s.bps)
	s.bps = nil
	return n
}

// Displays.

func (s *Session) AddDisplay(expr string) error {
	if _, err := s.Print(expr); err != nil {
		return err
	}
	s.displays = append(s.displays, strings.TrimSpace(expr))
	return nil
}

func (s *Session) RemoveDisplay(n int) error {
	if n < 0 || n >= len(s.displays) {
		return fmt.Errorf("no display %d (display lists them)", n)
	}
	s.displays = append(s.displays[:n], s.displays[n+1:]...)
	return nil
}

func (s *Session) Displays() []string {
	var out []string
	for i, d := range s.displays {
		v, err := s.Print(d)
		if err != nil {
			v = "(" + err.Error() + ")"
		}
		out = append(out, fmt.Sprintf("%d: %s = %s", i, d, v))
	}
	return out
}
