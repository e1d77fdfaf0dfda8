package terminal

import (
	"errors"
	"strconv"
	"strings"
)

// Looking at the scheduler: nothing here moves the session.

func lookCommands() []*command {
	return []*command{
		{
			aliases: []string{"why"},
			group:   groupLook,
			usage:   "why",
			help: `Explain the current event: the rule that decided it, step by step.

For findRunnable, the sources it tried in order (timers, the 61st-tick
check, runnext, the local ring, the global queue, the netpoller, stealing)
and why each gave nothing; for retake and handoffp, which numbered rule of
the runtime applied.`,
			fn: func(t *Term, args string) error {
				if err := noArgs(t, "why", args); err != nil {
					return err
				}
				t.print(t.s.Why())
				return nil
			},
		},
		{
			aliases: []string{"board"},
			group:   groupLook,
			usage:   "board",
			help: `Draw the whole scheduler as a text diagram.

Every P with its status, M, running G, runnext and ring; the global queue;
the Ms; sysmon; the netpoller; the timers.

With more than 8 Ps the board shows a grid of the busy Ps and sums up the
idle, empty ones.`,
			fn: func(t *Term, args string) error {
				if err := noArgs(t, "board", args); err != nil {
					return err
				}
				t.print(t.s.Board(t.width))
				return nil
			},
		},
		{
			aliases: []string{"goroutines", "grs"},
			group:   groupLook,
			usage:   "goroutines [-group status|p]",
			help: `List the goroutines: status, where they are, what they run.

-group status groups them by status; -group p by the P that runs them or
holds them in runnext or its ring. The selected goroutine is marked *.`,
			fn: cmdGoroutines,
		},
		{
			aliases: []string{"goroutine", "gr"},
			group:   groupLook,
			usage:   "goroutine [N]",
			help: `Select goroutine N and describe it.

It shows the status, the wait reason, where the goroutine is, its stack and
its frames with their sizes.

With no N, describe the selected goroutine. Every stop selects the
event's goroutine; stepout, stack and list use the selected one.`,
			fn: cmdGoroutine,
		},
		{
			aliases: []string{"procs"},
			group:   groupLook,
			usage:   "procs",
			help:    `List the Ps: status, M, running G, runnext, ring length, schedtick, syscalltick.`,
			fn: func(t *Term, args string) error {
				if err := noArgs(t, "procs", args); err != nil {
					return err
				}
				t.print(t.s.Procs())
				return nil
			},
		},
		{
			aliases: []string{"threads"},
			group:   groupLook,
			usage:   "threads",
			help:    `List the Ms (threads): what each does, its P and G.`,
			fn: func(t *Term, args string) error {
				if err := noArgs(t, "threads", args); err != nil {
					return err
				}
				t.print(t.s.Threads())
				return nil
			},
		},
		{
			aliases: []string{"print", "p"},
			group:   groupLook,
			usage:   "print EXPR",
			help: `Print a part of the state, or an expression.

    p p0.runq          P0's ring, head to tail
    p p1               all of P1
    p global           the global run queue
    p g7               all of G7 (p g7.status, p g7.frames)
    p m2.curg          the G that M2 runs
    p sched            the scheduler's counters (p npidle, p nmspinning)
    p sysmon, p timers, p netpoll, p clock
    p ev               the current event (p kind, p g, p arg1)
    p len(p0.runq) > 2
Field names are those of the --state-at JSON; ids print as G7, P1, M2.
An expression is Go syntax: names, x.field, x[N], len(x), whole numbers
(10ms, 20us, 1s are in ns), "strings", == != < <= > >=, ! && || and ( ).`,
			fn: cmdPrint,
		},
		{
			aliases: []string{"list", "l", "ls"},
			group:   groupLook,
			usage:   "list [LINE | FILE:LINE | FUNC]",
			help: `Show the source around the selected goroutine's line, or a line or function.

The goroutine's line is marked =>.`,
			fn: func(t *Term, args string) error {
				out, err := t.s.List(args)
				if err != nil {
					return err
				}
				t.print(out)
				return nil
			},
		},
		{
			aliases: []string{"stack", "bt"},
			group:   groupLook,
			usage:   "stack",
			help:    `Print the selected goroutine's stack: its frames, innermost first, with their sizes.`,
			fn: func(t *Term, args string) error {
				if err := noArgs(t, "stack", args); err != nil {
					return err
				}
				out, err := t.s.Stack()
				if err != nil {
					return err
				}
				t.print(out)
				return nil
			},
		},
		{
			aliases: []string{"why-waited", "latency", "ww"},
			group:   groupLook,
			usage:   "why-waited [N]",
			help: `Explain why goroutine N (or the selected one) waited to run.

gmplab replay's latency lens: its last wait from runnable to running (or
the one it is in), split by cause as the model sees it (behind which G on
which P, all Ps busy, a P idle while an M was woken, a stop-the-world),
who ran on each P meanwhile, and what happened on the way (sysmon's
preemptions and retakes, GC phases).`,
			fn:       cmdWhyWaited,
			noRepeat: true,
		},
		{
			aliases: []string{"findings"},
			group:   groupLook,
			usage:   "findings",
			help: `List where the trace did what the model's rules would not.

gmplab replay's findings: a G started ahead of the one the model had first
in the P's queue, a steal that ran another G than runqsteal picks, a P
that went idle while the model had Gs in its queue. Each says its event:
goto N and why show it.`,
			fn:       cmdFindings,
			noRepeat: true,
		},
		{
			aliases: []string{"display"},
			group:   groupLook,
			usage:   "display [EXPR | -d N]",
			help: `Print EXPR after every stop.

With no argument, print the displays now; -d N deletes display N.`,
			fn:       cmdDisplay,
			noRepeat: true,
		},
		{
			aliases: []string{"schedtrace"},
			group:   groupLook,
			usage:   "schedtrace",
			help:    `Print the GODEBUG=schedtrace line of Go 1.26 for now.`,
			fn: func(t *Term, args string) error {
				if err := noArgs(t, "schedtrace", args); err != nil {
					return err
				}
				// The runtime's own format, kept whole for grep and
				// for comparing with GODEBUG's: the terminal folds it.
				t.printRaw(strings.TrimSuffix(t.s.Schedtrace(), "\n") + "\n")
				return nil
			},
		},
	}
}

func cmdGoroutines(t *Term, args string) error {
	c := t.cmds.find("goroutines")
	f := strings.Fields(args)
	group := ""
	switch {
	case len(f) == 0:
	case len(f) == 2 && (f[0] == "-group" || f[0] == "--group"):
		group = f[1]
	case len(f) == 1 && strings.HasPrefix(f[0], "-group="):
		group = strings.TrimPrefix(f[0], "-group=")
	default:
		return usageErr(c, "goroutines takes only -group status or -group p")
	}
	if group != "" && group != "status" && group != "p" {
		return usageErr(c, "-group %s: group by status or p", group)
	}
	out, err := t.s.Goroutines(group)
	if err != nil {
		return err
	}
	t.print(out)
	return nil
}

func cmdGoroutine(t *Term, args string) error {
	c := t.cmds.find("goroutine")
	args = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(args)), "g")
	g := t.s.Selected()
	if args != "" {
		n, err := strconv.ParseInt(args, 10, 64)
		if err != nil || n < 0 {
			return usageErr(c, "%s: want a goroutine number (goroutine 7)", args)
		}
		if err := t.s.SelectG(n); err != nil {
			return err
		}
		g = n
	} else if g < 0 {
		return usageErr(c, "no goroutine is selected: give its number")
	}
	out, err := t.s.Goroutine(g)
	if err != nil {
		return err
	}
	t.print(out)
	return nil
}

func cmdPrint(t *Term, args string) error {
	if strings.TrimSpace(args) == "" {
		return usageErr(t.cmds.find("print"), "print what?")
	}
	out, err := t.s.Print(args)
	if err != nil {
		return err
	}
	t.println(out)
	return nil
}

func cmdDisplay(t *Term, args string) error {
	c := t.cmds.find("display")
	args = strings.TrimSpace(args)
	switch {
	case args == "":
		lines := t.s.Displays()
		if len(lines) == 0 {
			t.println("no displays (display EXPR adds one)")
		}
		for _, l := range lines {
			t.println(l)
		}
		return nil
	case strings.HasPrefix(args, "-d"):
		n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(args, "-d")))
		if err != nil {
			return usageErr(c, "display -d needs the number of a display")
		}
		if err := t.s.RemoveDisplay(n); err != nil {
			return err
		}
		t.printf("deleted display %d\n", n)
		return nil
	}
	if err := t.s.AddDisplay(args); err != nil {
		return err
	}
	lines := t.s.Displays()
	t.println(lines[len(lines)-1])
	return nil
}

// latencyLens is a session that explains waits (gmplab replay's).
type latencyLens interface {
	WhyWaited(g int64) (string, error)
	Findings() string
}

func cmdWhyWaited(t *Term, args string) error {
	c := t.cmds.find("why-waited")
	ll, ok := t.s.(latencyLens)
	if !ok {
		return errors.New("why-waited explains the waits of a real trace: it is gmplab replay's (gmplab run --format trace writes this program's run as one)")
	}
	args = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(args)), "g")
	g := int64(-1)
	if args != "" {
		n, err := strconv.ParseInt(args, 10, 64)
		if err != nil || n < 0 {
			return usageErr(c, "%s: want a goroutine number (why-waited 7)", args)
		}
		g = n
	}
	out, err := ll.WhyWaited(g)
	if err != nil {
		return err
	}
	t.print(out)
	return nil
}

func cmdFindings(t *Term, args string) error {
	if err := noArgs(t, "findings", args); err != nil {
		return err
	}
	ll, ok := t.s.(latencyLens)
	if !ok {
		return errors.New("findings are gmplab replay's: where a real trace did what the model's rules would not")
	}
	t.print(ll.Findings())
	return nil
}
