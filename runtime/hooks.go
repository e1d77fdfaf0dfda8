package runtime

import (
	"strconv"

	"github.com/gmplab/gmplab/vm"
)

// The table of replaceable functions (Config.Hooks). The course's exercises
// ask a learner to write a rule of the scheduler (runqput, runqgrab,
// retake's syscall check, …); the checker puts the learner's function in
// this table and compares the run with the engine's own, event by event.
// A nil Hooks, or a nil field, means the engine's own rule.
//
// Each hook is called with exported, simplified copies of the state it may
// read and change, shaped like runtime2.go (a P with Runnext, Runq [256],
// Runqhead, Runqtail; the scheduler's global queue; sysmontick), and the
// engine copies the result back, emits the event the real function's
// decision is seen by, and checks nothing more: the checker turns on
// Config.Check, so a G left in two queues, or lost, stops the run with the
// invariant that broke.
//
// Rejected: interfaces over the engine's own structs (the learner would
// see the model's index-linked lists and bookkeeping, not runtime2.go's
// fields), and a second engine for exercises (two sets of rules to keep
// in step).

// Guintptr names a G in a run queue, as runtime2.go's guintptr does; 0 is
// nil. It is the G's index in the engine plus one.
type Guintptr uint32

// HookP is what a P's hooks see (runtime2.go: type p).
type HookP struct {
	ID          int32
	Status      uint32 // 0 _Pidle, 1 _Prunning
	Schedtick   uint32 // incremented on every scheduler call
	Syscalltick uint32 // incremented on every system call
	Preempt     bool   // an async preemption was requested (pp.preempt)

	// Queue of runnable goroutines. Accessed without lock.
	Runqhead uint32
	Runqtail uint32
	Runq     [runqSize]Guintptr
	// Runnext, if non-nil, is a runnable G that was ready'd by the
	// current G and should be run next instead of what's in Runq.
	Runnext Guintptr
}

// GQueue is a FIFO of Gs (runtime2.go: gQueue); the model keeps it as a
// slice, head first.
type GQueue struct{ gs []Guintptr }

// PushBack adds gp at the tail.
func (q *GQueue) PushBack(gp Guintptr) { q.gs = append(q.gs, gp) }

// Push adds gp at the head.
func (q *GQueue) Push(gp Guintptr) { q.gs = append([]Guintptr{gp}, q.gs...) }

// Pop removes and returns the head, or 0 if the queue is empty.
func (q *GQueue) Pop() Guintptr {
	if len(q.gs) == 0 {
		return 0
	}
	gp := q.gs[0]
	q.gs = q.gs[1:]
	return gp
}

// Empty reports whether q holds no G.
func (q *GQueue) Empty() bool { return len(q.gs) == 0 }

// Size is the number of Gs in q.
func (q *GQueue) Size() int32 { return int32(len(q.gs)) }

// Slice returns the Gs head first (a copy).
func (q *GQueue) Slice() []Guintptr { return append([]Guintptr(nil), q.gs...) }

// HookSched is what hooks see of the scheduler (runtime2.go: type schedt).
type HookSched struct {
	Runq       GQueue // the global run queue
	Npidle     int32  // idle Ps
	Nmspinning int32  // spinning Ms
	Gomaxprocs int32
	// Polling is true when an M is blocked in netpoll (the runtime's
	// sched.lastpoll == 0).
	Polling bool
}

// Sysmontick is sysmon's record of a P (proc.go: type sysmontick).
type Sysmontick struct {
	Schedtick   uint32
	Schedwhen   int64
	Syscalltick uint32
	Syscallwhen int64
}

// HookG is what a G's hooks see (runtime2.go: type g, simplified).
type HookG struct {
	Goid   int64
	Status uint32 // 2 _Grunning, 3 _Gsyscall, …
	// The stack is [0, StackSize) and StackUsed bytes of it are in use
	// (the runtime's stack.hi - sched.sp).
	StackSize int64
	StackUsed int64
	Preempt   bool // gp.preempt: a preemption was requested
	// AtRuntimeCall: the G's code has stopped in front of a call into
	// the runtime (a channel operation, Gosched, exit, morestack): the PC
	// is in runtime code.
	AtRuntimeCall bool
	// InWork: the G is inside sim.Work, a loop with no calls.
	InWork bool
}

// Hooks is the table of replaceable functions. Each field, when set,
// replaces one rule of the engine; the comment names the real function.
type Hooks struct {
	// Newstack returns the new stack's size and the bytes copystack
	// copies, for a call to a function whose frame is framesize bytes
	// (stack.go: newstack; the runtime's funcMaxSPDelta). The new stack
	// must leave StackGuard bytes free below the frame.
	Newstack func(gp *HookG, framesize int64) (newsize, copied int64)
	// Runqput puts gp on pp's local queue, or the global queue when the
	// ring is full (proc.go: runqput, runqputslow).
	Runqput func(pp *HookP, sched *HookSched, gp Guintptr, next bool)
	// Runqget takes a G from pp's local queue (proc.go: runqget).
	Runqget func(pp *HookP) (gp Guintptr, inheritTime bool)
	// FindRunnableQueues is findRunnable's look at the run queues: the
	// 1-in-61 global check, runqget, and a batch from the global queue
	// (proc.go: findRunnable, globrunqget, globrunqgetbatch).
	FindRunnableQueues func(pp *HookP, sched *HookSched) (gp Guintptr, inheritTime bool)
	// Runqgrab grabs a batch of Gs from pp's queue into batch, starting
	// at batchHead, and returns how many (proc.go: runqgrab).
	Runqgrab func(pp *HookP, batch *[runqSize]Guintptr, batchHead uint32, stealRunNext bool) uint32
	// RetakeSyscall decides whether sysmon takes pp from a G in a system
	// call; it keeps pd up to date (proc.go: retake).
	RetakeSyscall func(pp *HookP, pd *Sysmontick, sched *HookSched, now int64, sysretake bool) bool
	// Handoffp decides what happens to a P handed off by a syscall:
	// start an M for it (spinning or not) or let it idle (proc.go: handoffp).
	Handoffp func(pp *HookP, sched *HookSched) (startM, spinning bool)
	// GopreemptM puts a preempted G back on a queue (proc.go:
	// gopreempt_m, goschedImpl).
	GopreemptM func(gp Guintptr, pp *HookP, sched *HookSched)
	// AsyncPreempt decides whether the preemption signal stops gp now
	// (preempt.go: wantAsyncPreempt, isAsyncSafePoint).
	AsyncPreempt func(gp *HookG, pp *HookP) bool
	// Injectglist puts the Gs of glist, made runnable, on queues and
	// returns how many idle Ps to start (proc.go: injectglist).
	Injectglist func(glist []Guintptr, pp *HookP, sched *HookSched) (startIdle int)
	// Gfput puts dead G gp on pp's free list, moving Gs to the global
	// free list when the local one is too long (proc.go: gfput). The
	// stack's freeing (a grown stack) stays the engine's.
	Gfput func(pp *HookGFree, global *GQueue, gp Guintptr)
	// Gfget takes a dead G from pp's free list, refilling it from the
	// global one when empty, or returns 0 (proc.go: gfget).
	Gfget func(pp *HookGFree, global *GQueue) Guintptr
	// SysmonBackoff updates sysmon's count of idle passes and its next
	// sleep after a pass in which retake took retaken Ps from syscalls
	// (proc.go: sysmon's idle and delay).
	SysmonBackoff func(st *SysmonState, retaken int)
	// SysmonDeepSleep decides whether sysmon sleeps deeply, and how long,
	// when it wakes (proc.go: sysmon's "sched.npidle == gomaxprocs"
	// block): nextTimer is the earliest timer of every P (math.MaxInt64:
	// none), in ns like now.
	SysmonDeepSleep func(npidle, gomaxprocs int32, nextTimer, now int64) (sleep int64, deep bool)
	// GCStartCycle decides a GC cycle's mark workers at GOMAXPROCS procs:
	// the dedicated ones, the fractional goal and the most idle ones at
	// once; periodic is a cycle forced by time (mgcpacer.go:
	// gcControllerState.startCycle). Used with the gc layer.
	GCStartCycle func(procs int32, periodic bool) GCWorkers

	// Whole mechanisms: each takes the scheduler live (Sched,
	// hooksched.go) and replaces a function of the runtime with its
	// control flow; hookmech.go calls them.

	// FindRunnable finds a G for the calling M to run, or parks the M and
	// returns 0 (proc.go: findRunnable, stealWork, checkRunqsNoP,
	// checkTimersNoP). Used with the steal layer.
	FindRunnable func(s Sched) (gp Guintptr, inheritTime bool)
	// Wakep starts a spinning M on an idle P if no M spins (proc.go:
	// wakep); Resetspinning is resetspinning, BecomeSpinning is
	// (*m).becomeSpinning, PidlegetSpinning is pidlegetSpinning. Used
	// with the steal layer.
	Wakep            func(s Sched)
	Resetspinning    func(s Sched)
	BecomeSpinning   func(s Sched)
	PidlegetSpinning func(s Sched) Puintptr
	// Retake is sysmon's retake: preempt Gs that have run for 10 ms
	// (preemptone) and take Ps from Ms in system calls; it returns how
	// many it took (proc.go: retake, preemptone). Used with the sysmon
	// and preempt layers.
	Retake func(s Sched, now int64) uint32
	// Exitsyscall is the calling M's G returning from a system call
	// (proc.go: exitsyscall, exitsyscallTryGetP, exitsyscallNoP).
	Exitsyscall func(s Sched)
	// Schedule finds a G and runs it, or parks the M (proc.go: schedule).
	// Used with the steal layer.
	Schedule func(s Sched)
}

// SysmonState is sysmon's sleep state: the passes in a row in which it
// took nothing, and its next sleep in µs (proc.go: sysmon's idle, delay).
type SysmonState struct {
	Idle  int32
	Delay int64
}

// GList is a LIFO of Gs (runtime2.go: gList): Push and Pop at the head.
type GList struct{ gs []Guintptr } // the head is the last element

// Push adds gp at the head.
func (l *GList) Push(gp Guintptr) { l.gs = append(l.gs, gp) }

// Pop removes and returns the head, or 0 if the list is empty.
func (l *GList) Pop() Guintptr {
	if len(l.gs) == 0 {
		return 0
	}
	gp := l.gs[len(l.gs)-1]
	l.gs = l.gs[:len(l.gs)-1]
	return gp
}

// Empty reports whether l holds no G.
func (l *GList) Empty() bool { return len(l.gs) == 0 }

// Slice returns the Gs head first (a copy).
func (l *GList) Slice() []Guintptr {
	out := make([]Guintptr, len(l.gs))
	for i, g := range l.gs {
		out[len(l.gs)-1-i] = g
	}
	return out
}

// HookGFree is what gfput and gfget see of a P: its free list and its
// length (runtime2.go: p.gFree, a gList with a count).
type HookGFree struct {
	GFree GList
	NFree int32
}

func (mc *Machine) hooks() *Hooks { return mc.cfg.Hooks }

// hookP copies P pp's run queue state out for a hook; pp may be nilIdx.
func (mc *Machine) hookP(pp int32) *HookP {
	if pp == nilIdx {
		return nil
	}
	P := &mc.allp[pp]
	h := &HookP{ID: pp, Status: uint32(P.status), Schedtick: P.schedtick, Syscalltick: P.syscalltick,
		Preempt: P.preempt, Runqhead: P.runqhead, Runqtail: P.runqtail, Runnext: guintptr(P.runnext)}
	for i, gi := range P.runq {
		h.Runq[i] = guintptr(gi)
	}
	return h
}

// unhookP copies a hook's changes to P pp's run queue back. fn names the
// hook (runqget) for the message when the hook left the ring corrupt: a
// ring of more than runqSize Gs (head past tail) cannot be copied, and
// walking it would take 2^32 steps. The check is the one the real runtime
// leaves to runqget's emptiness test (proc.go: runqget, "if t == h").
func (mc *Machine) unhookP(pp int32, h *HookP, fn string) {
	if h == nil {
		return
	}
	P := &mc.allp[pp]
	if msg := corruptRing(fn, P.runqhead, P.runqtail, h.Runqhead, h.Runqtail); msg != "" {
		panic("hook: " + msg)
	}
	P.runqhead, P.runqtail = h.Runqhead, h.Runqtail
	P.runnext = mc.gindex(h.Runnext, "runnext")
	for i := P.runqhead; i != P.runqtail; i++ {
		P.runq[i%runqSize] = mc.gindex(h.Runq[i%runqSize], "runq")
	}
}

// RingCorruption says what is wrong with a ring whose head and tail a
// learner's fn moved from (h0, t0) to (h, t), or "" when it holds 0 to 256
// Gs: the one check the engine's hooks and the checker's properties share.
func RingCorruption(fn string, h0, t0, h, t uint32) string { return corruptRing(fn, h0, t0, h, t) }

// corruptRing says what is wrong with a ring whose head and tail went from
// (h0, t0) to (h, t), or "" when it holds 0 to runqSize Gs.
func corruptRing(fn string, h0, t0, h, t uint32) string {
	if t-h <= runqSize {
		return ""
	}
	was := " (head " + vm.Itoa(int64(h0)) + ", tail " + vm.Itoa(int64(t0)) + " before the call; head " + vm.Itoa(int64(h)) + ", tail " + vm.Itoa(int64(t)) + " after it)"
	switch {
	case h0 == t0 && h != h0:
		return "your " + fn + " took from an empty ring: head == tail" + was
	case h-t < 1<<31:
		return "your " + fn + " moved the ring's head past its tail" + was
	}
	return "your " + fn + " left more than " + vm.Itoa(runqSize) + " Gs in the ring: tail - head = " + vm.Itoa(int64(t-h)) + was
}

// hookSched copies the scheduler's state out for a hook.
func (mc *Machine) hookSched() *HookSched {
	s := &HookSched{Npidle: mc.sched.npidle, Nmspinning: mc.sched.nmspinning,
		Gomaxprocs: int32(len(mc.allp)), Polling: mc.sched.polling}
	for gi := mc.sched.runq.head; gi != nilIdx; gi = mc.allg[gi].schedlink {
		s.Runq.gs = append(s.Runq.gs, guintptr(gi))
	}
	return s
}

// unhookSched rebuilds the global queue from a hook's copy and counts the
// sched.lock acquisitions the real functions would have made.
func (mc *Machine) unhookSched(s *HookSched, locks int) {
	q := newGQueue()
	for _, gp := range s.Runq.gs {
		gi := mc.gindex(gp, "the global queue")
		if gi == nilIdx {
			panic("hook: a nil G (0) was put on the global queue")
		}
		mc.gqPushBack(&q, gi)
	}
	mc.sched.runq = q
	for i := 0; i < locks; i++ {
		mc.lockSched(CostGlobrunq)
	}
}

func guintptr(gi int32) Guintptr {
	if gi == nilIdx {
		return 0
	}
	return Guintptr(gi + 1)
}

// gindex turns a hook's Guintptr back into a G index, refusing names of
// no G (the learner's code made one up).
func (mc *Machine) gindex(gp Guintptr, where string) int32 {
	if gp == 0 {
		return nilIdx
	}
	if int(gp) > len(mc.allg) {
		panic("hook: " + where + " holds G pointer " + vm.Itoa(int64(gp)) + ", which is no G")
	}
	return int32(gp) - 1
}

// GoidOf returns the goid of the G a hook names (tests and the checker's
// messages), or -1.
func (mc *Machine) GoidOf(gp Guintptr) int64 {
	if gp == 0 || int(gp) > len(mc.allg) {
		return -1
	}
	return mc.allg[gp-1].goid
}

// ---- The call sites' side: each runs one hook and does what the engine's
// own rule does after it (events, lock counts, back-off).

// StackGuard is the room left below a frame (stack.go: stackGuard, 928 B on
// linux/amd64).
const StackGuard = stackGuard

func boolCount(b bool) int {
	if b {
		return 1
	}
	return 0
}

// hookRunqput is runqput with Hooks.Runqput: the events are the real
// runqput's, read off what the hook did (a kicked runnext, a spill to the
// global queue).
func (mc *Machine) hookRunqput(pp int32, gi int32, next bool) {
	if !next {
		mc.hookRunqputNow(pp, gi, false)
		mc.hookRunqputEvents(pp, nilIdx)
		return
	}
	if old := mc.hookRunqputNext(pp, gi); old != nilIdx {
		mc.hookRunqputKicked(pp, old)
	}
}

// hookRunqputNext runs the hook for runqput(pp, gi, true) and returns the
// G that was in runnext (nilIdx: none), whose kick runqputkicked reports
// after the caller reported gi's arrival, in the same order as the real
// runqput's events (runqputnext, runqputkicked).
func (mc *Machine) hookRunqputNext(pp int32, gi int32) int32 {
	old := mc.allp[pp].runnext
	mc.hookRunqputNow(pp, gi, true)
	if old == nilIdx {
		mc.hookRunqputEvents(pp, nilIdx)
	}
	return old
}

// hookRunqputKicked reports what the hook did with the kicked G.
func (mc *Machine) hookRunqputKicked(pp int32, old int32) {
	mc.hookRunqputEvents(pp, old)
}

// hookRunqputNow calls the learner's runqput and remembers how many Gs it
// moved to the global queue, for hookRunqputEvents.
func (mc *Machine) hookRunqputNow(pp int32, gi int32, next bool) {
	h, s := mc.hookP(pp), mc.hookSched()
	before := s.Runq.Size()
	mc.cfg.Hooks.Runqput(h, s, guintptr(gi), next)
	mc.unhookP(pp, h, "runqput")
	grew := s.Runq.Size() - before
	mc.unhookSched(s, boolCount(grew > 0))
	mc.hookSpill = int64(grew)
}

// hookRunqputEvents emits the kick of old (nilIdx: none) and the spill the
// last hookRunqputNow made.
func (mc *Machine) hookRunqputEvents(pp int32, old int32) {
	if old != nilIdx {
		if ev := mc.emit(EvRunqput, mc.curM(), pp, mc.allg[old].goid, 0, 0); ev != nil && mc.cfg.Why {
			ev.Why = "kicked out of runnext by G" + vm.Itoa(mc.goidOf(mc.allp[pp].runnext)) + " (hook runqput)"
		}
	}
	if grew := mc.hookSpill; grew > 0 {
		mc.hookSpill = 0
		last := mc.sched.runq.tail
		if ev := mc.emit(EvRunqputslow, mc.curM(), pp, mc.allg[last].goid, grew, 0); ev != nil && mc.cfg.Why {
			ev.Why = vm.Itoa(grew) + " Gs went from P" + vm.Itoa(int64(pp)) + " to the global queue's tail (hook runqput)"
		}
	}
}

// hookRunqget is runqget with Hooks.Runqget.
func (mc *Machine) hookRunqget(pp int32) (int32, bool) {
	h := mc.hookP(pp)
	gp, inh := mc.cfg.Hooks.Runqget(h)
	mc.unhookP(pp, h, "runqget")
	return mc.gindex(gp, "runqget's result"), inh
}

// hookFindRunnableQueues is findRunnable's steps 4, 7 and 8 with
// Hooks.FindRunnableQueues; hooked is false without the hook. The events
// are the real ones, read off where the G came from.
func (mc *Machine) hookFindRunnableQueues(mi, pp int32) (gi int32, inheritTime bool, why string, hooked bool) {
	if mc.cfg.Hooks == nil || mc.cfg.Hooks.FindRunnableQueues == nil || !mc.cfg.Layers.Has(LayerProcs) {
		return nilIdx, false, "", false
	}
	h, s := mc.hookP(pp), mc.hookSched()
	before := s.Runq.Size()
	gp, inh := mc.cfg.Hooks.FindRunnableQueues(h, s)
	mc.unhookP(pp, h, "findRunnable")
	taken := before - s.Runq.Size()
	mc.unhookSched(s, boolCount(taken > 0))
	gi = mc.gindex(gp, "findRunnable's result")
	switch {
	case gi == nilIdx:
		return nilIdx, false, "", true
	case taken > 0:
		tick := mc.allp[pp].schedtick%61 == 0
		if ev := mc.emit(EvGlobrunqget, mi, pp, mc.goidOf(gi), int64(taken), boolInt(tick)); mc.cfg.Why {
			ev.Why = "took " + vm.Itoa(int64(taken)) + " from the global queue's head (hook findRunnable)"
		}
		if tick {
			return gi, false, "from the global queue (schedtick%61 == 0)", true
		}
		return gi, false, "from the global queue", true
	}
	if ev := mc.emit(EvRunqget, mi, pp, mc.goidOf(gi), boolInt(inh), 0); mc.cfg.Why {
		ev.Why = "took G" + vm.Itoa(mc.goidOf(gi)) + " from P" + vm.Itoa(int64(pp)) + "'s local queue (hook findRunnable)"
	}
	if inh {
		return gi, true, "from runnext", true
	}
	return gi, false, "from the ring's head", true
}

// hookRunqgrab is runqgrab with Hooks.Runqgrab: the batch lands in
// mc.grab, and the usleep(3) back-off is the engine's, as in runqgrab.
func (mc *Machine) hookRunqgrab(victim int32, stealRunNext bool) (int32, bool) {
	V := &mc.allp[victim]
	ringEmpty, next := V.runqhead == V.runqtail, V.runnext
	var batchHead uint32
	if mi := mc.curM(); mi != nilIdx && mc.allm[mi].p != nilIdx {
		batchHead = mc.allp[mc.allm[mi].p].runqtail
	}
	h := mc.hookP(victim)
	var batch [runqSize]Guintptr
	n := mc.cfg.Hooks.Runqgrab(h, &batch, batchHead, stealRunNext)
	if n > runqSize {
		panic("runqgrab: returned " + vm.Itoa(int64(n)) + ", more than len(batch)")
	}
	mc.unhookP(victim, h, "runqgrab")
	mc.grab = mc.grab[:0]
	for i := uint32(0); i < n; i++ {
		gi := mc.gindex(batch[(batchHead+i)%runqSize], "batch")
		if gi == nilIdx {
			panic("runqgrab: batch[" + vm.Itoa(int64((batchHead+i)%runqSize)) + "] is nil but n is " + vm.Itoa(int64(n)))
		}
		mc.grab = append(mc.grab, gi)
	}
	backoff := false
	if n == 1 && ringEmpty && next != nilIdx && V.runnext != next && V.status == _Prunning && V.m != nilIdx {
		if cg := mc.allm[V.m].curg; cg == nilIdx || mc.allg[cg].status != _Gsyscall {
			backoff = true
		}
	}
	return int32(n), backoff
}

// hookRetake is retake's syscall check with Hooks.RetakeSyscall; hooked
// is false without the hook.
func (mc *Machine) hookRetake(pp int32, sysretake bool, now int64) (take, hooked bool) {
	if mc.cfg.Hooks == nil || mc.cfg.Hooks.RetakeSyscall == nil {
		return false, false
	}
	P := &mc.allp[pp]
	pd := P.sysmontick
	take = mc.cfg.Hooks.RetakeSyscall(mc.hookP(pp), &pd, mc.hookSched(), now, sysretake)
	mc.allp[pp].sysmontick = pd
	return take, true
}

// hookHandoffp is handoffp's decision with Hooks.Handoffp: the step
// reported is the one of the real handoffp that makes the same decision.
func (mc *Machine) hookHandoffp(pp int32) (start, spinning bool, step int64, why string, hooked bool) {
	if mc.cfg.Hooks == nil || mc.cfg.Hooks.Handoffp == nil {
		return false, false, 0, "", false
	}
	start, spinning = mc.cfg.Hooks.Handoffp(mc.hookP(pp), mc.hookSched())
	switch {
	case start && spinning:
		mc.sched.nmspinning++
		mc.sched.needspinning = false
		step, why = 4, "start a spinning M on it (hook handoffp)"
	case start && (!mc.runqempty(pp) || mc.sched.runq.size > 0):
		step, why = 1, "it has work: start an M for it (hook handoffp)"
	case start:
		step, why = 8, "start an M for it (hook handoffp)"
	default:
		spinning = false
		step, why = 9, "it goes idle (hook handoffp)"
	}
	return start, spinning, step, why, true
}

// hookGopreempt puts a preempted G back with Hooks.GopreemptM; hooked is
// false without the hook.
func (mc *Machine) hookGopreempt(gi, pp int32) bool {
	if mc.cfg.Hooks == nil || mc.cfg.Hooks.GopreemptM == nil {
		return false
	}
	h, s := mc.hookP(pp), mc.hookSched()
	before := s.Runq.Size()
	mc.cfg.Hooks.GopreemptM(guintptr(gi), h, s)
	mc.unhookP(pp, h, "gopreempt_m")
	mc.unhookSched(s, boolCount(s.Runq.Size() > before))
	return true
}

// hookG copies G gi, running on M mi, out for a hook.
func (mc *Machine) hookG(mi, gi int32) *HookG {
	G := &mc.allg[gi]
	h := &HookG{Goid: G.goid, Status: uint32(G.status), StackSize: G.stackSize, StackUsed: G.stackUsed,
		Preempt: G.preempt, InWork: G.inWork}
	if mi != nilIdx {
		h.AtRuntimeCall = mc.allm[mi].hasPending
	}
	return h
}

// hookAsyncPreempt is asyncPreempt's "want and safe" with
// Hooks.AsyncPreempt; hooked is false without the hook.
func (mc *Machine) hookAsyncPreempt(mi, gi int32) (stop, hooked bool) {
	if mc.cfg.Hooks == nil || mc.cfg.Hooks.AsyncPreempt == nil {
		return false, false
	}
	return mc.cfg.Hooks.AsyncPreempt(mc.hookG(mi, gi), mc.hookP(mc.allm[mi].p)), true
}

// hookNewstack is newstack's size with Hooks.Newstack; hooked is false
// without the hook.
func (mc *Machine) hookNewstack(mi, gi int32, framesize int64) (newsize, copied int64, hooked bool) {
	if mc.cfg.Hooks == nil || mc.cfg.Hooks.Newstack == nil {
		return 0, 0, false
	}
	newsize, copied = mc.cfg.Hooks.Newstack(mc.hookG(mi, gi), framesize)
	if newsize <= mc.allg[gi].stackSize || newsize-mc.allg[gi].stackUsed < framesize+stackGuard {
		panic("newstack: a " + vm.Itoa(newsize) + "-byte stack does not fit a " + vm.Itoa(framesize) + "-byte frame above " + vm.Itoa(mc.allg[gi].stackUsed) + " used bytes")
	}
	return newsize, copied, true
}

// hookInjectglist places list with Hooks.Injectglist and returns how many
// idle Ps to start; hooked is false without the hook.
func (mc *Machine) hookInjectglist(list []int32, pp int32) (startIdle int, hooked bool) {
	if mc.cfg.Hooks == nil || mc.cfg.Hooks.Injectglist == nil {
		return 0, false
	}
	glist := make([]Guintptr, len(list))
	for i, gi := range list {
		glist[i] = guintptr(gi)
	}
	h, s := mc.hookP(pp), mc.hookSched()
	before := s.Runq.Size()
	startIdle = mc.cfg.Hooks.Injectglist(glist, h, s)
	mc.unhookP(pp, h, "injectglist")
	mc.unhookSched(s, max(0, int(s.Runq.Size()-before)))
	return startIdle, true
}

// hookGfput is gfput's list work with Hooks.Gfput; hooked is false
// without the hook.
func (mc *Machine) hookGfput(pp, gi int32) bool {
	if mc.cfg.Hooks == nil || mc.cfg.Hooks.Gfput == nil {
		return false
	}
	h, q := mc.hookGFree(pp)
	mc.cfg.Hooks.Gfput(h, q, guintptr(gi))
	mc.unhookGFree(pp, h, q, "gfput")
	return true
}

// hookGfget is gfget's list work with Hooks.Gfget; hooked is false
// without the hook.
func (mc *Machine) hookGfget(pp int32) (gi int32, hooked bool) {
	if mc.cfg.Hooks == nil || mc.cfg.Hooks.Gfget == nil {
		return nilIdx, false
	}
	h, q := mc.hookGFree(pp)
	gp := mc.cfg.Hooks.Gfget(h, q)
	mc.unhookGFree(pp, h, q, "gfget")
	gi = mc.gindex(gp, "gfget's result")
	if gi != nilIdx && mc.allg[gi].status != _Gdead {
		panic("hook: your gfget returned G" + vm.Itoa(mc.allg[gi].goid) + ", which is not dead: it is not on a free list")
	}
	return gi, true
}

// hookSysmonBackoff is the end of a sysmon pass with Hooks.SysmonBackoff;
// hooked is false without the hook.
func (mc *Machine) hookSysmonBackoff(retaken int) bool {
	if mc.cfg.Hooks == nil || mc.cfg.Hooks.SysmonBackoff == nil {
		return false
	}
	st := SysmonState{Idle: int32(mc.sysmon.idle), Delay: mc.sysmon.delay}
	mc.cfg.Hooks.SysmonBackoff(&st, retaken)
	if st.Delay < 1 || st.Delay > 60_000_000 {
		panic("hook: your sysmon back-off left a sleep of " + vm.Itoa(st.Delay) + " µs: sysmon sleeps at least 1 µs and at most a minute")
	}
	mc.sysmon.idle, mc.sysmon.delay = int(st.Idle), st.Delay
	return true
}

// hookSysmonDeep is sysmon's deep-sleep decision with
// Hooks.SysmonDeepSleep; hooked is false without the hook.
func (mc *Machine) hookSysmonDeep(next, now int64) (sleep int64, deep, hooked bool) {
	if mc.cfg.Hooks == nil || mc.cfg.Hooks.SysmonDeepSleep == nil {
		return 0, false, false
	}
	sleep, deep = mc.cfg.Hooks.SysmonDeepSleep(mc.sched.npidle, int32(len(mc.allp)), next, now)
	if deep && sleep <= 0 {
		panic("hook: your deep sleep lasts " + vm.Itoa(sleep) + " ns: a deep sleep must end after now")
	}
	return sleep, deep, true
}

// gcStartCycleWorkers is startCycle's decision about the mark workers,
// with Hooks.GCStartCycle when it is set. A decision the runtime could
// not act on (more workers than Ps, a share of a P's time outside 0-1, no
// worker of any kind, so that the mark would never end) stops the run.
func (mc *Machine) gcStartCycleWorkers(periodic bool) GCWorkers {
	procs := int32(len(mc.allp))
	if mc.cfg.Hooks == nil || mc.cfg.Hooks.GCStartCycle == nil {
		return startCycleWorkers(procs, periodic)
	}
	w := mc.cfg.Hooks.GCStartCycle(procs, periodic)
	at := " at GOMAXPROCS=" + vm.Itoa(int64(procs))
	switch f := w.FractionalUtilizationGoal; {
	case w.DedicatedMarkWorkersNeeded < 0 || w.DedicatedMarkWorkersNeeded > int64(procs):
		panic("hook: your startCycle wants " + vm.Itoa(w.DedicatedMarkWorkersNeeded) + " dedicated mark workers" + at + ": a dedicated worker takes a whole P, so 0 to " + vm.Itoa(int64(procs)))
	case !(f >= 0 && f <= 1):
		panic("hook: your startCycle's fractional goal is " + strconv.FormatFloat(f, 'g', -1, 64) + at + ": it is a share of a P's time, 0 to 1")
	case w.MaxIdleMarkWorkers < 0 || w.MaxIdleMarkWorkers > procs:
		panic("hook: your startCycle allows " + vm.Itoa(int64(w.MaxIdleMarkWorkers)) + " idle mark workers" + at + ": an idle worker runs on a P, so 0 to " + vm.Itoa(int64(procs)))
	case w.DedicatedMarkWorkersNeeded == 0 && f == 0 && w.MaxIdleMarkWorkers == 0:
		panic("hook: your startCycle gives the mark no worker" + at + " (no dedicated, fractional or idle one): the cycle could never end")
	}
	return w
}

// FreeLists returns the length of each P's free list of dead Gs and of
// the global one (the checker's feedback on gfput and gfget).
func (mc *Machine) FreeLists() (perP []int32, global int32) {
	for i := range mc.allp {
		perP = append(perP, mc.allp[i].nFree)
	}
	return perP, mc.sched.gFree.size
}

// hookGFree copies P pp's free list and the global one out for a hook.
func (mc *Machine) hookGFree(pp int32) (*HookGFree, *GQueue) {
	P := &mc.allp[pp]
	h := &HookGFree{NFree: P.nFree}
	var stack []Guintptr
	for g := P.gFree; g != nilIdx; g = mc.allg[g].schedlink {
		stack = append(stack, guintptr(g))
	}
	for i := len(stack) - 1; i >= 0; i-- {
		h.GFree.Push(stack[i])
	}
	q := &GQueue{}
	for g := mc.sched.gFree.head; g != nilIdx; g = mc.allg[g].schedlink {
		q.PushBack(guintptr(g))
	}
	return h, q
}

// unhookGFree copies a hook's free lists back. A G left on neither, or
// on both, is found by the invariants (Config.Check); a count that is not
// the list's length is refused here.
func (mc *Machine) unhookGFree(pp int32, h *HookGFree, q *GQueue, fn string) {
	P := &mc.allp[pp]
	if int(h.NFree) != len(h.GFree.gs) {
		panic("hook: your " + fn + " left NFree " + vm.Itoa(int64(h.NFree)) + " with " + vm.Itoa(int64(len(h.GFree.gs))) + " Gs on the P's free list")
	}
	P.gFree, P.nFree = nilIdx, h.NFree
	for _, gp := range h.GFree.gs { // bottom first: each becomes the head
		gi := mc.gindex(gp, "the P's free list")
		if gi == nilIdx {
			panic("hook: your " + fn + " put a nil G (0) on the P's free list")
		}
		mc.allg[gi].schedlink = P.gFree
		P.gFree = gi
	}
	g := newGQueue()
	for _, gp := range q.gs {
		gi := mc.gindex(gp, "the global free list")
		if gi == nilIdx {
			panic("hook: your " + fn + " put a nil G (0) on the global free list")
		}
		mc.gqPushBack(&g, gi)
	}
	mc.sched.gFree = g
}

// AppendQueues appends a compact picture of the run queues to dst: per
// P its status, M, runnext and ring (goids) and the length of its free
// list, then the global queue, nmspinning, npidle and the global free
// list's length. The checker compares two runs' pictures after
// every step in which a hook ran (State is too costly for that).
func (mc *Machine) AppendQueues(dst []int64) []int64 {
	for i := range mc.allp {
		P := &mc.allp[i]
		dst = append(dst, -2, int64(P.status), int64(P.m), mc.goidOf(P.runnext), int64(P.nFree))
		for h := P.runqhead; h != P.runqtail; h++ {
			dst = append(dst, mc.allg[P.runq[h%runqSize]].goid)
		}
	}
	dst = append(dst, -3)
	for gi := mc.sched.runq.head; gi != nilIdx; gi = mc.allg[gi].schedlink {
		dst = append(dst, mc.allg[gi].goid)
	}
	return append(dst, -4, int64(mc.sched.nmspinning), int64(mc.sched.npidle), int64(mc.sched.gFree.size))
}
