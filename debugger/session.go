// Package debugger is the step-through debugger for scheduling decisions,
// without its user interface: a Session holds the simulated machine, the
// position in the run (the number of events taken), snapshots for going
// backwards, breakpoints with conditions and displays, and answers the
// questions the REPL asks (why, print, goroutines, list, …) as text. The
// REPL (package debugger/terminal) maps typed commands onto it; tests drive
// it directly.
//
// Positions: the session stands after event N (N = 0 is the start, before
// main runs). Forward motions step the machine; backward ones restore the
// nearest snapshot and replay (snapshot.go), so every position is reached
// exactly as a fresh run reaches it.
package debugger

import (
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
	"github.com/gmplab/gmplab/vm"
)

// Options configure a session.
type Options struct {
	Program *vm.Program
	// Config is the engine's configuration; the session turns Why on.
	Config runtime.Config
	// Name says what runs, for messages ("lessons/04-sysmon/handoff.go").
	Name string
	// Args are the program's os.Args[1:] (gmplab step FILE -- args). Its
	// os.Stdin reads nothing: the debugger's commands come from stdin.
	Args []string
	// SnapshotEvery and MaxSnapshots tune the snapshot store (0: defaults;
	// see snapshot.go).
	SnapshotEvery    int64
	MaxSnapshots     int
	MaxSnapshotBytes int64
}

// Session is one debugging session. It is not safe for concurrent use,
// except Interrupt.
type Session struct {
	opts  Options
	cfg   runtime.Config
	mc    *runtime.Machine
	pos   int64         // events taken
	last  runtime.Event // event number pos (zero value at 0)
	st    *runtime.State
	snaps *snapshots

	bps    []*Breakpoint
	nextBP int

	displays []string
	selG     int64 // the selected goroutine, -1: none

	intr atomic.Bool

	// keepPassed makes forward keep the events it passes (Step).
	keepPassed bool

	// replayMC is the machine of a backward search while it evaluates
	// conditions (they read that machine's state, not the session's).
	replayMC *runtime.Machine
}

// New starts a session at event 0.
func New(opts Options) (*Session, error) {
	if opts.Program == nil {
		return nil, errors.New("debugger: no program")
	}
	s := &Session{opts: opts, nextBP: 1}
	if err := s.start(opts.Config); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Session) start(cfg runtime.Config) error {
	cfg.Why = true
	mc, err := runtime.New(s.opts.Program, cfg)
	if err != nil {
		return err
	}
	mc.SetArgs(s.opts.Args)
	s.cfg = mc.Config()
	s.mc = mc
	s.pos = 0
	s.last = runtime.Event{}
	s.st = nil
	s.selG = 1 // main
	if s.snaps == nil {
		s.snaps = newSnapshots(mc, s.opts.SnapshotEvery, s.opts.MaxSnapshots, s.opts.MaxSnapshotBytes)
	} else {
		s.snaps.reset(mc)
	}
	return nil
}

// Restart begins the run again, with a new seed if seed is not nil.
// Breakpoints and displays stay.
func (s *Session) Restart(seed *uint64) (Stop, error) {
	cfg := s.cfg
	if seed != nil {
		cfg.Seed = *seed
	}
	for _, bp := range s.bps {
		bp.Hits = 0
	}
	if err := s.start(cfg); err != nil {
		return Stop{}, err
	}
	return s.stop(StopStart, nil), nil
}

// Config is the engine's configuration, defaults filled in.
func (s *Session) Config() runtime.Config { return s.cfg }

// Name says what runs.
func (s *Session) Name() string { return s.opts.Name }

// Program is the program being debugged.
func (s *Session) Program() *vm.Program { return s.opts.Program }

// Pos is the number of events taken: the session stands after event Pos.
func (s *Session) Pos() int64 { return s.pos }

// Event returns the event the session stands at; false at the start.
func (s *Session) Event() (runtime.Event, bool) { return s.last, s.pos > 0 }

// Now is the virtual time of the current event (0 at the start).
func (s *Session) Now() int64 { return s.last.T }

// Exited reports whether the run is over: the session stands at the exit
// event, the last there is.
func (s *Session) Exited() bool { return s.pos > 0 && s.last.Kind == runtime.EvExit }

// State is the runtime's state right after the current event (and before
// the next, even when the engine made both in one step). The motions ask
// the engine to record it on the way (runtime/stateat.go); when it was not
// recorded (a `continue` stops where nobody knew in advance), the session
// re-runs the current step from the snapshot before it with a watch on the
// event. The session caches it until it moves; callers must not change it.
func (s *Session) State() *runtime.State {
	if s.st != nil {
		return s.st
	}
	if s.pos == 0 {
		s.st = s.mc.State()
	} else if st := s.mc.StateAt(s.pos); st != nil {
		s.st = st
	} else {
		s.replayTo(s.pos)
		s.st = s.mc.StateAt(s.pos)
		if s.st == nil {
			panic(fmt.Sprintf("debugger: replaying to event %d did not record its state", s.pos))
		}
	}
	return s.st
}

// replayTo puts the session at event target by replaying from the latest
// snapshot before it, with a watch on target: the state after it is
// recorded. Snapshots are taken between steps (snapshot.go), so the step
// that makes event target is replayed whole.
func (s *Session) replayTo(target int64) {
	s.restore(s.snaps.floor(target - 1))
	s.mc.WatchState(target)
	for s.pos < target && !s.Exited() {
		ev, ok := s.mc.Step()
		if !ok {
			break
		}
		s.take(ev, target)
	}
}

// hasConds reports whether a breakpoint has a condition: motions then make
// the engine record the state after every event, which conditions read.
func (s *Session) hasConds() bool {
	for _, bp := range s.bps {
		if bp.cond != nil {
			return true
		}
	}
	return false
}

// Schedtrace is the GODEBUG=schedtrace line for the current event.
func (s *Session) Schedtrace() string { return s.State().Schedtrace() }

// Interrupt makes a running motion stop at the next event (Ctrl-C). Safe
// to call from another goroutine.
func (s *Session) Interrupt() { s.intr.Store(true) }

// SnapshotSeqs lists the events the snapshot store holds clones at.
func (s *Session) SnapshotSeqs() []int64 { return s.snaps.seqs() }

// SnapshotBytes is the memory the snapshots hold, as measured when they
// were taken.
func (s *Session) SnapshotBytes() int64 { return s.snaps.bytes }

// SnapshotsTaken counts the clones made for snapshots so far.
func (s *Session) SnapshotsTaken() int64 { return s.snaps.taken }

// StopReason says why a motion stopped.
type StopReason int

const (
	StopStep          StopReason = iota // the motion's own target was reached
	StopBreakpoint                      // a breakpoint matched
	StopSimBreakpoint                   // the program called sim.Breakpoint()
	StopExit                            // the run ended
	StopStart                           // the start (event 0)
	StopInterrupted                     // Interrupt was called
)

// Stop is where a motion left the session.
type Stop struct {
	Seq        int64
	Event      runtime.Event // zero at the start
	Reason     StopReason
	Breakpoint *Breakpoint // for StopBreakpoint
	// Output is what the program printed on the way (forward motions
	// only), in order.
	Output []runtime.Event
	// Passed are the events a step passed before the one it stopped at
	// (Step only), the first StepShowMax of them; PassedMore counts the
	// ones left out.
	Passed     []runtime.Event
	PassedMore int64
	// Style is how the session's text lines look (no P column in the GM
	// model).
	Style view.Text
	// Start says what event 0 is, for a session whose start is not the
	// simulator's (gmplab replay's: the start of a trace).
	Start string
}

// StepShowMax is how many of the events a `step N` passes its stop lists.
const StepShowMax = 50

// Line is the stop's event as its Style formats it (the why on indented
// lines below), or a sentence at the start.
func (st Stop) Line() string {
	if st.Seq == 0 {
		if st.Start != "" {
			return st.Start
		}
		return "event 0: the start; main is about to run"
	}
	return st.Style.Format(st.Event)
}

// Text is the style of the session's event lines.
func (s *Session) Text() view.Text {
	return view.Text{NoPs: !s.cfg.Layers.Has(runtime.LayerProcs)}
}

func (s *Session) stop(r StopReason, bp *Breakpoint) Stop {
	return Stop{Seq: s.pos, Event: s.last, Reason: r, Breakpoint: bp, Style: s.Text()}
}

// ExitedError is returned by a forward motion at the end of the run.
type ExitedError struct {
	Seq  int64
	T    int64
	Exit *runtime.Exit
}

func (e *ExitedError) Error() string {
	how := "exited"
	if e.Exit != nil {
		switch e.Exit.Reason {
		case "exit":
			how = fmt.Sprintf("exited with code %d", e.Exit.Code)
		default:
			how = fmt.Sprintf("ended (%s, code %d)", e.Exit.Reason, e.Exit.Code)
		}
	}
	return fmt.Sprintf("the program has %s at event %d (%s): nothing runs after that; go back with rev step, rev continue, goto N or restart",
		how, e.Seq, view.FormatTime(e.T))
}

func (s *Session) exitedError() error {
	return &ExitedError{Seq: s.pos, T: s.last.T, Exit: s.mc.Exit()}
}

// take records that the machine returned ev; focus is where the motion
// is going (for snapshot thinning).
func (s *Session) take(ev runtime.Event, focus int64) {
	if ev.Seq != s.pos+1 {
		panic(fmt.Sprintf("debugger: the engine returned event %d after event %d", ev.Seq, s.pos))
	}
	s.pos = ev.Seq
	s.last = ev
	s.st = nil
	s.snaps.consider(s.mc, ev, focus)
}

// forward steps until match says stop (then it reports why), n events have
// been taken (n < 0: no limit), the run ends or Interrupt is called. It
// collects what the program prints on the way.
func (s *Session) forward(n int64, match func(ev *runtime.Event) (StopReason, *Breakpoint, bool)) (Stop, error) {
	if s.Exited() {
		return Stop{}, s.exitedError()
	}
	s.intr.Store(false)
	if n > 0 {
		s.mc.WatchState(s.pos + n)
	}
	if s.hasConds() {
		s.mc.RecordStates(true)
		defer s.mc.RecordStates(false)
	}
	var out, passed []runtime.Event
	more := int64(0)
	stopped := func(st Stop) Stop {
		st.Output = out
		if s.keepPassed {
			// The last event taken is the stop's own: not a passed one.
			if more > 0 {
				more--
			} else if len(passed) > 0 {
				passed = passed[:len(passed)-1]
			}
			if len(passed) > StepShowMax {
				more += int64(len(passed) - StepShowMax)
				passed = passed[:StepShowMax]
			}
			st.Passed, st.PassedMore = passed, more
		}
		return st
	}
	for taken := int64(0); n < 0 || taken < n; taken++ {
		if taken > 0 && s.intr.Load() {
			return stopped(s.stop(StopInterrupted, nil)), nil
		}
		ev, ok := s.mc.Step()
		if !ok {
			break
		}
		s.take(ev, s.pos+1)
		if s.keepPassed {
			if len(passed) < StepShowMax+1 {
				passed = append(passed, ev)
			} else {
				more++
			}
		}
		if ev.Kind == runtime.EvExit {
			return stopped(s.stop(StopExit, nil)), nil
		}
		if match != nil {
			if r, bp, ok := match(&s.last); ok {
				return stopped(s.stop(r, bp)), nil
			}
		}
		if ev.Kind == runtime.EvPrint {
			out = append(out, ev)
		}
	}
	return stopped(s.stop(StopStep, nil)), nil
}

// seek moves to event target (clamped to the run), backwards by snapshot
// and replay, forwards by stepping (from a snapshot past the current
// position when there is one).
func (s *Session) seek(target int64) {
	if target < 0 {
		target = 0
	}
	if target == 0 {
		s.restore(s.snaps.floor(0))
		return
	}
	if fl := s.snaps.floor(target - 1); target < s.pos || fl.seq > s.pos {
		s.restore(fl)
	}
	s.mc.WatchState(target)
	for s.pos < target && !s.Exited() {
		ev, ok := s.mc.Step()
		if !ok {
			break
		}
		s.take(ev, target)
	}
}

func (s *Session) restore(sn *snapshot) {
	s.mc = sn.mc.Clone()
	s.pos = sn.seq
	s.last = sn.last
	s.st = nil
}

// Recover puts the session back at its position after the engine panicked
// (a broken invariant): it replays from the nearest snapshot.
func (s *Session) Recover(pos int64) {
	s.restore(s.snaps.floor(pos))
	defer func() { recover() }() // the same panic again: stay at the snapshot
	s.seek(pos)
}

// findBackward returns the last event before the current one for which
// match says stop, replaying from snapshots, one interval at a time,
// latest first. ok is false if there is none (or on Interrupt).
func (s *Session) findBackward(match func(ev *runtime.Event, mc *runtime.Machine) (StopReason, *Breakpoint, bool)) (seq int64, r StopReason, bp *Breakpoint, ok bool) {
	s.intr.Store(false)
	hi := s.pos // candidates: seq < hi
	for hi > 1 {
		sn := s.snaps.floor(hi - 2)
		mc := sn.mc.Clone()
		if s.hasConds() {
			mc.RecordStates(true)
		}
		found := int64(-1)
		var fr StopReason
		var fbp *Breakpoint
		for seq := sn.seq + 1; seq < hi; seq++ {
			if s.intr.Load() {
				return 0, 0, nil, false
			}
			ev, ok := mc.Step()
			if !ok {
				break
			}
			if r, bp, ok := match(&ev, mc); ok {
				found, fr, fbp = ev.Seq, r, bp
			}
		}
		if found >= 0 {
			return found, fr, fbp, true
		}
		hi = sn.seq + 1
	}
	return 0, 0, nil, false
}

// ExitInfo says how the run ended, when the session stands at its end.
func (s *Session) ExitInfo() *runtime.Exit {
	if !s.Exited() {
		return nil
	}
	return s.mc.Exit()
}
