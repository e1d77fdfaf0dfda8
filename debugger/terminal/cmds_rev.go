package terminal

import "strings"

// Going backwards. The engine is deterministic, so going back is exact:
// the session replays from a snapshot (debugger/snapshot.go).

func revCommands() []*command {
	return []*command{
		{
			aliases: []string{"rev"},
			group:   groupRev,
			usage:   "rev step [n] | rev next | rev stepout | rev continue",
			help: `Run a motion backwards.

    rev step [n]   (rev s)   go back one event (or n)
    rev next       (rev n)   go back to the last time the current P picked a goroutine
    rev stepout    (rev so)  go back to when the selected goroutine got its M
    rev continue   (rev c)   go back to the last breakpoint hit, or to the start

The state reached is exactly the one stepping forwards reaches.`,
			fn: cmdRev,
		},
		{
			aliases: []string{"rewind", "rw"},
			group:   groupRev,
			usage:   "rewind",
			help:    `Go back to the last breakpoint hit, or to the start (rev continue).`,
			fn: func(t *Term, args string) error {
				if err := noArgs(t, "rewind", args); err != nil {
					return err
				}
				st, err := t.s.RevContinue()
				if err != nil {
					return err
				}
				t.printStop(st)
				return nil
			},
		},
	}
}

func cmdRev(t *Term, args string) error {
	c := t.cmds.find("rev")
	sub, rest, _ := strings.Cut(strings.TrimSpace(args), " ")
	rest = strings.TrimSpace(rest)
	switch sub {
	case "step", "s":
		n, perr := parseCount(c, rest)
		if perr != nil {
			return perr
		}
		stop, err := t.s.RevStep(n)
		if err != nil {
			return err
		}
		t.printStop(stop)
		return nil
	case "next", "n", "stepout", "so", "continue", "c":
		if rest != "" {
			return usageErr(c, "rev %s takes no argument", sub)
		}
		stop := t.s.RevNext
		switch sub {
		case "stepout", "so":
			stop = t.s.RevStepOut
		case "continue", "c":
			stop = t.s.RevContinue
		}
		s, err := stop()
		if err != nil {
			return err
		}
		t.printStop(s)
		return nil
	case "":
		return usageErr(c, "rev what?")
	}
	return usageErr(c, "rev %s: not a motion (step, next, stepout, continue)", sub)
}
