package terminal

import (
	"strconv"
	"strings"
)

// Running the program forwards.

func runCommands() []*command {
	return []*command{
		{
			aliases: []string{"step", "s"},
			group:   groupRun,
			usage:   "step [n]",
			help: `Take the next scheduling event (or the next n).

Every event is one thing the scheduler did, named after the runtime
function that does it (newproc, runqput, findRunnable, execute, gopark,
entersyscall, retake, handoffp, …). step n prints every event it passes
(the first 50, then how many more) and the one it stops at; it does not
stop at breakpoints.`,
			fn: cmdStep,
		},
		{
			aliases: []string{"next", "n"},
			group:   groupRun,
			usage:   "next",
			help: `Run until the current P picks its next goroutine (its next execute).

The current P is the current event's; for an event with no P, the P of
its M, else of the selected goroutine. Stops earlier at a breakpoint.`,
			fn: cmdNext,
		},
		{
			aliases: []string{"stepout", "so"},
			group:   groupRun,
			usage:   "stepout",
			help: `Run until the selected goroutine leaves its M.

It leaves when it parks (gopark, netpollblock), yields (goschedImpl), is
preempted (gopreempt_m, asyncPreempt), exits (goexit0) or enters a system
call (entersyscall). Stops earlier at a breakpoint.`,
			fn: cmdStepout,
		},
		{
			aliases: []string{"continue", "c"},
			group:   groupRun,
			usage:   "continue",
			help: `Run until a breakpoint, sim.Breakpoint() or the end of the program.

What the program prints on the way is shown. Ctrl-C stops a long run.`,
			fn: cmdContinue,
		},
		{
			aliases: []string{"restart", "r"},
			group:   groupRun,
			usage:   "restart [--seed N]",
			help: `Start the program again from event 0, with a new seed if given.

Breakpoints and displays stay. The seed drives the only random choice the
scheduler makes (the order in which a spinning M visits the Ps to steal
from); the same seed always gives the same run.`,
			fn:       cmdRestart,
			noRepeat: true,
		},
		{
			aliases: []string{"goto"},
			group:   groupRun,
			usage:   "goto N",
			help: `Go to event N, forwards or backwards (0 is the start).

goto ignores breakpoints. Going back replays from the nearest snapshot, so
the state is exactly the one a fresh run has after N events.`,
			fn: cmdGoto,
		},
		{
			aliases: []string{"when"},
			group:   groupRun,
			usage:   "when",
			help:    `Print the current event number and virtual time.`,
			fn:      cmdWhen,
		},
	}
}

// parseCount parses an optional count argument (default 1).
func parseCount(c *command, args string) (int64, error) {
	args = strings.TrimSpace(args)
	if args == "" {
		return 1, nil
	}
	n, err := strconv.ParseInt(args, 10, 64)
	if err != nil || n < 1 {
		return 0, usageErr(c, "%s: want a count of 1 or more", args)
	}
	return n, nil
}

func cmdStep(t *Term, args string) error {
	n, err := parseCount(t.cmds.find("step"), args)
	if err != nil {
		return err
	}
	st, err := t.s.Step(n)
	if err != nil {
		return err
	}
	t.printStop(st)
	return nil
}

func noArgs(t *Term, name, args string) error {
	if strings.TrimSpace(args) != "" {
		return usageErr(t.cmds.find(name), "%s takes no argument", name)
	}
	return nil
}

func cmdNext(t *Term, args string) error {
	if err := noArgs(t, "next", args); err != nil {
		return err
	}
	st, err := t.s.Next()
	if err != nil {
		return err
	}
	t.printStop(st)
	return nil
}

func cmdStepout(t *Term, args string) error {
	if err := noArgs(t, "stepout", args); err != nil {
		return err
	}
	st, err := t.s.StepOut()
	if err != nil {
		return err
	}
	t.printStop(st)
	return nil
}

func cmdContinue(t *Term, args string) error {
	if err := noArgs(t, "continue", args); err != nil {
		return err
	}
	st, err := t.s.Continue()
	if err != nil {
		return err
	}
	t.printStop(st)
	return nil
}

func cmdRestart(t *Term, args string) error {
	c := t.cmds.find("restart")
	f := strings.Fields(args)
	var seed *uint64
	switch {
	case len(f) == 0:
	case (f[0] == "--seed" || f[0] == "-seed") && len(f) == 2:
		n, err := strconv.ParseUint(f[1], 10, 64)
		if err != nil {
			return usageErr(c, "--seed %s: want a whole number", f[1])
		}
		seed = &n
	case strings.HasPrefix(f[0], "--seed=") && len(f) == 1:
		n, err := strconv.ParseUint(strings.TrimPrefix(f[0], "--seed="), 10, 64)
		if err != nil {
			return usageErr(c, "%s: want a whole number", f[0])
		}
		seed = &n
	default:
		return usageErr(c, "restart takes only --seed N")
	}
	st, err := t.s.Restart(seed)
	if err != nil {
		return err
	}
	t.printf("restarted: GOMAXPROCS=%d seed=%d layers=%s\n", t.s.Config().GOMAXPROCS, t.s.Config().Seed, t.s.Config().Layers)
	t.printStop(st)
	return nil
}

func cmdGoto(t *Term, args string) error {
	c := t.cmds.find("goto")
	args = strings.TrimSpace(args)
	if args == "" {
		return usageErr(c, "goto needs an event number")
	}
	n, err := strconv.ParseInt(args, 10, 64)
	if err != nil || n < 0 {
		return usageErr(c, "%s: want an event number (0 is the start)", args)
	}
	st, err := t.s.Goto(n)
	t.printStop(st)
	return err
}

func cmdWhen(t *Term, args string) error {
	if err := noArgs(t, "when", args); err != nil {
		return err
	}
	t.println(t.s.When())
	return nil
}
