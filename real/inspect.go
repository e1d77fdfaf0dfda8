//go:build linux && (amd64 || arm64)

package real

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-delve/delve/pkg/proc"

	"github.com/gmplab/gmplab/debugger"
)

// Why says what the current stop is and what the runtime's state, read at
// the function's entry, says it will decide.
func (s *Session) Why() string {
	if s.pos == 0 {
		return "stop 0 is main.main's first line: the runtime has started (runtime.main made G1 and its own goroutines); nothing of the program's was decided yet\n"
	}
	ev := s.last
	var b strings.Builder
	fmt.Fprintf(&b, "stop %d: the real runtime entered %s", ev.Seq, ev.Kind)
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
		b.WriteString(" (" + strings.Join(who, ", ") + ")")
	}
	b.WriteString("\n")
	if ev.Why != "" {
		b.WriteString("  " + ev.Why + "\n")
	}
	return b.String()
}

// SelectG selects goroutine g.
func (s *Session) SelectG(g int64) error {
	if debugger.FindG(s.State(), g) == nil {
		return fmt.Errorf("no goroutine %d now (goroutines lists them)", g)
	}
	s.selG = g
	return nil
}

// Goroutine describes goroutine g: its state and its real stack.
func (s *Session) Goroutine(g int64) (string, error) {
	gs := debugger.FindG(s.State(), g)
	if gs == nil {
		return "", fmt.Errorf("no goroutine %d now (goroutines lists them)", g)
	}
	status := gs.Status
	if gs.WaitReason != "" {
		status += " (" + gs.WaitReason + ")"
	}
	out := fmt.Sprintf("G%d %s, %s\n", gs.Goid, status, gs.Where)
	if gs.CreatedBy > 0 {
		out += fmt.Sprintf("  created by G%d\n", gs.CreatedBy)
	}
	st, err := s.stack(g)
	if err != nil {
		return out, nil
	}
	return out + st, nil
}

// Stack prints the selected goroutine's real stack, innermost first.
func (s *Session) Stack() (string, error) {
	if s.selG < 0 {
		return "", errors.New("no goroutine is selected: goroutine N selects one")
	}
	st, err := s.stack(s.selG)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("G%d:\n%s", s.selG, st), nil
}

func (s *Session) stack(g int64) (string, error) {
	if s.grp == nil || s.exit != nil {
		return "", errors.New("the program has exited")
	}
	gp, err := proc.FindGoroutine(s.tg, g)
	if err != nil || gp == nil {
		return "", fmt.Errorf("no goroutine %d: %v", g, err)
	}
	frames, err := proc.GoroutineStacktrace(s.tg, gp, 32, 0)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for i, f := range frames {
		name := "?"
		if f.Call.Fn != nil {
			name = f.Call.Fn.Name
		}
		fmt.Fprintf(&b, "  %2d  %s\n      at %s:%d\n", i, name, f.Call.File, f.Call.Line)
	}
	return b.String(), nil
}

// List is gmplab step's: the real program's source is in the stack.
func (s *Session) List(string) (string, error) {
	return "", errors.New("list is gmplab step's; on the real runtime, stack shows the selected goroutine's frames with their files and lines")
}

// Schedtrace prints the GODEBUG=schedtrace line's fields for now.
func (s *Session) Schedtrace() string {
	st := s.State()
	var b strings.Builder
	fmt.Fprintf(&b, "SCHED %dms: gomaxprocs=%d idleprocs=%d threads=%d spinningthreads=%d needspinning=%d idlethreads=%d runqueue=%d [",
		s.last.T/1e6, st.GOMAXPROCS, st.Sched.NPIdle, st.Sched.MCount, st.Sched.NMSpinning, b2i(st.Sched.NeedSpinning), st.Sched.NMIdle, len(st.Global))
	for _, p := range st.Ps {
		n := len(p.Runq)
		if p.Runnext >= 0 {
			n++
		}
		fmt.Fprintf(&b, " %d", n)
	}
	b.WriteString(" ] schedticks=[")
	for _, p := range st.Ps {
		fmt.Fprintf(&b, " %d", p.Schedtick)
	}
	b.WriteString(" ]")
	return b.String()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Breakpoints: parsed and matched by package debugger, against the events
// of the stops.

func (s *Session) AddBreakpoint(spec string) (*debugger.Breakpoint, error) {
	bp, err := debugger.ParseBreakpoint(s.nextBP, spec, s.gomaxprocs())
	if err != nil {
		return nil, err
	}
	s.nextBP++
	s.bps = append(s.bps, bp)
	return bp, nil
}

// LineNote says which stops a breakpoint can never see.
func (s *Session) LineNote(bp *debugger.Breakpoint) string {
	return ""
}

func (s *Session) SetCondition(id int, cond string) (*debugger.Breakpoint, error) {
	for _, bp := range s.bps {
		if bp.ID == id {
			return bp, bp.SetCond(cond)
		}
	}
	return nil, fmt.Errorf("no breakpoint %d (breakpoints lists them)", id)
}

func (s *Session) Breakpoints() []*debugger.Breakpoint { return s.bps }

func (s *Session) ClearBreakpoint(id int) (*debugger.Breakpoint, error) {
	for i, bp := range s.bps {
		if bp.ID == id {
			s.bps = append(s.bps[:i], s.bps[i+1:]...)
			return bp, nil
		}
	}
	return nil, fmt.Errorf("no breakpoint %d (breakpoints lists them)", id)
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

// RemoveDisplay deletes display n (numbered from 0, as listed).
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
