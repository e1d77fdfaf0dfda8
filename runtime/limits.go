package runtime

import (
	"github.com/gmplab/gmplab/vm"
	"strings"
)

// The run's limits (Config.MaxEvents, MaxInstrs, MaxSteps, MaxTime).
//
// A limit is gmplab giving up, not the program failing, so a stop says four
// things: which limit tripped, what it counted, what the program was doing
// (which goroutine ran what on which P, who waited where), and how to raise
// it. Each limit counts one thing, so the message never guesses: the old
// single --max-steps counted both events and engine actions and blamed
// "Go code that never called into the scheduler" for a program that made a
// million legitimate events.
//
// Rejected: a limit on host time (not deterministic: the same run would
// stop at different events on a loaded machine), and no default limits
// (a learner's `for {}` with the preempt layer off would never end).

// checkLimits stops the run when it passed one of its limits; it runs after
// every engine action.
//
// The engine stops between actions, never inside one (an action is a Go
// function of the engine: schedule, exitsyscall, sysmon's tick), and one
// action makes several events. So a run that reaches --max-events N stops
// after the action that made event N, and the events that action made past
// N are held back: they are dropped from the events handed out, the exit
// event is N+1, and the limit's message says how many were held back and
// that the state at the stop is after them. A user asking for 100 events
// gets exactly 100 and the limit's message.
func (mc *Machine) checkLimits() {
	switch {
	case mc.seq >= mc.cfg.MaxEvents:
		mc.heldBack = mc.holdBack(mc.cfg.MaxEvents)
		mc.exitLimit("max-events")
	case mc.stats.Instrs > mc.cfg.MaxInstrs:
		mc.exitLimit("max-instrs")
	case mc.step > mc.cfg.MaxSteps:
		mc.exitLimit("max-steps")
	}
}

// exitLimit stops a run that passed the limit named which (the flag's name
// without its dashes).
func (mc *Machine) exitLimit(which string) {
	var counted string
	var n, limit int64
	switch which {
	case "max-events":
		n, limit, counted = mc.seq, mc.cfg.MaxEvents, "scheduler events"
	case "max-instrs":
		n, limit, counted = mc.stats.Instrs, mc.cfg.MaxInstrs, "instructions of Go code"
	case "max-steps":
		n, limit, counted = mc.step, mc.cfg.MaxSteps, "engine actions (one action of one M)"
	case "max-time":
		mc.now = mc.cfg.MaxTime
	default:
		panic("exitLimit: unknown limit " + which)
	}
	var msg string
	if which == "max-time" {
		msg = "gmplab: stopped at virtual time " + fmtNs(mc.cfg.MaxTime) + " (--max-time); the program had not finished. Raise --max-time to run longer."
	} else {
		msg = "gmplab: stopped after " + vm.Itoa(n) + " " + counted + " (--" + which + " " + vm.Itoa(limit) + ") at virtual time " +
			fmtNs(mc.now) + "; the program had not finished. Raise --" + which + " to run longer."
	}
	if which == "max-events" && mc.heldBack > 0 {
		msg += "\nThe engine action that made event " + vm.Itoa(limit) + " made " + vm.Itoa(mc.heldBack) +
			" more, not shown: the engine stops between its actions, so the state and the stats at the stop include them."
	}
	msg += mc.explainStuck(which)
	mc.exitProgram(1, which, msg)
}

// holdBack drops the events of the step in progress that come after event
// n (with the states and queues recorded after them) and numbers the next
// event n+1; it returns how many it dropped.
func (mc *Machine) holdBack(n int64) int64 {
	held := mc.seq - n
	if held <= 0 {
		return 0
	}
	keep := len(mc.pending)
	for keep > 0 && mc.pending[keep-1].Seq > n {
		keep--
	}
	if keep < mc.phead {
		panic("holdBack: events past the limit were already handed out")
	}
	mc.pending = mc.pending[:keep]
	w := &mc.watch
	if len(w.states) > keep {
		clear(w.states[keep:])
		w.states = w.states[:keep]
	}
	if len(w.qends) > keep {
		for _, from := range w.qfrom[keep:] {
			if from >= 0 {
				w.qbuf = w.qbuf[:from]
				break
			}
		}
		w.qfrom, w.qends = w.qfrom[:keep], w.qends[:keep]
	}
	mc.seq = n
	return held
}

// limitShowGs is how many goroutines a limit's message lists.
const limitShowGs = 6

// explainStuck says what the program was doing when a limit stopped it,
// each goroutine once, in its state: the goroutines running on the Ps (and, for --max-instrs and --max-time,
// how long each ran without calling into the scheduler), where the others wait, and, when
// a G hogged a P with the preempt layer off while others waited, that the
// preempt layer is what would have stopped it.
func (mc *Machine) explainStuck(which string) string {
	waiting := int64(mc.sched.runq.size)
	for i := range mc.allp {
		waiting += int64(mc.runqlen(int32(i)))
		if mc.allp[i].runnext != nilIdx {
			waiting++
		}
	}
	var running, hogs []string
	for i := range mc.allp {
		mi := mc.allp[i].m
		if mi == nilIdx || mc.allm[mi].curg == nilIdx {
			continue
		}
		gi := mc.allm[mi].curg
		G := &mc.allg[gi]
		if G.status == _Gsyscall {
			continue // waiting, in a system call: waitSummary says it once
		}
		s := "G" + vm.Itoa(G.goid) + " on P" + vm.Itoa(int64(i)) + " " + mc.gWhere(gi)
		if G.sinceSched > 0 && (which == "max-instrs" || which == "max-time") {
			s += ", running Go code for " + fmtNs(G.sinceSched) + " of virtual CPU since it last called into the scheduler"
		}
		running = append(running, s)
		if G.status == _Grunning {
			hogs = append(hogs, "G"+vm.Itoa(G.goid)+" on P"+vm.Itoa(int64(i)))
		}
	}
	var b strings.Builder
	if len(running) > 0 {
		b.WriteString("\nRunning: " + strings.Join(running, "; ") + ".")
	}
	if w := mc.waitSummary(); w != "" {
		b.WriteString("\nWaiting: " + w + ".")
	}
	switch {
	case !mc.cfg.Layers.Has(LayerPreempt) && waiting > 0 && len(hogs) > 0:
		b.WriteString("\n" + strings.Join(hogs, ", ") + " never blocked or yielded, and " + vm.Itoa(waiting) +
			" runnable goroutine(s) waited: with the preempt layer off nothing stops a goroutine that does not block or yield" +
			" (the real runtime with GODEBUG=asyncpreemptoff=1 hangs the same way on a loop with no calls). Turn on --layers preempt.")
	case mc.cfg.AsyncPreemptOff && waiting > 0 && len(hogs) > 0:
		b.WriteString("\n" + strings.Join(hogs, ", ") + " never blocked or yielded, and " + vm.Itoa(waiting) +
			" runnable goroutine(s) waited: with GODEBUG=asyncpreemptoff=1 only a prologue check stops a goroutine, and a loop" +
			" whose calls are inlined or go to leaf functions has none, as on the real runtime.")
	case waiting > 0:
		b.WriteString("\n" + vm.Itoa(waiting) + " runnable goroutine(s) in run queues.")
	}
	return b.String()
}

// gWhere says what gi runs and where: "in main.f at x.go:12".
func (mc *Machine) gWhere(gi int32) string {
	G := &mc.allg[gi]
	if G.th.NumFrames() == 0 {
		return "(not started)"
	}
	fi, _ := G.th.Frame(G.th.NumFrames() - 1)
	fn := &mc.prog.Funcs[fi]
	return "in " + fn.Name + " at " + mc.prog.PosString(mc.gpos(gi))
}

// waitSummary lists up to limitShowGs blocked user goroutines in goid
// order, then how many more there are. A G in a system call (_Gsyscall) is
// among them, with its M and the P that M still holds (its M's curg, but
// not running Go code: explainStuck's Running leaves it out).
func (mc *Machine) waitSummary() string {
	var parts []string
	more := 0
	for i := range mc.allg {
		G := &mc.allg[i]
		if G.system != 0 || (G.status != _Gwaiting && G.status != _Gsyscall) {
			continue
		}
		if len(parts) == limitShowGs {
			more++
			continue
		}
		why := "in a system call"
		if G.status == _Gwaiting {
			why = G.waitreason.String()
		} else if mi := G.m; mi != nilIdx {
			// Its M is in the kernel with it; in Go 1.26 entersyscall
			// leaves the P attached until sysmon's retake takes it.
			why += " on M" + vm.Itoa(int64(mi))
			if pp := mc.allm[mi].p; pp != nilIdx {
				why += ", holding P" + vm.Itoa(int64(pp))
			}
		}
		parts = append(parts, "G"+vm.Itoa(G.goid)+" ("+why+") "+mc.gWhere(int32(i)))
	}
	s := strings.Join(parts, "; ")
	if more > 0 {
		s += "; and " + vm.Itoa(int64(more)) + " more"
	}
	return s
}
