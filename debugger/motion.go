package debugger

import (
	"errors"
	"fmt"

	"github.com/gmplab/gmplab/runtime"
)

// The motions: forwards, backwards and to an event. Forward motions other
// than Step stop at breakpoints and at sim.Breakpoint(); backward ones at
// the same places, searched by replay.

// Step takes n events (n ≥ 1).
func (s *Session) Step(n int64) (Stop, error) {
	if n < 1 {
		return Stop{}, fmt.Errorf("step %d: want a count of 1 or more", n)
	}
	s.keepPassed = true
	st, err := s.forward(n, nil)
	s.keepPassed = false
	if err == nil {
		s.selectEventG()
	}
	return st, err
}

// Continue runs to the next breakpoint, sim.Breakpoint() or the end.
func (s *Session) Continue() (Stop, error) {
	st, err := s.forward(-1, s.matchStop(nil))
	return s.finish(st, err)
}

// Next runs until the current P picks its next G (its next execute). The
// current P is the current event's, else the selected G's.
func (s *Session) Next() (Stop, error) {
	pp, err := s.currentP()
	if err != nil {
		return Stop{}, err
	}
	st, err := s.forward(-1, s.matchStop(func(ev *runtime.Event) bool {
		return ev.Kind == runtime.EvExecute && int64(ev.P) == pp
	}))
	return s.finish(st, err)
}

// StepOut runs until the selected G leaves its M: it parks, yields, is
// preempted, exits or enters a syscall.
func (s *Session) StepOut() (Stop, error) {
	g, err := s.currentG()
	if err != nil {
		return Stop{}, err
	}
	st, err := s.forward(-1, s.matchStop(func(ev *runtime.Event) bool {
		return ev.G == g && ev.Kind.Spec().Leaves
	}))
	return s.finish(st, err)
}

// Goto moves to event n, forwards or backwards, ignoring breakpoints.
func (s *Session) Goto(n int64) (Stop, error) {
	if n < 0 {
		return Stop{}, fmt.Errorf("goto %d: events are numbered from 0 (the start)", n)
	}
	s.seek(n)
	if s.pos < n {
		st := s.stop(StopExit, nil)
		s.selectEventG()
		return st, fmt.Errorf("the run has only %d events: stopped at the last (%s)", s.pos, s.last.Kind)
	}
	s.selectEventG()
	return s.stopHere(), nil
}

// RevStep goes back n events.
func (s *Session) RevStep(n int64) (Stop, error) {
	if n < 1 {
		return Stop{}, fmt.Errorf("rev step %d: want a count of 1 or more", n)
	}
	if s.pos == 0 {
		return Stop{}, errAtStart
	}
	s.seek(s.pos - n)
	s.selectEventG()
	return s.stopHere(), nil
}

var errAtStart = errors.New("already at the start (event 0): nothing happened before it")

// RevNext goes back to the last time the current P picked a G.
func (s *Session) RevNext() (Stop, error) {
	pp, err := s.currentP()
	if err != nil {
		return Stop{}, err
	}
	return s.revTo(func(ev *runtime.Event) bool {
		return ev.Kind == runtime.EvExecute && int64(ev.P) == pp
	})
}

// RevStepOut goes back to when the selected G last got its M (execute).
func (s *Session) RevStepOut() (Stop, error) {
	g, err := s.currentG()
	if err != nil {
		return Stop{}, err
	}
	return s.revTo(func(ev *runtime.Event) bool {
		return ev.Kind == runtime.EvExecute && ev.G == g
	})
}

// RevContinue goes back to the last breakpoint hit, or to the start.
func (s *Session) RevContinue() (Stop, error) {
	return s.revTo(nil)
}

func (s *Session) revTo(target func(*runtime.Event) bool) (Stop, error) {
	if s.pos == 0 {
		return Stop{}, errAtStart
	}
	matchFwd := s.matchStop(target)
	seq, r, bp, ok := s.findBackward(func(ev *runtime.Event, mc *runtime.Machine) (StopReason, *Breakpoint, bool) {
		return s.matchAt(ev, mc, matchFwd)
	})
	if !ok {
		if s.intr.Load() {
			return s.stopHere(), errors.New("interrupted: stayed where it was")
		}
		s.seek(0)
		s.selectEventG()
		return s.stop(StopStart, nil), nil
	}
	s.seek(seq)
	s.selectEventG()
	return s.stop(r, bp), nil
}

// matchAt evaluates a forward matcher against an event of a replay, whose
// machine is mc (for conditions that read the state).
func (s *Session) matchAt(ev *runtime.Event, mc *runtime.Machine, m func(*runtime.Event) (StopReason, *Breakpoint, bool)) (StopReason, *Breakpoint, bool) {
	saved := s.replayMC
	s.replayMC = mc
	defer func() { s.replayMC = saved }()
	return m(ev)
}

// matchStop returns the matcher of a motion: its own target, sim.Breakpoint
// and the user's breakpoints (the first that matches, by id).
func (s *Session) matchStop(target func(*runtime.Event) bool) func(*runtime.Event) (StopReason, *Breakpoint, bool) {
	return func(ev *runtime.Event) (StopReason, *Breakpoint, bool) {
		for _, bp := range s.bps {
			if s.hit(bp, ev) {
				return StopBreakpoint, bp, true
			}
		}
		if ev.Kind == runtime.EvBreakpoint {
			return StopSimBreakpoint, nil, true
		}
		if target != nil && target(ev) {
			return StopStep, nil, true
		}
		return 0, nil, false
	}
}

// finish completes a forward motion: counts the breakpoint hit and selects
// the event's G.
func (s *Session) finish(st Stop, err error) (Stop, error) {
	if err != nil {
		return st, err
	}
	if st.Breakpoint != nil {
		st.Breakpoint.Hits++
	}
	s.selectEventG()
	return st, nil
}

func (s *Session) stopHere() Stop {
	if s.pos == 0 {
		return s.stop(StopStart, nil)
	}
	if s.Exited() {
		return s.stop(StopExit, nil)
	}
	return s.stop(StopStep, nil)
}

// selectEventG makes the current event's G the selected one.
func (s *Session) selectEventG() {
	if s.pos == 0 {
		s.selG = 1
		return
	}
	if s.last.G >= 0 {
		s.selG = s.last.G
	}
}

// Selected is the selected goroutine (-1: none).
func (s *Session) Selected() int64 { return s.selG }

// SelectG makes goroutine g the selected one (goroutine N).
func (s *Session) SelectG(g int64) error {
	if s.findG(g) == nil {
		return s.noSuchG(g)
	}
	s.selG = g
	return nil
}

func (s *Session) currentP() (int64, error) {
	if s.pos > 0 && s.last.P >= 0 {
		return int64(s.last.P), nil
	}
	if s.pos > 0 && s.last.M >= 0 {
		for _, ms := range s.State().Ms {
			if ms.ID == s.last.M && ms.P >= 0 {
				return int64(ms.P), nil
			}
		}
	}
	if gs := s.findG(s.selG); gs != nil && gs.M >= 0 {
		for _, ms := range s.State().Ms {
			if ms.ID == gs.M && ms.P >= 0 {
				return int64(ms.P), nil
			}
		}
	}
	if s.pos == 0 {
		// main is about to run on m0's P: P0 with one P, P(n-1) with
		// more (where runtime.main leaves it).
		for _, ms := range s.State().Ms {
			if ms.ID == 0 && ms.P >= 0 {
				return int64(ms.P), nil
			}
		}
		return 0, nil
	}
	return 0, errors.New("no current P: the current event's M has none and neither has the selected goroutine; use step, or goroutine N to select one")
}

func (s *Session) currentG() (int64, error) {
	if s.selG < 0 {
		return 0, errors.New("no current goroutine: select one with goroutine N")
	}
	if s.findG(s.selG) == nil {
		return 0, fmt.Errorf("G%d has exited; select another with goroutine N", s.selG)
	}
	return s.selG, nil
}

// findG returns goroutine g's state, or nil if it does not exist (or is
// dead).
func (s *Session) findG(g int64) *runtime.GState {
	st := s.State()
	for i := range st.Gs {
		if st.Gs[i].Goid == g {
			return &st.Gs[i]
		}
	}
	return nil
}

func (s *Session) noSuchG(g int64) error {
	st := s.State()
	if len(st.Gs) == 0 {
		return fmt.Errorf("no goroutine G%d: no goroutine is alive", g)
	}
	return fmt.Errorf("no goroutine G%d (alive: G%d to G%d; goroutines lists them)", g, st.Gs[0].Goid, st.Gs[len(st.Gs)-1].Goid)
}
