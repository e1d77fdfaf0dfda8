//go:build linux && (amd64 || arm64)

package real

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/go-delve/delve/pkg/proc"

	"github.com/gmplab/gmplab/debugger"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// next runs the program to its next stop at one of stopFuncs and returns
// the event, with what the program printed on the way. ok is false when a
// Ctrl-C (Interrupt) stopped it elsewhere.
func (s *Session) next() (ev runtime.Event, out []runtime.Event, ok bool, err error) {
	if s.exit != nil {
		return ev, nil, false, s.exitedError()
	}
	for {
		if len(s.pending) == 0 {
			cerr := s.grp.Continue()
			out = append(out, s.drain()...)
			var exited proc.ErrProcessExited
			if errors.As(cerr, &exited) {
				s.exit = &runtime.Exit{Reason: "exit", Code: exited.Status}
				s.pos++
				s.last = runtime.Event{Seq: s.pos, T: s.now(), Kind: runtime.EvExit, M: -1, P: -1, G: -1,
					Arg1: int64(exited.Status), Text: "exit", Why: fmt.Sprintf("the process exited with status %d", exited.Status)}
				s.st = nil
				return s.last, out, true, nil
			}
			if cerr != nil {
				return ev, out, false, cerr
			}
			s.pending = s.atBreakpoints(s.stops)
			if len(s.pending) == 0 {
				if s.intr.Load() {
					return ev, out, false, nil
				}
				continue // a stop of Delve's own
			}
		}
		th := s.pending[0]
		s.pending = s.pending[1:]
		sf := s.stops[th.Breakpoint().Breakpoint.Addr]
		ev, err := s.decode(sf, th)
		if err == errSkip {
			continue
		}
		if err != nil {
			return ev, out, false, fmt.Errorf("reading %s's arguments: %v", sf.fn(), err)
		}
		s.pos++
		ev.Seq = s.pos
		s.last = ev
		s.st = nil
		return ev, out, true, nil
	}
}

// atBreakpoints lists the threads stopped at one of the breakpoints in
// stops, the current thread first: several threads can reach one in the
// same instant, and Delve reports one of them; the others are taken, in
// thread order, before the program runs again (Delve steps them past
// their breakpoint when it resumes).
func (s *Session) atBreakpoints(stops map[uint64]*stopFunc) []proc.Thread {
	cur := s.tg.CurrentThread()
	var ths []proc.Thread
	at := func(th proc.Thread) bool {
		bp := th.Breakpoint().Breakpoint
		if bp == nil {
			return false
		}
		_, ok := stops[bp.Addr]
		return ok
	}
	if at(cur) {
		ths = append(ths, cur)
	}
	others := s.tg.ThreadList()
	slices.SortFunc(others, func(a, b proc.Thread) int { return a.ThreadID() - b.ThreadID() })
	for _, th := range others {
		if th.ThreadID() != cur.ThreadID() && at(th) {
			ths = append(ths, th)
		}
	}
	return ths
}

// decode makes the event of a stop in sf: the M is the thread's (found in
// allm by its thread id), the P the M's, the G and arguments sf's.
func (s *Session) decode(sf *stopFunc, th proc.Thread) (runtime.Event, error) {
	ev := runtime.Event{T: s.now(), Kind: sf.kind, M: -1, P: -1, G: -1}
	sc, err := proc.ThreadScope(s.tg, th)
	if err != nil {
		return ev, err
	}
	r := reader{sc: sc}
	mi, ok := s.mByTID[th.ThreadID()]
	if !ok {
		s.readMs(r)
		mi, ok = s.mByTID[th.ThreadID()]
	}
	var p int64
	if ok {
		ev.M = mi.id
		p = r.intOr(fmt.Sprintf("(*runtime.m)(%#x).p", mi.addr), 0)
		if p != 0 {
			ev.P = int32(r.intOr(fmt.Sprintf("(*runtime.p)(%#x).id", p), -1))
		}
	}
	err = sf.decode(r, &ev, mi.addr, p)
	return ev, err
}

// readMs walks allm and records each M's thread id (m.procid, gettid on
// Linux).
func (s *Session) readMs(r reader) {
	for addr := r.intOr("uintptr(runtime.allm)", 0); addr != 0; addr = r.intOr(fmt.Sprintf("uintptr((*runtime.m)(%#x).alllink)", addr), 0) {
		tid := r.intOr(fmt.Sprintf("(*runtime.m)(%#x).procid", addr), 0)
		id := r.intOr(fmt.Sprintf("(*runtime.m)(%#x).id", addr), -1)
		s.mByTID[int(tid)] = mInfo{addr: addr, id: int32(id)}
	}
}

// now is the wall-clock time since main.main: it runs on while the
// program is stopped.
func (s *Session) now() int64 { return int64(time.Since(s.started)) }

// drain reads what the program printed since the last stop (its threads
// are stopped: it is all in the pipes).
func (s *Session) drain() []runtime.Event {
	var out []runtime.Event
	for stream, f := range []*os.File{s.outR, s.errR} {
		if f == nil {
			continue
		}
		f.SetReadDeadline(time.Now().Add(time.Millisecond))
		data, _ := io.ReadAll(deadlineReader{f})
		if len(data) > 0 {
			out = append(out, runtime.Event{Kind: runtime.EvPrint, M: -1, P: -1, G: -1, Arg1: int64(stream), Text: string(data)})
		}
	}
	return out
}

// deadlineReader ends at the read deadline as at the end of the file.
type deadlineReader struct{ f *os.File }

func (d deadlineReader) Read(p []byte) (int, error) {
	n, err := d.f.Read(p)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return n, io.EOF
	}
	return n, err
}

func (s *Session) exitedError() error {
	return fmt.Errorf("the program has exited with code %d at stop %d (%s): nothing runs after that; restart runs it again", s.exit.Code, s.pos, view.FormatTime(s.last.T))
}

// forward runs to stops until match says stop (or n stops were taken, n >
// 0), the program exits or Interrupt is called.
func (s *Session) forward(n int64, match func(ev *runtime.Event) (debugger.StopReason, *debugger.Breakpoint, bool)) (debugger.Stop, error) {
	s.intr.Store(false)
	if s.opts.Timeout > 0 {
		t := time.AfterFunc(s.opts.Timeout, s.Interrupt)
		defer t.Stop()
	}
	var out []runtime.Event
	for taken := int64(0); n <= 0 || taken < n; taken++ {
		if taken > 0 && s.intr.Load() {
			return debugger.Stop{Seq: s.pos, Event: s.last, Reason: debugger.StopInterrupted, Output: out}, nil
		}
		ev, o, ok, err := s.next()
		out = append(out, o...)
		if err != nil {
			return debugger.Stop{}, err
		}
		if !ok {
			return debugger.Stop{Seq: s.pos, Event: s.last, Reason: debugger.StopInterrupted, Output: out}, nil
		}
		if ev.Kind == runtime.EvExit {
			if match != nil {
				s.exit.Msg = s.unreached()
			}
			return debugger.Stop{Seq: s.pos, Event: ev, Reason: debugger.StopExit, Output: out}, nil
		}
		switch {
		case ev.Kind == runtime.EvNewproc:
			s.selG = ev.MustArg("parent") // the new G does not exist yet
		case ev.G >= 0:
			s.selG = ev.G
		}
		if match != nil {
			if r, bp, ok := match(&s.last); ok {
				if bp != nil {
					bp.Hits++
				}
				return debugger.Stop{Seq: s.pos, Event: ev, Reason: r, Breakpoint: bp, Output: out}, nil
			}
		}
	}
	return debugger.Stop{Seq: s.pos, Event: s.last, Reason: debugger.StopStep, Output: out}, nil
}

// unreached says which breakpoints the run ended without stopping at, and
// why a real run may not make the decision they wait for, or "" when it
// stopped at each. On the simulator a breakpoint the lesson names is
// always reached; on the real runtime whether a decision happens at all
// depends on the threads' timing.
func (s *Session) unreached() string {
	var names []string
	var why []string
	seen := map[string]bool{}
	for _, bp := range s.bps {
		if bp.Hits > 0 {
			continue
		}
		names = append(names, fmt.Sprintf("%d (%s)", bp.ID, bp.Spec))
		fn := strings.Fields(bp.Spec)[0]
		if w := mayNotHappen[fn]; w != "" && !seen[fn] {
			seen[fn] = true
			why = append(why, w)
		}
	}
	if len(names) == 0 {
		return ""
	}
	what := "breakpoint " + names[0]
	if len(names) > 1 {
		what = "breakpoints " + strings.Join(names, ", ")
	}
	msg := "The program exited without stopping at " + what + ": the real runtime did not make that decision in this run."
	for _, w := range why {
		msg += " " + w
	}
	return msg + " Whether a real run makes a decision depends on its threads' timing, which the machine's load and the debugger's stops change: restart runs it again; gmplab step shows the model's run, where it always happens."
}

// mayNotHappen says, for the functions whose calls depend most on timing,
// when the real runtime calls them (proc.go).
var mayNotHappen = map[string]string{
	"handoffp":   "sysmon's retake hands off a P whose G is in a system call only when it has seen the same call on two of its passes (the P there for a whole sysmon tick: 20 µs to 10 ms, longer while sysmon backs off), and only if the P has work waiting or no P is idle and no M spins (proc.go: retake); a system call that returns first keeps its P (exitsyscall's fast path). On a loaded machine the OS may not run sysmon's thread twice during the call.",
	"preemptone": "sysmon's retake preempts a G only when it sees the same schedtick on a P on two passes 10 ms apart (forcePreemptNS; proc.go: retake); a G that blocks or yields sooner, or a sysmon the OS does not run in time, makes no preemption.",
}

// matchStop stops at sim.Breakpoint, at a breakpoint, or where target
// says.
func (s *Session) matchStop(target func(ev *runtime.Event) bool) func(ev *runtime.Event) (debugger.StopReason, *debugger.Breakpoint, bool) {
	return func(ev *runtime.Event) (debugger.StopReason, *debugger.Breakpoint, bool) {
		if ev.Kind == runtime.EvBreakpoint {
			return debugger.StopSimBreakpoint, nil, true
		}
		for _, bp := range s.bps {
			if bp.Match(ev, s.State) {
				return debugger.StopBreakpoint, bp, true
			}
		}
		if target != nil && target(ev) {
			return debugger.StopStep, nil, true
		}
		return 0, nil, false
	}
}

// Step runs to the next n scheduling decisions (breakpoints do not stop
// it, as in gmplab step).
func (s *Session) Step(n int64) (debugger.Stop, error) {
	if n < 1 {
		return debugger.Stop{}, fmt.Errorf("step %d: want a count of 1 or more", n)
	}
	return s.forward(n, nil)
}

// Continue runs to a breakpoint, sim.Breakpoint() or the end.
func (s *Session) Continue() (debugger.Stop, error) { return s.forward(-1, s.matchStop(nil)) }

// Next runs until the current P's next execute.
func (s *Session) Next() (debugger.Stop, error) {
	pp := s.last.P
	if pp < 0 {
		return debugger.Stop{}, errors.New("next: the current event has no P; step until one has, or break execute pN")
	}
	return s.forward(-1, s.matchStop(func(ev *runtime.Event) bool {
		return ev.Kind == runtime.EvExecute && ev.P == pp
	}))
}

// StepOut runs until the selected G leaves its M.
func (s *Session) StepOut() (debugger.Stop, error) {
	g := s.selG
	return s.forward(-1, s.matchStop(func(ev *runtime.Event) bool {
		return ev.G == g && ev.Kind.Spec().Leaves
	}))
}

// Restart kills the program and starts the same binary again (no
// rebuild); breakpoints and displays stay. A seed means nothing here.
func (s *Session) Restart(seed *uint64) (debugger.Stop, error) {
	if seed != nil {
		return debugger.Stop{}, errors.New("restart --seed: the real runtime's random choices are its own (cheaprand); restart takes no seed here")
	}
	if s.grp != nil {
		s.grp.Detach(true)
		s.grp = nil
	}
	for _, f := range []*os.File{s.outR, s.errR} {
		f.Close()
	}
	for _, bp := range s.bps {
		bp.Hits = 0
	}
	if err := s.start(); err != nil {
		return debugger.Stop{}, err
	}
	s.selG = 1
	return debugger.Stop{Seq: 0, Reason: debugger.StopStart}, nil
}

// RestartLine says what restart started.
func (s *Session) RestartLine() string {
	return fmt.Sprintf("restarted: a new process, GOMAXPROCS=%d, stopped at main.main", s.gomaxprocs())
}

// Interrupt stops a running continue (Ctrl-C). Safe from another
// goroutine.
func (s *Session) Interrupt() {
	s.intr.Store(true)
	if s.grp != nil {
		s.grp.RequestManualStop()
	}
}

// The backward motions: none.

func (s *Session) Goto(n int64) (debugger.Stop, error) {
	if n > s.pos {
		return s.Step(n - s.pos)
	}
	return debugger.Stop{Seq: s.pos, Event: s.last}, errNoReverse
}
func (s *Session) RevStep(int64) (debugger.Stop, error) { return debugger.Stop{}, errNoReverse }
func (s *Session) RevNext() (debugger.Stop, error)      { return debugger.Stop{}, errNoReverse }
func (s *Session) RevStepOut() (debugger.Stop, error)   { return debugger.Stop{}, errNoReverse }
func (s *Session) RevContinue() (debugger.Stop, error)  { return debugger.Stop{}, errNoReverse }
func (s *Session) Recover(int64)                        {}
func (s *Session) Pos() int64                           { return s.pos }
func (s *Session) ExitInfo() *runtime.Exit              { return s.exit }
func (s *Session) Selected() int64                      { return s.selG }
func (s *Session) Config() runtime.Config               { return runtime.Config{GOMAXPROCS: s.gomaxprocs()} }
func (s *Session) When() string {
	if s.pos == 0 {
		return "stop 0: main.main, at its first line"
	}
	return fmt.Sprintf("stop %d at %s of wall-clock time since main.main (stops included)", s.pos, view.FormatTime(s.last.T))
}
