package replay

import (
	"strings"

	"golang.org/x/exp/trace"
)

// outcome is what applying one record did in the model: enough for the
// event's details, its why and the findings, formatted only when asked
// (explain.go).
type outcome struct {
	src     source        // GoStart: where the G came from
	victim  int32         // GoStart by steal: the P robbed (-1)
	n       int           // GoStart: Gs stolen or taken from the global queue
	picked  bool          // GoStart by steal: the G the rule picks (the youngest)
	wasLoc  where         // GoStart: where the model had the G
	wasP    int32         // GoStart: whose queue
	ahead   []int64       // GoStart out of order: the Gs the model had before it
	put     runqputResult // GoCreate, GoUnblock, GoStop: what runqput did
	rule    rule          // which rule put the G somewhere
	waited  int64         // GoStart: ns runnable
	stw     int64         // STWEnd: ns stopped
	finding finding
	label   int64 // GoStart of a GC worker: its label (string, -1: none)
	partial bool  // GoStart: the G was runnable when the trace began
	borrow  bool  // ProcStart, ProcStop: a P borrowed to make an M (allocm)
	fromM   int32 // ProcSteal: the M the P was taken from (-1)
	fromG   int64 // ProcSteal: the G in the system call there (-1)
	left    []int64
}

// rule names the runtime function the model applied to a runnable G.
type rule uint8

const (
	ruleNone         rule = iota
	ruleNewproc           // newproc → runqput(pp, newg, true)
	ruleReady             // ready → runqput(pp, gp, true)
	ruleInjectLocal       // injectglist: the M's own ring
	ruleInjectGlobal      // injectglist: the global queue (an idle P can take it, or no P)
	ruleGosched           // goschedImpl: global queue
	rulePreemptSTW        // goschedImpl with a stop-the-world pending: runnext
	ruleGoyield           // goyield: own ring's tail
	ruleExitsyscall       // exitsyscall without a P: the global queue
	ruleNoP               // made runnable without a P in the trace: unknown queue
	ruleScheduler         // a runtime goroutine readied by the scheduler itself, to run at once
)

// exitsyscallWindow is how soon after a G's return from a system call its
// M must start it for the model to take it as exitsyscall's own (it took a
// P at once): an M that found none parks, and if it is woken later and
// takes the G, that came from the global queue. The runtime has no such
// number: it is the model's line between "at once" and "later".
const exitsyscallWindow = 50_000 // ns

// finding is a place where the trace does not do what the model's rules
// say (zero: none).
type finding struct {
	code  findingCode
	g     int64 // the G the model expected
	other int64 // a second G or a count
	p     int32
}

type findingCode uint8

const (
	fNone         findingCode = iota
	fNotFirst                 // a G started from P's queue ahead of the one the model had first
	fStealPick                // a steal ran a G other than the youngest of the half the rule takes
	fIdleWithWork             // P went idle while the model had Gs in its queue
)

var findingNames = [...]string{fNone: "", fNotFirst: "out of order", fStealPick: "steal pick", fIdleWithWork: "idle with work"}

// apply applies record r, number rec (from 1), to the model.
func (md *model) apply(t *Trace, r *record, rec int64) outcome {
	out := outcome{victim: -1, wasP: -1, label: -1, fromM: -1, fromG: -1}
	md.now = r.t
	md.rec = rec
	var mm *mInfo
	if r.m >= 0 {
		mm = md.m(r.m)
	}
	switch r.kind {
	case rGoStatus:
		g := md.g(r.g)
		switch trace.GoState(r.a) {
		case trace.GoRunnable:
			g.status, g.where, g.since, g.sinceRec = gRunnable, wUnknown, r.t, rec
			g.partial = true
		case trace.GoRunning:
			g.status, g.p, g.m = gRunning, r.p, r.m
			if r.p >= 0 {
				pp := md.p(r.p)
				pp.g, pp.status = g.id, pRunning
				if r.m >= 0 {
					pp.m = r.m
				}
			}
			if mm != nil {
				mm.g, mm.p = g.id, r.p
			}
		case trace.GoWaiting:
			g.status, g.since = gWaiting, r.t
		case trace.GoSyscall:
			g.status, g.m = gSyscall, r.m
			if mm != nil {
				mm.g = g.id
			}
		}
		g.stk = r.stk
	case rProcStatus:
		pp := md.p(r.p)
		switch trace.ProcState(r.a) {
		case trace.ProcRunning:
			pp.status, pp.m = pRunning, r.m
			if mm != nil {
				mm.p = r.p
			}
		case trace.ProcIdle:
			pp.status = pIdle
		}
	case rGoCreate, rGoCreateBlocked, rGoCreateSyscall:
		md.stats.creates++
		g := md.g(r.g)
		g.createdBy, g.startStk, g.stk = r.g2, uint32(r.a), uint32(r.a)
		switch r.kind {
		case rGoCreateBlocked:
			g.status, g.since = gWaiting, r.t
		case rGoCreateSyscall:
			g.status, g.m = gSyscall, r.m
			if mm != nil {
				mm.g = g.id
			}
		default:
			md.runnable(g, r, rec)
			if r.p >= 0 {
				out.rule = ruleNewproc
				out.put = md.runqput(r.p, g, true)
			} else {
				out.rule, g.where = ruleNoP, wUnknown
			}
		}
	case rGoUnblock:
		g := md.g(r.g)
		reason := t.str(g.reason)
		md.runnable(g, r, rec)
		g.readyBy, g.readyP = r.g2, r.p
		if mm != nil {
			mm.lastG = g.id
		}
		// The runtime's own goroutines (the scavenger, forcegc, the
		// GC's workers, the trace reader) park with "system goroutine
		// wait"; the ones a G or sysmon wakes come through injectglist,
		// as the network poller's do.
		inject := reason == "network" || reason == "system goroutine wait" ||
			// gcStart's finishsweep_m wakes the scavenger, whose
			// wait the trace may not have seen begin.
			reason == "" && t.stackHas(r.stk, "runtime.gcStart", 3)
		switch {
		case r.p < 0 && inject:
			// sysmon's netpoll or forcegc, a P-less M: injectglist
			// without a P puts the whole list on the global queue.
			out.rule = ruleInjectGlobal
			md.globrunqput(g)
		case r.p < 0:
			out.rule, g.where = ruleNoP, wUnknown
		case r.g2 < 0 && reason == "system goroutine wait":
			// The scheduler readied one of the runtime's own goroutines
			// without a G: the trace reader (traceReader) or a GC mark
			// worker (findRunnableGCWorker). findRunnable runs it at
			// once, past the queues.
			out.rule, g.where, g.p = ruleScheduler, wUnknown, r.p
		case inject:
			// injectglist with a P: the list's first npidle Gs on the
			// global queue (an idle P is started for each), the rest
			// on its own ring's tail (findRunnable's netpoll runs the
			// list's first G at once; the model sees that at its
			// start). The list's Gs are unblocked one after another on
			// one M: the batch is those in a row.
			if mm != nil {
				if !mm.injecting {
					mm.injecting, mm.injectIdle, mm.injected = true, md.idlePs(), 0
				}
				if mm.injected < mm.injectIdle {
					mm.injected++
					out.rule = ruleInjectGlobal
					md.globrunqput(g)
					break
				}
			}
			out.rule = ruleInjectLocal
			out.put = md.runqput(r.p, g, false)
		default:
			out.rule = ruleReady
			out.put = md.runqput(r.p, g, true)
		}
	case rGoStart:
		out = md.start(r, rec, mm)
	case rGoStop:
		g := md.g(r.g)
		md.stopRunning(g, r, mm)
		g.reason, g.stk = r.a, r.stk
		md.runnable(g, r, rec)
		switch {
		case t.str(r.a) == "runtime.Gosched":
			out.rule = ruleGosched
			md.globrunqput(g)
		case t.stackHas(r.stk, "runtime.goyield", 4):
			out.rule = ruleGoyield
			if r.p >= 0 {
				out.put = md.runqput(r.p, g, false)
			} else {
				g.where = wUnknown
			}
		case md.stw >= 0 && r.p >= 0:
			out.rule = rulePreemptSTW
			out.put = md.runqput(r.p, g, true)
		default:
			out.rule = ruleGosched
			md.globrunqput(g)
		}
	case rGoBlock:
		g := md.g(r.g)
		md.stopRunning(g, r, mm)
		g.status, g.since, g.sinceRec, g.reason, g.stk = gWaiting, r.t, rec, r.a, r.stk
	case rGoSyscallBegin:
		g := md.g(r.g)
		g.status, g.stk, g.since = gSyscall, r.stk, r.t
	case rGoSyscallEnd:
		g := md.g(r.g)
		g.status, g.m, g.p = gRunning, r.m, r.p
		if r.p >= 0 {
			pp := md.p(r.p)
			pp.g, pp.m, pp.status = g.id, r.m, pRunning
		}
	case rGoSyscallEndBlocked:
		g := md.g(r.g)
		out.wasP = g.p // the P it entered the call with
		md.runnable(g, r, rec)
		if pp := md.pOfM(r.m, g.id); pp != nil {
			pp.g = -1
		}
		if mm != nil {
			mm.g = -1
			mm.lastG = g.id
		}
		g.m = r.m
		out.rule = ruleExitsyscall
		md.globrunqput(g)
		g.where = wSyscall
	case rGoDestroy, rGoDestroySyscall:
		g := md.g(r.g)
		md.stopRunning(g, r, mm)
		md.drop(r.g)
	case rProcStart:
		pp := md.p(r.p)
		pp.status, pp.m = pRunning, r.m
		if mm != nil {
			mm.p = r.p
			if mm.stole == r.p && mm.g < 0 {
				// sysmon took the P from a system call and handoffp
				// starts an M for it: allocm borrows the P while it
				// makes the M, which takes it next.
				mm.borrow = r.p
				out.borrow = true
			}
		}
	case rProcStop:
		pp := md.p(r.p)
		if mm != nil && mm.borrow == r.p {
			out.borrow = true
			mm.borrow = -1
		} else if n := md.queued(pp); n > 0 && md.stw < 0 {
			// (A stop-the-world stops Ps with work: gcstopm.)
			out.finding = finding{code: fIdleWithWork, p: r.p, other: int64(n), g: pp.first()}
		}
		pp.status, pp.m, pp.g = pIdle, -1, -1
		if mm != nil {
			mm.p = -1
		}
	case rProcSteal:
		if mm != nil {
			mm.stole = r.p
		}
		pp := md.p(r.p)
		out.fromM, out.fromG = pp.m, pp.g
		// The thread it was taken from keeps running its G in the
		// system call, without the P.
		if pp.m >= 0 {
			md.m(pp.m).p = -1
		}
		pp.status, pp.m, pp.g = pIdle, -1, -1
	case rProcsChange:
		out.n = int(md.gomaxprocs)
		if old := md.gomaxprocs; old > 0 && r.a < old {
			md.destroyPs(r.a, old)
		}
		md.gomaxprocs = r.a
	case rSTWBegin:
		md.stw, md.stwSince = r.a, r.t
		for i := range md.ps {
			if md.ps[i].status == pRunning && int32(i) != r.p && (md.gomaxprocs == 0 || int64(i) < md.gomaxprocs) {
				out.n++
			}
		}
	case rSTWEnd:
		out.stw = r.t - md.stwSince
		md.stw = -1
	case rGCBegin:
		md.gc, md.gcSince = true, r.t
		md.stats.gcs++
	case rGCEnd:
		md.gc = false
	case rGCMarkAssistBegin:
		md.g(r.g).assist = true
	case rGCMarkAssistEnd:
		md.g(r.g).assist = false
	case rUserRegionBegin:
		if r.g2 >= 0 {
			g := md.g(r.g2)
			g.regions = append(g.regions, r.b)
		}
	case rUserRegionEnd:
		if r.g2 >= 0 {
			g := md.g(r.g2)
			if n := len(g.regions); n > 0 {
				g.regions = g.regions[:n-1]
			}
		}
	}
	if out.finding.code != fNone {
		md.stats.findings++
	}
	if mm != nil {
		mm.lastRec = rec
		if out.rule != ruleInjectGlobal && out.rule != ruleInjectLocal {
			mm.injecting = false
		}
		switch r.kind {
		case rGoUnblock, rGoSyscallEndBlocked:
			mm.lastG, mm.lastGAt = r.g, r.t
		case rProcStart:
			// exitsyscallNoP takes an idle P after it traced the G's
			// return: the G may still run at once.
		default:
			mm.lastG = -1
		}
		if r.kind != rProcSteal {
			mm.stole = -1
		}
	}
	return out
}

// runnable marks g runnable as of r.
func (md *model) runnable(g *gInfo, r *record, rec int64) {
	md.unqueue(g)
	g.status, g.since, g.sinceRec, g.m = gRunnable, r.t, rec, -1
	g.partial = false
	g.readyBy, g.readyP = -1, -1
	if r.kind == rGoCreate || r.kind == rGoUnblock {
		g.readyBy, g.readyP = r.g2, r.p
	}
}

// stopRunning takes g off its P and M.
func (md *model) stopRunning(g *gInfo, r *record, mm *mInfo) {
	if g.p >= 0 && g.status == gRunning {
		if pp := md.p(g.p); pp.g == g.id {
			pp.g = -1
		}
	}
	if r.p >= 0 {
		if pp := md.p(r.p); pp.g == g.id {
			pp.g = -1
		}
	}
	if mm != nil && mm.g == g.id {
		mm.g = -1
	}
	g.p, g.m = -1, -1
}

// pOfM returns the P that M m holds with g on it, if any.
func (md *model) pOfM(m int32, g int64) *pInfo {
	for i := range md.ps {
		if md.ps[i].g == g && md.ps[i].m == m {
			return &md.ps[i]
		}
	}
	return nil
}

func (md *model) queued(pp *pInfo) int {
	n := len(pp.runq)
	if pp.runnext >= 0 {
		n++
	}
	return n
}

// first is the G runqget would take next (-1: none).
func (pp *pInfo) first() int64 {
	if pp.runnext >= 0 {
		return pp.runnext
	}
	if len(pp.runq) > 0 {
		return pp.runq[0]
	}
	return -1
}

// start is GoStart: which rule of findRunnable (or of exitsyscall) took g.
// proc.go findRunnable: runqget (runnext first, then the ring's head),
// globrunqget (every 61st schedtick first, else after the local queue),
// netpoll, then stealWork.
func (md *model) start(r *record, rec int64, mm *mInfo) outcome {
	out := outcome{victim: -1, wasP: -1, label: r.a}
	g := md.g(r.g)
	out.wasLoc, out.wasP, out.partial = g.where, g.p, g.partial
	if g.status == gRunnable && !g.partial {
		out.waited = r.t - g.since
	}
	pp := md.p(r.p)
	direct := mm != nil && mm.lastG == g.id
	switch {
	case g.where == wSyscall && direct && r.t-mm.lastGAt <= exitsyscallWindow:
		// exitsyscall took a P (its old one, or an idle one in
		// exitsyscallNoP) and runs it at once.
		out.src = srcSyscall
		md.unqueue(g)
	case g.where == wRunnext && g.p == r.p:
		out.src = srcRunnext
		md.unqueue(g)
	case direct && g.where != wSyscall:
		out.src = srcDirect
		md.unqueue(g)
	case g.where == wRunq && g.p == r.p:
		out.src = srcRunq
		if first := pp.first(); first != g.id {
			out.src = srcOutOfOrder
			out.ahead = md.ahead(pp, g.id)
			out.finding = finding{code: fNotFirst, g: first, p: r.p, other: g.id}
		}
		md.unqueue(g)
	case g.where == wGlobal || g.where == wSyscall:
		out.src = srcGlobal
		out.n = md.globrunqgetbatch(r.p, g)
	case (g.where == wRunq || g.where == wRunnext) && g.p != r.p:
		out.src, out.victim = srcSteal, g.p
		out.n, out.picked = md.runqsteal(r.p, g.p, g)
		if !out.picked {
			out.finding = finding{code: fStealPick, g: g.id, p: out.victim, other: int64(out.n)}
		}
	default:
		out.src = srcUnknown
		md.unqueue(g)
	}
	if out.src != srcRunnext {
		pp.schedtick++
	}
	md.stats.starts[out.src]++
	g.waitFrom, g.waitFromRec, g.waitTo, g.waitToRec = g.since, g.sinceRec, r.t, rec
	g.waitPartial = g.partial || g.status != gRunnable
	g.status, g.where, g.p, g.m = gRunning, wNowhere, r.p, r.m
	g.label = r.a
	g.since = r.t
	pp.g, pp.m, pp.status = g.id, r.m, pRunning
	if mm != nil {
		mm.g, mm.p = g.id, r.p
	}
	return out
}

// ahead lists the Gs the model had before g in pp's queue.
func (md *model) ahead(pp *pInfo, g int64) []int64 {
	var a []int64
	if pp.runnext >= 0 && pp.runnext != g {
		a = append(a, pp.runnext)
	}
	for _, id := range pp.runq {
		if id == g {
			break
		}
		a = append(a, id)
	}
	return a
}

// stackHas reports whether one of the first depth frames of stack id is
// in function fn.
func (t *Trace) stackHas(id uint32, fn string, depth int) bool {
	if id == 0 || int(id) >= len(t.stacks) {
		return false
	}
	for i, f := range t.stacks[id] {
		if i >= depth {
			break
		}
		if name := t.str(f.fn); name == fn || strings.HasPrefix(name, fn+".") {
			return true
		}
	}
	return false
}
