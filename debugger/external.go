package debugger

import (
	"fmt"
	"strings"

	"github.com/gmplab/gmplab/runtime"
)

// What a session other than the simulator's uses: gmplab real (package
// real) stops the real runtime under Delve, turns each stop into a
// runtime.Event and reads the real runtime's structures into a
// runtime.State, then parses breakpoints, matches them and evaluates
// print and conditions with the same code as gmplab step, so that both
// speak the same words.

// ParseBreakpoint parses a breakpoint spec ("handoffp", "steal p2", "g7",
// optionally "if CONDITION") for a run with gomaxprocs Ps, as
// Session.AddBreakpoint does, and gives it id. Lines are not supported:
// there is no program to find them in.
func ParseBreakpoint(id int, spec string, gomaxprocs int) (*Breakpoint, error) {
	spec = strings.TrimSpace(spec)
	cond := ""
	if i := indexWord(spec, "if"); i >= 0 {
		spec, cond = strings.TrimSpace(spec[:i]), strings.TrimSpace(spec[i+2:])
		if cond == "" {
			return nil, fmt.Errorf("break %s if: the condition is missing", spec)
		}
	}
	if spec == "" {
		return nil, fmt.Errorf("break: say where: an event (handoffp, steal, preempt, …), a goroutine (g7), a P (p2) or an M (m3)")
	}
	bp := &Breakpoint{ID: id, Spec: spec}
	for _, f := range joinIDs(strings.Fields(spec)) {
		if f == "line" || strings.Contains(f, ":") {
			return nil, fmt.Errorf("break %s: line breakpoints are gmplab step's; on the real runtime break on an event, gN, pN or mN", spec)
		}
		t, err := parseTerm(f, gomaxprocs, nil)
		if err != nil {
			return nil, err
		}
		bp.terms = append(bp.terms, t)
	}
	if cond != "" {
		e, err := parseExpr(cond)
		if err != nil {
			return nil, fmt.Errorf("condition %q: %v", cond, err)
		}
		bp.Cond, bp.cond = cond, e
	}
	return bp, nil
}

// SetCond sets (cond "" clears) the condition of a breakpoint made by
// ParseBreakpoint.
func (bp *Breakpoint) SetCond(cond string) error {
	cond = strings.TrimSpace(cond)
	if cond == "" {
		bp.Cond, bp.cond = "", nil
		return nil
	}
	e, err := parseExpr(cond)
	if err != nil {
		return fmt.Errorf("condition %q: %v", cond, err)
	}
	bp.Cond, bp.cond = cond, e
	return nil
}

// Match reports whether ev matches bp's terms and its condition holds in
// the state state returns (called only when there is a condition).
func (bp *Breakpoint) Match(ev *runtime.Event, state func() *runtime.State) bool {
	for _, t := range bp.terms {
		if t.kind == termLine || !t.match(ev) {
			return false
		}
	}
	if bp.cond == nil {
		return true
	}
	v, err := bp.cond.eval(&evalCtx{ev: ev, stateOf: state})
	if err != nil {
		return false
	}
	b, err := v.truth()
	return err == nil && b
}

// PrintState evaluates an expression of print (see expr.go) against st
// and ev (nil: none) and formats its value as print does.
func PrintState(src string, st *runtime.State, ev *runtime.Event) (string, error) {
	e, err := parseExpr(src)
	if err != nil {
		return "", err
	}
	v, err := e.eval(&evalCtx{ev: ev, st: st})
	if err != nil {
		return "", err
	}
	return formatValue(v, ""), nil
}

// PrintExited is PrintState for a session whose program has exited and
// taken its scheduler with it (gmplab real after the exit): the last
// stop's event and exit can still be printed; a name of the scheduler's
// state (p0, gs, sched, …) is an error that starts with gone (the program
// has exited, with its code and where) and lists what can be.
func PrintExited(src string, st *runtime.State, ev *runtime.Event, gone string) (string, error) {
	e, err := parseExpr(src)
	if err != nil {
		return "", err
	}
	v, err := e.eval(&evalCtx{ev: ev, st: st, gone: gone})
	if err != nil {
		return "", err
	}
	return formatValue(v, ""), nil
}

// FindG is goroutine id in st, or nil.
func FindG(st *runtime.State, id int64) *runtime.GState { return gByID(st, id) }
