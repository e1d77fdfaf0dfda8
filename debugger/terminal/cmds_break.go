package terminal

import (
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/runtime"
)

// Breakpoints: on events, goroutines, Ps, Ms and lines, with conditions.

// groupNames lists the breakpoint groups of event kinds (runtime.EvGroups).
func groupNames() string {
	var ns []string
	for _, g := range runtime.EvGroups {
		ns = append(ns, g.Name)
	}
	return strings.Join(ns, ", ")
}

func breakCommands() []*command {
	return []*command{
		{
			aliases: []string{"break", "b"},
			group:   groupBreak,
			usage:   "break WHAT... [if CONDITION]",
			help: `Stop continue, next, stepout and the rev motions at matching events.

WHAT is one or more of these; an event must match all of them:
    an event kind       handoffp, retake, runqsteal, execute, gopark, … (any kind)
    a group of kinds    ` + groupNames() + `
    a trace event       GoCreate, GoStart, GoBlock, GoUnblock, ProcStart, ProcSteal,
                        STWBegin, GCBegin, UserRegionBegin, … (the events of Go's
                        execution trace that record a kind; GoSyscall* any of a
                        prefix: gmplab replay's words, gmplab step's too)
    gN                  any event of goroutine N          (break g7)
    pN, mN              any event on P N, on M N          (break p2, break steal p2)
    line FILE:N         an event at that line of the program, such as a
                        goroutine parking, entering a syscall or being
                        created there (break line handoff.go:14, or line 14)
The program's own sim.Breakpoint() calls always stop.
A condition is an expression like print's: break steal if len(global) > 10.
It may name the event's arguments: break handoffp if step == 4, break
runqsteal if stolen > 2 (docs/events.md lists every kind's).`,
			fn:       cmdBreak,
			noRepeat: true,
		},
		{
			aliases: []string{"condition", "cond"},
			group:   groupBreak,
			usage:   "condition N EXPR | condition -clear N",
			help: `Make breakpoint N stop only when EXPR is true (or clear its condition).

EXPR compares fields of the current event and of the state:
    condition 1 p == 2                 the event is on P2
    condition 1 len(global) > 10       more than 10 Gs in the global queue
    condition 2 len(p0.runq) >= 3 && nmspinning == 0
    condition 3 g7.status == "runnable"
Names are those of print; a name that does not exist yet (g99) is false.`,
			fn:       cmdCondition,
			noRepeat: true,
		},
		{
			aliases: []string{"breakpoints", "bp"},
			group:   groupBreak,
			usage:   "breakpoints",
			help:    `List the breakpoints with their conditions and hit counts.`,
			fn:      cmdBreakpoints,
		},
		{
			aliases: []string{"clear"},
			group:   groupBreak,
			usage:   "clear N",
			help:    `Delete breakpoint N.`,
			fn:      cmdClear,
		},
		{
			aliases: []string{"clearall"},
			group:   groupBreak,
			usage:   "clearall",
			help:    `Delete every breakpoint.`,
			fn:      cmdClearall,
		},
	}
}

func cmdBreak(t *Term, args string) error {
	if strings.TrimSpace(args) == "" {
		return usageErr(t.cmds.find("break"), "break what? an event, gN, pN, mN or line FILE:N")
	}
	bp, err := t.s.AddBreakpoint(args)
	if err != nil {
		return err
	}
	t.println(bp.String())
	if note := t.s.LineNote(bp); note != "" {
		t.println(note)
	}
	return nil
}

func parseID(c *command, s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, usageErr(c, "%q: want a breakpoint number", strings.TrimSpace(s))
	}
	return n, nil
}

func cmdCondition(t *Term, args string) error {
	c := t.cmds.find("condition")
	f := strings.Fields(args)
	if len(f) == 0 {
		return usageErr(c, "condition of which breakpoint?")
	}
	if f[0] == "-clear" {
		if len(f) != 2 {
			return usageErr(c, "condition -clear takes a breakpoint number")
		}
		id, err := parseID(c, f[1])
		if err != nil {
			return err
		}
		bp, err := t.s.SetCondition(id, "")
		if err != nil {
			return err
		}
		t.println(bp.String())
		return nil
	}
	id, err := parseID(c, f[0])
	if err != nil {
		return err
	}
	_, rest, _ := strings.Cut(strings.TrimSpace(args), f[0])
	if strings.TrimSpace(rest) == "" {
		return usageErr(c, "condition %d: the condition is missing (condition -clear %d removes one)", id, id)
	}
	bp, err := t.s.SetCondition(id, rest)
	if err != nil {
		return err
	}
	t.println(bp.String())
	return nil
}

func cmdBreakpoints(t *Term, args string) error {
	if err := noArgs(t, "breakpoints", args); err != nil {
		return err
	}
	bps := t.s.Breakpoints()
	if len(bps) == 0 {
		t.println("no breakpoints (sim.Breakpoint() in the program always stops)")
		return nil
	}
	for _, bp := range bps {
		t.printf("%s (hits: %d)\n", bp, bp.Hits)
	}
	return nil
}

func cmdClear(t *Term, args string) error {
	c := t.cmds.find("clear")
	if strings.TrimSpace(args) == "" {
		return usageErr(c, "clear which breakpoint?")
	}
	id, err := parseID(c, args)
	if err != nil {
		return err
	}
	bp, err := t.s.ClearBreakpoint(id)
	if err != nil {
		return err
	}
	t.printf("cleared %s\n", bp)
	return nil
}

func cmdClearall(t *Term, args string) error {
	if err := noArgs(t, "clearall", args); err != nil {
		return err
	}
	n := t.s.ClearAll()
	t.printf("cleared %d breakpoint%s\n", n, plural(n))
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
