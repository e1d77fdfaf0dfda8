//go:build linux && (amd64 || arm64)

package real

import (
	"errors"
	"fmt"

	"github.com/gmplab/gmplab/runtime"
)

// stopFunc is one real runtime function gmplab real stops at: the event
// kind that stands for it (the simulator's, whose spec names the function
// and its arguments) and how to read the event's G and arguments from the
// function's own arguments at its entry. r reads in the function's frame;
// m is the current M's address, p its P's (0: none).
type stopFunc struct {
	kind   runtime.EvKind
	decode func(r reader, ev *runtime.Event, m, p int64) error
}

// fn is the function, as Delve names it: the kind's spec's.
func (sf *stopFunc) fn() string { return sf.kind.Spec().Func }

// errSkip says a stop is not a decision (a steal from an empty P): the
// program runs on.
var errSkip = errors.New("not a decision")

// curg is the goid of the G the current M runs for (its user goroutine;
// the functions run on the system stack), -1 for none.
func curg(r reader, m int64) int64 {
	return r.intOr(fmt.Sprintf("(*runtime.m)(%#x).curg.goid", m), -1)
}

// Functions of Go 1.26.8's runtime (proc.go) that make a scheduling
// decision. Built with -gcflags=runtime=-l (gobuild.RealGCFlags), none is inlined;
// without it goready is inlined into chansend, chanrecv, semrelease1,
// netpollgoready and the timers (go build -gcflags=runtime=-m), so a
// channel's wake-up would not stop; the others are too big to be inlined
// anyway. retake is not here: sysmon calls it on every pass
// (every 20 µs to 10 ms), so it would drown the decisions; the handoffp it
// calls for a P in a system call, and the preemptone for a long-running
// G, are. findRunnable, runqget and globrunqget are left out for the same
// reason: execute follows each of their successes.
var stopFuncs = []stopFunc{
	{runtime.EvNewproc, func(r reader, ev *runtime.Event, m, p int64) error {
		// The new G's goid is not known at newproc's entry; newproc1
		// takes pp.goidcache, refilled from sched.goidgen when used up.
		parent := curg(r, m)
		ev.SetArg("parent", parent)
		cache := r.intOr(fmt.Sprintf("(*runtime.p)(%#x).goidcache", p), -1)
		end := r.intOr(fmt.Sprintf("(*runtime.p)(%#x).goidcacheend", p), -1)
		if cache >= 0 && cache != end {
			ev.G = cache
		} else {
			ev.G = r.intOr("runtime.sched.goidgen.value", -2) + 1
		}
		ev.Why = fmt.Sprintf("go statement: G%d creates G%d (its goid read from P%d's goidcache before newproc1 takes it); it will go to P%d's runnext", parent, ev.G, ev.P, ev.P)
		return nil
	}},
	{runtime.EvExecute, func(r reader, ev *runtime.Event, m, p int64) error {
		var err error
		if ev.G, err = r.int("gp.goid"); err != nil {
			return err
		}
		inheritTime := r.intOr("inheritTime", 0)
		schedtick := r.intOr(fmt.Sprintf("(*runtime.p)(%#x).schedtick", p), 0)
		if inheritTime == 0 {
			schedtick++ // execute increments it: the line says the value after
		}
		ev.SetArg("inherit_time", inheritTime)
		ev.SetArg("schedtick", schedtick)
		if inheritTime == 0 {
			ev.Why = "a new time slice: schedtick becomes " + fmt.Sprint(schedtick)
		} else {
			ev.Why = "inheritTime: it shares the current time slice (it came from runnext)"
		}
		return nil
	}},
	{runtime.EvRunqputslow, func(r reader, ev *runtime.Event, m, p int64) error {
		var err error
		if ev.G, err = r.int("gp.goid"); err != nil {
			return err
		}
		ev.P = int32(r.intOr("pp.id", int64(ev.P)))
		h, t := r.intOr("h", 0), r.intOr("t", 0)
		ev.SetArg("moved", (t-h)/2+1)
		ev.Why = fmt.Sprintf("P%d's ring is full (%d Gs): half of it and G%d go to the global queue", ev.P, t-h, ev.G)
		return nil
	}},
	{runtime.EvRunqsteal, func(r reader, ev *runtime.Event, m, p int64) error {
		ev.P = int32(r.intOr("pp.id", int64(ev.P)))
		victim := r.intOr("p2.id", -1)
		n := r.intOr("p2.runqtail", 0) - r.intOr("p2.runqhead", 0)
		stolen := n - n/2
		if n == 0 && r.intOr("stealRunNextG", 0) == 1 && r.intOr("p2.runnext", 0) != 0 {
			stolen = 1
		}
		ev.SetArg("stolen", stolen)
		ev.SetArg("victim", victim)
		if stolen == 0 {
			// stealWork tries every P in turn; the simulator shows the
			// steals that take something (findRunnable's why lists the
			// tries), and so does this.
			return errSkip
		}
		ev.Why = fmt.Sprintf("P%d has nothing to run and steals half of P%d's ring (%d Gs there now; read at runqsteal's entry, before runqgrab takes them)", ev.P, victim, n)
		return nil
	}},
	{runtime.EvHandoffp, func(r reader, ev *runtime.Event, m, p int64) error {
		ev.P = int32(r.intOr("pp.id", int64(ev.P)))
		local := r.intOr("pp.runqtail", 0) - r.intOr("pp.runqhead", 0)
		if r.intOr("pp.runnext", 0) != 0 {
			local++
		}
		global := r.intOr("runtime.sched.runq.size", 0)
		spin := r.intOr("runtime.sched.nmspinning.value", 0) + r.intOr("runtime.sched.npidle.value", 0)
		switch {
		case local > 0 || global > 0:
			ev.SetArg("step", 1)
			ev.Why = fmt.Sprintf("P%d has work (%d local, %d global): handoffp starts an M for it", ev.P, local, global)
		case spin == 0:
			ev.SetArg("step", 4)
			ev.Why = "no work, and no M spins and no P is idle: handoffp starts a spinning M"
		default:
			ev.SetArg("step", 9)
			ev.Why = fmt.Sprintf("no work for P%d and another M spins or a P is idle: P%d goes idle (unless it is the last P while nobody polls the network)", ev.P, ev.P)
		}
		return nil
	}},
	{runtime.EvPreemptone, func(r reader, ev *runtime.Event, m, p int64) error {
		ev.P = int32(r.intOr("pp.id", int64(ev.P)))
		ev.G = r.intOr("(*runtime.m)(pp.m).curg.goid", -1)
		ev.M = int32(r.intOr("(*runtime.m)(pp.m).id", -1))
		if r.intOr("runtime.preemptMSupported", 0) == 1 && r.intOr("runtime.debug.asyncpreemptoff", 0) == 0 {
			ev.SetArg("signal", 1)
		}
		if when := r.intOr("pp.sysmontick.schedwhen", 0); when > 0 {
			if now := nanotime(); now > when {
				ev.SetArg("ran", now-when) // sysmon's view: since schedtick last changed
			}
		}
		ev.Why = fmt.Sprintf("sysmon: G%d has run on P%d for more than 10ms (forcePreemptNS): stackguard0 = stackPreempt, and a SIGURG if async preemption is on", ev.G, ev.P)
		return nil
	}},
	{runtime.EvInjectglist, func(r reader, ev *runtime.Event, m, p int64) error {
		ev.SetArg("runnable", r.intOr("glist.size", 0))
		ev.G = r.intOr("(*runtime.g)(glist.head).goid", -1)
		ev.Why = "Gs made ready together (the netpoller's, or a timer's) go to the Ps' queues and idle Ps are woken"
		return nil
	}},
	{runtime.EvEntersyscall, func(r reader, ev *runtime.Event, m, p int64) error {
		ev.G = curg(r, m)
		ev.Why = fmt.Sprintf("G%d enters a blocking system call and keeps P%d; sysmon's retake takes the P if the call lasts and other work waits", ev.G, ev.P)
		return nil
	}},
	{runtime.EvExitsyscall, func(r reader, ev *runtime.Event, m, p int64) error {
		ev.G = curg(r, m)
		switch {
		case p != 0:
			ev.SetArg("path", 0)
			ev.Why = "its M still holds its P: the fast path"
		case r.intOr(fmt.Sprintf("(*runtime.p)((*runtime.m)(%#x).oldp).status", m), -1) == 0:
			ev.SetArg("path", 1)
			ev.Why = "its P was taken (retake) and is idle now: it takes it back"
		case r.intOr("runtime.sched.npidle.value", 0) > 0:
			ev.SetArg("path", 2)
			ev.Why = "its P was taken and is busy; an idle P is free"
		default:
			ev.SetArg("path", 3)
			ev.Why = "no P is free: the G goes to the global queue and its M stops"
		}
		ev.Why += " (read at exitsyscall's entry)"
		return nil
	}},
	{runtime.EvGopark, func(r reader, ev *runtime.Event, m, p int64) error {
		ev.G = curg(r, m)
		reason := r.intOr("reason", 0)
		text := r.str(fmt.Sprintf("runtime.waitReasonStrings[%d]", reason))
		ev.SetArg("reason", simWaitReason(text))
		ev.Text = text
		ev.Why = fmt.Sprintf("G%d blocks (%s); M%d schedules another G", ev.G, text, ev.M)
		return nil
	}},
	{runtime.EvGoready, func(r reader, ev *runtime.Event, m, p int64) error {
		var err error
		if ev.G, err = r.int("gp.goid"); err != nil {
			return err
		}
		ev.Why = fmt.Sprintf("G%d is made runnable by G%d and goes to P%d's runnext", ev.G, curg(r, m), ev.P)
		return nil
	}},
	{runtime.EvGosched, func(r reader, ev *runtime.Event, m, p int64) error {
		var err error
		if ev.G, err = r.int("gp.goid"); err != nil {
			return err
		}
		if r.intOr("preempted", 0) == 1 {
			ev.Kind = runtime.EvPreempted
			ev.Why = fmt.Sprintf("G%d was preempted: it goes to the global queue's tail", ev.G)
		} else {
			ev.Why = fmt.Sprintf("runtime.Gosched: G%d goes to the global queue's tail", ev.G)
		}
		return nil
	}},
	{runtime.EvGoexit0, func(r reader, ev *runtime.Event, m, p int64) error {
		var err error
		ev.G, err = r.int("gp.goid")
		ev.Why = fmt.Sprintf("G%d returned from its function: it goes to P%d's free list", ev.G, ev.P)
		return err
	}},
	{runtime.EvNewm, func(r reader, ev *runtime.Event, m, p int64) error {
		id := r.intOr("id", -1)
		if id < 0 {
			// id -1: newm allocates one (mReserveID) inside.
			id = r.intOr("runtime.sched.mnext", -1)
		}
		ev.SetArg("thread", id)
		ev.Why = fmt.Sprintf("a new thread, M%d, is created (clone)", id)
		return nil
	}},
	{runtime.EvStopm, func(r reader, ev *runtime.Event, m, p int64) error {
		ev.Why = fmt.Sprintf("M%d found nothing to do and parks on the idle M list", ev.M)
		return nil
	}},
	{runtime.EvBreakpoint, func(r reader, ev *runtime.Event, m, p int64) error {
		ev.G = curg(r, m)
		ev.Why = "the program called sim.Breakpoint()"
		return nil
	}},
}

// simWaitReason is the simulator's code for a wait reason's text (gopark's
// reason codes), or 0 with the text kept in Text when the simulator has no
// such reason.
func simWaitReason(text string) int64 {
	code, _ := runtime.EvGopark.Spec().Args[0].Code(text)
	return code
}
