package replay

import (
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/gmplab/gmplab/debugger"
	"github.com/gmplab/gmplab/runtime"
)

// Session steps through a trace in gmplab step's debugger: it implements
// debugger/terminal's Session, so the REPL, its commands and its words are
// the same. Positions are as in gmplab step: the session stands after
// event Pos (0 is the start, before the trace's first event), and event N
// is the trace's Nth. Going backwards clones the nearest snapshot of the
// model and applies the records up to the target (index.go). It is not
// safe for concurrent use, except Interrupt.
type Session struct {
	t   *Trace
	pos int64
	md  *model // the state after event pos
	cur cursor // at record pos (the next to apply)

	last    runtime.Event // event pos (zero at 0)
	lastRec record
	lastOut outcome
	st      *runtime.State // the state as the debugger's words see it, cached until the session moves

	bps      []*debugger.Breakpoint
	nextBP   int
	displays []string
	selG     int64
	intr     atomic.Bool
}

// NewSession opens a session on t at event 0.
func NewSession(t *Trace) *Session {
	s := &Session{t: t, nextBP: 1, selG: -1}
	s.seek(0)
	return s
}

// Trace is the trace the session steps through.
func (s *Session) Trace() *Trace { return s.t }

// Pos is the number of events taken.
func (s *Session) Pos() int64 { return s.pos }

// Event returns the current event (false at the start).
func (s *Session) Event() (runtime.Event, bool) { return s.last, s.pos > 0 }

// atEnd reports whether the session stands at the trace's last event.
func (s *Session) atEnd() bool { return s.pos >= s.t.recs.n }

// seek puts the session after event n (clamped to the trace).
func (s *Session) seek(n int64) {
	n = min(max(n, 0), s.t.recs.n)
	if n >= s.pos && s.md != nil && n-s.pos <= s.t.idx.every {
		for s.pos < n {
			s.advance(false)
		}
		return
	}
	s.md, s.cur = s.t.stateAt(max(n-1, 0))
	s.pos = s.cur.i
	s.last, s.lastRec, s.lastOut = runtime.Event{}, record{}, outcome{}
	s.st = nil
	if n > 0 {
		s.advance(false)
	}
}

// advance applies the next record; false at the end.
func (s *Session) advance(explain bool) bool {
	var r record
	if !s.cur.next(&r) {
		return false
	}
	s.pos = s.cur.i
	s.lastRec = r
	s.lastOut = s.md.apply(s.t, &r, s.pos)
	s.last = s.t.event(&r, &s.lastOut, s.md, s.pos, explain)
	s.st = nil
	return true
}

// explainLast fills in the current event's why, if a motion passed it
// without (the why is built only for the events a person reads).
func (s *Session) explainLast() {
	if s.pos > 0 && s.last.Why == "" {
		s.last = s.t.event(&s.lastRec, &s.lastOut, s.md, s.pos, true)
	}
}

// forward takes events until n are taken (n < 0: no limit) or match says
// stop; keep collects the events passed (step N shows them).
func (s *Session) forward(n int64, match func(*runtime.Event) (debugger.StopReason, *debugger.Breakpoint, bool), keep bool) (debugger.Stop, error) {
	s.intr.Store(false)
	var passed []runtime.Event
	var more int64
	for taken := int64(0); n < 0 || taken < n; taken++ {
		if s.intr.Load() {
			st := s.stop(debugger.StopInterrupted, nil)
			st.Passed, st.PassedMore = passed, more
			return st, nil
		}
		if keep && taken > 0 {
			if len(passed) < debugger.StepShowMax {
				passed = append(passed, s.last)
			} else {
				more++
			}
		}
		if !s.advance(keep) {
			st := s.stop(debugger.StopExit, nil)
			st.Passed, st.PassedMore = passed, more
			if taken == 0 {
				return st, s.errAtEnd()
			}
			return st, nil
		}
		if match != nil {
			if r, bp, ok := match(&s.last); ok {
				st := s.stop(r, bp)
				st.Passed, st.PassedMore = passed, more
				return st, nil
			}
		}
	}
	reason := debugger.StopStep
	if s.atEnd() {
		reason = debugger.StopExit
	}
	st := s.stop(reason, nil)
	st.Passed, st.PassedMore = passed, more
	return st, nil
}

func (s *Session) errAtEnd() error {
	return fmt.Errorf("the trace ends at event %d (%s): nothing after it", s.t.recs.n, AppendTimeString(s.t.recs.last))
}

var errAtStart = errors.New("already at the start (event 0): nothing happened before it")

// stop describes where the session stands.
func (s *Session) stop(r debugger.StopReason, bp *debugger.Breakpoint) debugger.Stop {
	s.explainLast()
	if s.pos == 0 {
		r = debugger.StopStart
	}
	return debugger.Stop{Seq: s.pos, Event: s.last, Reason: r, Breakpoint: bp,
		Start: "event 0: the start of the trace, before its first event"}
}

func (s *Session) stopHere() debugger.Stop {
	switch {
	case s.pos == 0:
		return s.stop(debugger.StopStart, nil)
	case s.atEnd():
		return s.stop(debugger.StopExit, nil)
	}
	return s.stop(debugger.StopStep, nil)
}

// matchStop is the matcher of a forward motion: the user's breakpoints
// (the first that matches, by id), then the motion's own target.
func (s *Session) matchStop(target func(*runtime.Event) bool) func(*runtime.Event) (debugger.StopReason, *debugger.Breakpoint, bool) {
	return func(ev *runtime.Event) (debugger.StopReason, *debugger.Breakpoint, bool) {
		inferred, ok := s.inferredEvent(ev)
		for _, bp := range s.bps {
			if bp.Match(ev, s.State) || ok && bp.Match(&inferred, s.State) {
				return debugger.StopBreakpoint, bp, true
			}
		}
		if target != nil && target(ev) {
			return debugger.StopStep, nil, true
		}
		return 0, nil, false
	}
}

// finish counts a breakpoint's hit and selects the event's G.
func (s *Session) finish(st debugger.Stop, err error) (debugger.Stop, error) {
	if err != nil {
		return st, err
	}
	if st.Breakpoint != nil {
		st.Breakpoint.Hits++
	}
	s.selectEventG()
	return st, nil
}

func (s *Session) selectEventG() {
	if s.pos > 0 && s.last.G >= 0 {
		s.selG = s.last.G
	}
}

// Step takes n events.
func (s *Session) Step(n int64) (debugger.Stop, error) {
	if n < 1 {
		return debugger.Stop{}, fmt.Errorf("step %d: want a count of 1 or more", n)
	}
	st, err := s.forward(n, nil, true)
	if err == nil {
		s.selectEventG()
	}
	return st, err
}

// Continue runs to the next breakpoint or the end of the trace.
func (s *Session) Continue() (debugger.Stop, error) {
	return s.finish(s.forward(-1, s.matchStop(nil), false))
}

// Next runs until the current P starts its next goroutine.
func (s *Session) Next() (debugger.Stop, error) {
	pp, err := s.currentP()
	if err != nil {
		return debugger.Stop{}, err
	}
	return s.finish(s.forward(-1, s.matchStop(func(ev *runtime.Event) bool {
		return ev.Kind == runtime.EvExecute && int64(ev.P) == pp
	}), false))
}

// StepOut runs until the selected goroutine leaves its M.
func (s *Session) StepOut() (debugger.Stop, error) {
	g, err := s.currentG()
	if err != nil {
		return debugger.Stop{}, err
	}
	return s.finish(s.forward(-1, s.matchStop(func(ev *runtime.Event) bool {
		return ev.G == g && leaves(ev.Kind)
	}), false))
}

// Restart goes back to event 0: a trace has no seed to change.
func (s *Session) Restart(seed *uint64) (debugger.Stop, error) {
	if seed != nil {
		return debugger.Stop{}, errors.New("restart --seed: a trace is one recorded run, with no seed to change; restart alone goes back to event 0")
	}
	for _, bp := range s.bps {
		bp.Hits = 0
	}
	s.seek(0)
	return s.stop(debugger.StopStart, nil), nil
}

// RestartLine says what a restart did (the terminal prints it).
func (s *Session) RestartLine() string {
	return fmt.Sprintf("back at event 0 of %s (%d events)", s.t.Name, s.t.recs.n)
}

// Goto moves to event n.
func (s *Session) Goto(n int64) (debugger.Stop, error) {
	if n < 0 {
		return debugger.Stop{}, fmt.Errorf("goto %d: events are numbered from 0 (the start)", n)
	}
	if n > s.t.recs.n {
		s.seek(s.t.recs.n)
		s.selectEventG()
		return s.stopHere(), fmt.Errorf("the trace has %d events: stopped at the last", s.t.recs.n)
	}
	s.seek(n)
	s.selectEventG()
	return s.stopHere(), nil
}

// RevStep goes back n events.
func (s *Session) RevStep(n int64) (debugger.Stop, error) {
	if n < 1 {
		return debugger.Stop{}, fmt.Errorf("rev step %d: want a count of 1 or more", n)
	}
	if s.pos == 0 {
		return debugger.Stop{}, errAtStart
	}
	s.seek(s.pos - n)
	s.selectEventG()
	return s.stopHere(), nil
}

// RevNext goes back to the last time the current P started a goroutine.
func (s *Session) RevNext() (debugger.Stop, error) {
	pp, err := s.currentP()
	if err != nil {
		return debugger.Stop{}, err
	}
	return s.revTo(func(ev *runtime.Event) bool { return ev.Kind == runtime.EvExecute && int64(ev.P) == pp })
}

// RevStepOut goes back to when the selected goroutine last started.
func (s *Session) RevStepOut() (debugger.Stop, error) {
	g, err := s.currentG()
	if err != nil {
		return debugger.Stop{}, err
	}
	return s.revTo(func(ev *runtime.Event) bool { return ev.Kind == runtime.EvExecute && ev.G == g })
}

// RevContinue goes back to the last breakpoint hit, or to the start.
func (s *Session) RevContinue() (debugger.Stop, error) { return s.revTo(nil) }

// revTo goes back to the latest event before the current one that a
// breakpoint or target matches, searching one snapshot's span at a time,
// newest first.
func (s *Session) revTo(target func(*runtime.Event) bool) (debugger.Stop, error) {
	if s.pos == 0 {
		return debugger.Stop{}, errAtStart
	}
	s.intr.Store(false)
	end := s.pos - 1 // search events 1..end
	match := s.matchStop(target)
	for end >= 1 {
		if s.intr.Load() {
			return s.stopHere(), errors.New("interrupted: stayed where it was")
		}
		sn := s.t.idx.floor(end - 1)
		from := sn.rec // events from+1..end
		found, reason, bp := int64(-1), debugger.StopStep, (*debugger.Breakpoint)(nil)
		s.seek(from)
		for s.pos < end {
			s.advance(false)
			if r, b, ok := match(&s.last); ok {
				found, reason, bp = s.pos, r, b
			}
		}
		if found >= 0 {
			s.seek(found)
			s.selectEventG()
			return s.stop(reason, bp), nil
		}
		end = from
	}
	s.seek(0)
	return s.stop(debugger.StopStart, nil), nil
}

// Interrupt stops a running motion at the next event.
func (s *Session) Interrupt() { s.intr.Store(true) }

// Recover puts the session back at pos after a command panicked.
func (s *Session) Recover(pos int64) {
	s.md = nil
	s.seek(pos)
}

// ExitInfo is nil: a trace ends without an exit of gmplab's.
func (s *Session) ExitInfo() *runtime.Exit { return nil }

// Config is the little of an engine configuration a trace has.
func (s *Session) Config() runtime.Config {
	return runtime.Config{GOMAXPROCS: int(max(s.md.gomaxprocs, 1))}
}

// currentP is the current event's P, else its M's, else the selected G's.
func (s *Session) currentP() (int64, error) {
	if s.pos > 0 && s.last.P >= 0 {
		return int64(s.last.P), nil
	}
	if s.pos > 0 && s.last.M >= 0 && int(s.last.M) < len(s.md.ms) && s.md.ms[s.last.M].p >= 0 {
		return int64(s.md.ms[s.last.M].p), nil
	}
	if g := s.md.lookup(s.selG); g != nil && g.status == gRunning && g.p >= 0 {
		return int64(g.p), nil
	}
	return 0, errors.New("no current P: the current event has none and the selected goroutine runs on none; use step, or goroutine N to select one")
}

func (s *Session) currentG() (int64, error) {
	if s.selG < 0 {
		return 0, errors.New("no current goroutine: select one with goroutine N")
	}
	if s.md.lookup(s.selG) == nil {
		return 0, fmt.Errorf("G%d does not exist at event %d; select another with goroutine N", s.selG, s.pos)
	}
	return s.selG, nil
}

// inferredEvent is the decision the model infers at the current event, as
// the simulator's event of it: the runqget, globrunqget or runqsteal that
// took the G a GoStart starts. The trace records none of them, so the
// replay shows the start (execute) and says the rule in its why; a
// breakpoint on the rule (break steal, break runqsteal, break global)
// stops at the starts the model takes that way.
func (s *Session) inferredEvent(ev *runtime.Event) (runtime.Event, bool) {
	if s.lastRec.kind != rGoStart || ev.Seq != s.pos {
		return runtime.Event{}, false
	}
	in := *ev
	out := &s.lastOut
	switch out.src {
	case srcRunnext, srcRunq:
		in.Kind = runtime.EvRunqget
		if out.src == srcRunnext {
			in.SetArg("inherit_time", 1)
		} else {
			in.SetArg("inherit_time", 0)
		}
		in.Arg2 = 0
	case srcGlobal:
		in.Kind = runtime.EvGlobrunqget
		in.Arg1, in.Arg2 = 0, 0
		in.SetArg("batch", int64(out.n))
	case srcSteal:
		in.Kind = runtime.EvRunqsteal
		in.Arg1, in.Arg2 = 0, 0
		in.SetArg("stolen", int64(out.n))
		in.SetArg("victim", int64(out.victim))
	default:
		return runtime.Event{}, false
	}
	return in, true
}
