package replay

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/exp/trace"

	"github.com/gmplab/gmplab/runtime"
)

// A record becomes the simulator's runtime.Event, so that the replay prints
// gmplab step's line (view.Text) and matches gmplab step's breakpoints:
// the kind is the runtime function that made the decision the trace
// recorded (GoCreate is newproc's, GoStart execute's, GoBlock gopark's, …:
// runtime.EvSpec.Trace names the trace events of each kind), and the why
// says what the trace recorded, then what the model infers.

// traceName is the name of the trace event record r stands for.
func (t *Trace) traceName(r *record) string {
	if r.kind == rGCBegin && r.a == 1 {
		return "GCActive"
	}
	return rkindNames[r.kind]
}

// kindOf is the simulator's kind of record r: the kind whose spec names
// r's trace event (runtime.TraceKinds). Where several kinds share one,
// what r carries decides: GoStop's reason and stack (goschedImpl,
// goyield, asyncPreempt, gopreempt_m), UserLog's category (the program's
// output, as gmplab run --format trace writes it, is print).
func (t *Trace) kindOf(r *record) runtime.EvKind {
	ks := runtime.TraceKinds(t.traceName(r))
	switch {
	case len(ks) == 0:
		return runtime.EvNone
	case r.kind == rGoStop:
		switch {
		case t.str(r.a) == "runtime.Gosched":
			return runtime.EvGosched
		case t.stackHas(r.stk, "runtime.goyield", 4):
			return runtime.EvGoyield
		case t.stackHas(r.stk, "runtime.asyncPreempt", 4):
			return runtime.EvAsyncPreempt
		}
		return runtime.EvPreempted
	case r.kind == rUserLog:
		if cat := t.str(r.b); r.a == 0 && (cat == "stdout" || cat == "stderr") {
			return runtime.EvPrint
		}
		return runtime.EvUserLog
	}
	return ks[0] // GoBlock is gopark's, GoUnblock goready's
}

// leaves reports whether an event of kind k takes its G off its M.
func leaves(k runtime.EvKind) bool { return k.Spec().Leaves }

// event builds record r's event, number pos, after the model applied it
// (out is what that did); explain adds the why.
func (t *Trace) event(r *record, out *outcome, md *model, pos int64, explain bool) runtime.Event {
	ev := runtime.Event{Seq: pos, T: r.t, Kind: t.kindOf(r), M: r.m, P: r.p, G: r.g}
	// The argument the trace event stands for (newproc's parked,
	// exitsyscall's path, userRegion's mode, …).
	name := t.traceName(r)
	for _, te := range ev.Kind.Spec().Trace {
		if te.Name == name && te.Arg != "" {
			ev.SetArg(te.Arg, te.Value)
			break
		}
	}
	switch r.kind {
	case rGoCreate, rGoCreateBlocked:
		ev.SetArg("parent", r.g2)
	case rGoStart:
		if out.src == srcRunnext {
			ev.SetArg("inherit_time", 1)
		}
		if r.p >= 0 && int(r.p) < len(md.ps) {
			ev.SetArg("schedtick", md.ps[r.p].schedtick)
		}
	case rGoBlock:
		ev.Text = t.str(r.a)
		if code, ok := ev.Kind.Spec().Args[0].Code(ev.Text); ok {
			ev.Arg1 = code
		}
	case rGoSyscallEndBlocked:
		switch {
		case r.p < 0:
			ev.SetArg("path", 3) // no P: the global queue
		case r.p == out.wasP:
			ev.SetArg("path", 1) // its old P back
		default:
			ev.SetArg("path", 2) // an idle P
		}
	case rProcSteal:
		ev.G = out.fromG // retake's G: the one in the system call
		if pm := out.fromM; pm >= 0 {
			ev.SetArg("thread", int64(pm))
		}
	case rProcsChange:
		ev.G = r.g2
		ev.SetArg("old", int64(out.n))
		ev.SetArg("new", r.a)
		if out.n == 0 {
			ev.SetArg("old", r.a) // the first the trace says: no change known
		}
	case rSTWBegin:
		ev.Text, ev.G = t.str(r.a), r.g2
		ev.SetArg("stopped", int64(out.n))
	case rSTWEnd:
		ev.Text, ev.G = t.str(r.a), r.g2
		ev.SetArg("pause", out.stw)
	case rGCBegin:
		if r.a == 0 {
			ev.SetArg("trigger", runtime.GCTriggerUnknown) // GCActive's is in its spec
		}
	case rUserTaskBegin:
		ev.SetArg("task", r.a)
		ev.SetArg("parent", r.c)
		ev.Text, ev.G = t.str(r.b), r.g2
	case rUserTaskEnd:
		ev.SetArg("task", r.a)
		ev.Text, ev.G = t.str(r.b), r.g2
	case rUserRegionBegin, rUserRegionEnd:
		ev.SetArg("task", r.a)
		ev.Text, ev.G = t.str(r.b), r.g2
	case rUserLog:
		ev.G = r.g2
		if ev.Kind == runtime.EvPrint {
			ev.Text = t.str(r.c)
			if t.str(r.b) == "stderr" {
				ev.SetArg("stream", 1)
			}
		} else {
			ev.SetArg("task", r.a)
			ev.Text = t.str(r.b) + ": " + t.str(r.c)
		}
	case rGoStatus:
		ev.SetArg("seen_as", traceStateCode(r.a, false))
	case rProcStatus:
		ev.SetArg("seen_as", traceStateCode(r.a, true))
	}
	if explain {
		ev.Why = t.why(r, out, md)
	}
	return ev
}

// traceStateCode is traceAdvance's code for a state the trace library
// reports (trace.GoState or trace.ProcState).
func traceStateCode(s int64, proc bool) int64 {
	if proc {
		switch trace.ProcState(s) {
		case trace.ProcRunning:
			return 2
		case trace.ProcIdle:
			return 5
		}
		return 0
	}
	switch trace.GoState(s) {
	case trace.GoRunnable:
		return 1
	case trace.GoRunning:
		return 2
	case trace.GoWaiting:
		return 3
	case trace.GoSyscall:
		return 4
	}
	return 0
}

// why says what the trace recorded, then what the model does with it.
func (t *Trace) why(r *record, out *outcome, md *model) string {
	var steps []string
	add := func(format string, args ...any) { steps = append(steps, fmt.Sprintf(format, args...)) }
	gid := func(g int64) string {
		if g < 0 {
			return "the scheduler"
		}
		return "G" + strconv.FormatInt(g, 10)
	}
	switch r.kind {
	case rGoStatus:
		add("first seen: G%d %s since before the trace began (the tracer records each goroutine's state when it first touches it in a generation)", r.g, goStateText(r.a))
	case rProcStatus:
		add("first seen: P%d %s (the tracer records each P's state at a generation's start)", r.p, procStateText(r.a))
	case rGoCreate:
		add("trace: GoCreate of G%d by %s", r.g, gid(r.g2))
		if fr := t.frames(uint32(r.a)); len(fr) > 0 {
			add("it will run %s", fr[0].Func)
		}
		switch out.rule {
		case ruleNewproc:
			add("newproc puts it in P%d's runnext (runqput with next=true, inferred)%s", r.p, t.putText(out.put, r.p))
		case ruleNoP:
			add("created without a P: the model does not know its queue")
		}
	case rGoCreateBlocked:
		add("trace: GoCreateBlocked of G%d by %s: it starts blocked", r.g, gid(r.g2))
	case rGoCreateSyscall:
		add("trace: GoCreateSyscall: G%d appears in a system call (a C thread calling into Go)", r.g)
	case rGoUnblock:
		add("trace: GoUnblock of G%d by %s", r.g, gid(r.g2))
		switch out.rule {
		case ruleReady:
			add("ready puts it in P%d's runnext (runqput with next=true, inferred)%s", r.p, t.putText(out.put, r.p))
		case ruleInjectGlobal:
			add("readied by the network poller or a runtime helper: injectglist puts it on the global queue (inferred: an idle P can take it, or the M has no P)")
		case ruleInjectLocal:
			add("readied by the network poller or a runtime helper: injectglist puts it at the tail of P%d's ring (inferred: no P is idle)%s", r.p, t.putText(out.put, r.p))
		case ruleScheduler:
			add("a runtime goroutine readied by the scheduler (the trace reader, a GC mark worker): findRunnable runs it at once, past the queues")
		case ruleNoP:
			add("readied without a P: the model does not know its queue")
		}
	case rGoStart:
		t.startWhy(r, out, md, add)
	case rGoStop:
		reason := t.str(r.a)
		add("trace: GoStop of G%d, %q", r.g, reason)
		switch out.rule {
		case ruleGosched:
			if reason == "runtime.Gosched" {
				add("goschedImpl puts it at the global queue's tail (inferred)")
			} else {
				add("preempted (sysmon after 10ms, or the GC asked): goschedImpl puts it at the global queue's tail (inferred)")
			}
		case rulePreemptSTW:
			add("preempted for a stop-the-world: goschedImpl keeps it in P%d's runnext to run first after it (inferred)%s", r.p, t.putText(out.put, r.p))
		case ruleGoyield:
			add("goyield (sync.Mutex handing the lock over) puts it at the tail of P%d's ring (inferred)%s", r.p, t.putText(out.put, r.p))
		}
	case rGoBlock:
		add("trace: GoBlock of G%d, %q", r.g, t.str(r.a))
		if fr := t.frames(r.stk); len(fr) > 0 {
			add("in %s", userFrame(fr))
		}
	case rGoSyscallBegin:
		add("trace: GoSyscallBegin of G%d: it keeps P%d during the call; sysmon retakes the P if the call lasts (retake, 20µs to 10ms)", r.g, r.p)
	case rGoSyscallEnd:
		add("trace: GoSyscallEnd of G%d: back with its P%d (exitsyscall's fast path)", r.g, r.p)
	case rGoSyscallEndBlocked:
		if r.p >= 0 {
			add("trace: GoSyscallEndBlocked of G%d: its P was taken; exitsyscall took P%d and runs it", r.g, r.p)
		} else {
			add("trace: GoSyscallEndBlocked of G%d: its P was taken and no P is free; exitsyscallNoP puts it on the global queue (inferred)", r.g)
		}
	case rGoDestroy, rGoDestroySyscall:
		add("trace: %s: G%d ended", r.kind, r.g)
	case rProcStart:
		if out.borrow {
			add("trace: ProcStart: sysmon's M%d holds P%d for a moment: handoffp starts an M for the P's work, and allocm borrows the P while it makes the M", r.m, r.p)
		} else {
			add("trace: ProcStart: M%d takes P%d (acquirep)", r.m, r.p)
		}
	case rProcStop:
		if out.borrow {
			add("trace: ProcStop: the new M is made; sysmon's M%d gives P%d back to it (allocm)", r.m, r.p)
		} else {
			add("trace: ProcStop: M%d lets P%d go idle (releasep, pidleput)", r.m, r.p)
		}
		if f := out.finding; f.code == fIdleWithWork {
			add("finding: the model had %d G(s) in P%d's queue (first G%d), but findRunnable gives a P up only when its queue is empty: they were taken by a path the trace does not show (a steal whose G the model put elsewhere)", f.other, f.p, f.g)
		}
	case rProcSteal:
		switch {
		case r.a == 0:
			add("trace: ProcSteal: sysmon took P%d from a system call (retake → handoffp)", r.p)
		default:
			add("trace: ProcSteal: M%d took P%d from a thread in a system call (exitsyscall taking its P back, or the GC stopping the world)", r.m, r.p)
		}
	case rProcsChange:
		if out.n == 0 {
			add("trace: GOMAXPROCS is %d (the tracer records it when it starts)", r.a)
		} else {
			add("trace: GOMAXPROCS is %d (procresize, under stop-the-world)", r.a)
		}
	case rSTWBegin:
		add("trace: stop-the-world (%s): every P stops (stopTheWorldWithSema)", t.str(r.a))
	case rSTWEnd:
		add("trace: the world restarts after %s of stop-the-world (%s) (startTheWorldWithSema)", fmtNS(out.stw), t.str(r.a))
	case rGCBegin:
		if r.a == 1 {
			add("trace: the GC's mark phase was under way when the trace began")
		} else {
			add("trace: the GC's concurrent mark phase begins (gcStart): mark workers take up to a quarter of the Ps")
		}
	case rGCEnd:
		add("trace: the GC's mark phase ends (gcMarkTermination)")
	case rGCMarkAssistBegin:
		add("trace: G%d assists the GC's marking before it may allocate more (gcAssistAlloc)", r.g)
	case rGCMarkAssistEnd:
		add("trace: G%d's mark assist ends", r.g)
	case rUserTaskBegin:
		add("trace: task %d (%q) begins (trace.NewTask)", r.a, t.str(r.b))
	case rUserTaskEnd:
		add("trace: task %d ends", r.a)
	case rUserRegionBegin:
		add("trace: G%d enters region %q (trace.StartRegion)", r.g2, t.str(r.b))
	case rUserRegionEnd:
		add("trace: G%d leaves region %q", r.g2, t.str(r.b))
	case rUserLog:
		add("trace: G%d logs %s: %s (trace.Log)", r.g2, t.str(r.b), t.str(r.c))
	}
	return strings.Join(steps, "; ")
}

// startWhy explains a GoStart: which rule of findRunnable took the G.
func (t *Trace) startWhy(r *record, out *outcome, md *model, add func(string, ...any)) {
	add("trace: GoStart of G%d on P%d", r.g, r.p)
	if out.label >= 0 {
		add("it is the GC's mark worker (%s): findRunnableGCWorker runs it ahead of the queues", t.str(out.label))
		return
	}
	switch out.src {
	case srcRunnext:
		add("runqget: from P%d's runnext, where the model had it (inheritTime: it shares the time slice)", r.p)
	case srcRunq:
		add("runqget: from the head of P%d's ring, as the model expected", r.p)
	case srcGlobal:
		add("globrunqget: from the global queue, where the model had it; a batch of %d for P%d's ring (globrunqgetbatch; first, if schedtick%%61 == 0, or after the local queue)", out.n, r.p)
	case srcSteal:
		if out.picked {
			add("matches a steal: runqsteal took %d from P%d (half its ring, from the head) and runs the youngest, G%d", out.n, out.victim, r.g)
		} else {
			add("a steal from P%d, where the model had it", out.victim)
			add("finding: runqsteal takes half the ring from its head and runs the youngest it took, but the model had G%d at place %d of P%d's ring, not there", r.g, out.n, out.victim)
		}
	case srcDirect:
		add("readied and run at once by the same M (findRunnable: the network poller's first G, a GC worker, the trace reader)")
	case srcSyscall:
		add("back from its system call on the same M, which took a P for it (exitsyscall)")
	case srcOutOfOrder:
		add("runqget: from P%d's queue, where the model had it", r.p)
		add("finding: runqget takes runnext first, then the ring's head; the model had %s before it", gList(out.ahead))
	case srcUnknown:
		add("the model did not know where it waited (runnable when the trace began, or readied off any P)")
	}
	if out.waited > 0 {
		add("it waited %s since it became runnable (why-waited G%d explains)", fmtNS(out.waited), r.g)
	}
}

// putText says what runqput did besides putting the G.
func (t *Trace) putText(p runqputResult, pp int32) string {
	var s string
	if p.kicked >= 0 {
		s += fmt.Sprintf("; G%d, in runnext before, goes to the tail of P%d's ring", p.kicked, pp)
	}
	if p.slow > 0 {
		s += fmt.Sprintf("; the ring was full: runqputslow moves %d Gs to the global queue", p.slow)
	}
	return s
}

func gList(gs []int64) string {
	var parts []string
	for i, g := range gs {
		if i == 4 {
			parts = append(parts, fmt.Sprintf("and %d more", len(gs)-i))
			break
		}
		parts = append(parts, "G"+strconv.FormatInt(g, 10))
	}
	return strings.Join(parts, ", ")
}

func goStateText(s int64) string {
	switch s {
	case 2:
		return "runnable (in a queue the trace does not say)"
	case 3:
		return "running"
	case 4:
		return "waiting"
	case 5:
		return "in a system call"
	}
	return "in an unknown state"
}

func procStateText(s int64) string {
	switch s {
	case 2:
		return "running"
	case 3:
		return "idle"
	}
	return "in an unknown state"
}

func fmtNS(ns int64) string { return AppendTimeString(ns) }

// userFrame says where a stack is in the program: its first frame outside
// the runtime, with the runtime function it is in.
func userFrame(fr []runtime.FrameState) string {
	for i, f := range fr {
		if !strings.HasPrefix(f.Func, "runtime.") && !strings.HasPrefix(f.Func, "internal/") && !strings.HasPrefix(f.Func, "sync.") {
			if i == 0 {
				return fmt.Sprintf("%s at %s", f.Func, f.Pos)
			}
			return fmt.Sprintf("%s at %s (%s)", f.Func, f.Pos, fr[0].Func)
		}
	}
	return fmt.Sprintf("%s at %s", fr[0].Func, fr[0].Pos)
}
