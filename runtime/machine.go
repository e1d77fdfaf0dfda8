package runtime

import (
	"errors"
	"math/rand/v2"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// The engine: a discrete-event loop over virtual time.
//
// Every actor is an M (sysmon included). An M has a next action time (when)
// and a state saying what that action is: run schedule(), go on running its
// G's code, return from a syscall, wake from netpoll, or do a sysmon pass. The
// loop always runs the M with the earliest action; ties go to the lower M id,
// so the order never depends on the host. Timers and network readiness are
// not actors: like in the runtime, they are noticed by an M that checks
// (findRunnable, stealWork, netpoll, sysmon).
//
// Rejected approaches: a goroutine of the host per simulated M (its order is
// the host scheduler's, and it cannot be snapshotted); a fixed time step (too
// slow for 10 ms slices and too coarse for 3 µs back-offs).

// New prepares prog to run under cfg: the runtime's state as runtime.main
// leaves it when main.main is about to start.
func New(prog *vm.Program, cfg Config) (*Machine, error) {
	if prog == nil || prog.Main < 0 || prog.Main >= len(prog.Funcs) {
		return nil, errors.New("runtime.New: the program has no main function")
	}
	if cfg.NCPU == 0 {
		cfg.NCPU = DefaultNCPU
	}
	if cfg.NCPU < 1 {
		return nil, errors.New("NCPU must be at least 1, not " + vm.Itoa(int64(cfg.NCPU)))
	}
	if cfg.GOMAXPROCS == 0 {
		cfg.GOMAXPROCS = min(cfg.NCPU, maxGomaxprocs)
	}
	if cfg.GOMAXPROCS < 1 || cfg.GOMAXPROCS > 1024 {
		return nil, errors.New("GOMAXPROCS must be between 1 and 1024, not " + vm.Itoa(int64(cfg.GOMAXPROCS)))
	}
	if cfg.Layers == 0 {
		cfg.Layers = AllLayers
	}
	cfg.Layers |= Layers(LayerStacks)
	if cfg.Layers.Has(LayerSteal) && !cfg.Layers.Has(LayerProcs) {
		return nil, errors.New("layer steal needs procs")
	}
	if cfg.Layers.Has(LayerGC) && !cfg.Layers.Has(LayerProcs) {
		return nil, errors.New("layer gc needs procs")
	}
	if cfg.MaxSteps <= 0 {
		cfg.MaxSteps = DefaultMaxSteps
	}
	if cfg.MaxEvents <= 0 {
		cfg.MaxEvents = DefaultMaxEvents
	}
	if cfg.MaxInstrs <= 0 {
		cfg.MaxInstrs = DefaultMaxInstrs
	}
	if cfg.MaxTime <= 0 {
		cfg.MaxTime = DefaultMaxTime
	}
	if cfg.MaxStackSize <= 0 {
		cfg.MaxStackSize = defaultMaxStackSize
	}
	mc := &Machine{prog: prog, cfg: cfg, cur: nilIdx, sysmonM: nilIdx}
	mc.rng = *rand.NewPCG(cfg.Seed, 0x676d706c6162) // "gmplab"
	mc.vm = vm.New(prog)
	mc.vm.SeedRand(cfg.Seed)
	mc.chans = make([]hchan, 0, 16)
	mc.makechan(0) // id 0 is the nil channel
	mc.wgs = make([]waitGroup, 1, 4)
	mc.mus = make([]mutex, 1, 4)
	mc.conns = []conn{{g: nilIdx, heapI: nilIdx, read: true}} // id 0 is no connection
	mc.freeSudo = nilIdx
	mc.freeTimer = nilIdx
	mc.sched = schedt{runq: newGQueue(), gFree: newGQueue(), midle: nilIdx, pidle: nilIdx, lastpoll: 0, lockOwner: nilIdx}

	// schedinit + procresize: P0 for the bootstrap M, the others idle,
	// pushed in id order so the list's head is the highest id.
	for i := 0; i < cfg.GOMAXPROCS; i++ {
		mc.allp = append(mc.allp, newP(int32(i)))
	}
	m0 := mc.newmQuiet()
	mc.setpstatus(0, _Prunning, "New")
	mc.allp[0].m = m0
	mc.allm[m0].p = 0
	for i := 1; i < cfg.GOMAXPROCS; i++ {
		mc.pidlepush(int32(i))
	}
	// runtime.main starts sysmon on its own M (M1).
	if cfg.Layers.Has(LayerSysmon) {
		mc.sysmonM = mc.newmQuiet()
		mc.allm[mc.sysmonM].state = mSysmon
		mc.sysmon = sysmonState{delay: 20}
		mc.setWhen(mc.sysmonM, 20*1000+TimerSlack)
	}
	mc.startup(m0)
	if err := mc.gcinit(); err != nil {
		return nil, err
	}
	for i := range mc.allm {
		mc.allm[i].shown = mc.mshowOf(int32(i))
	}
	return mc, nil
}

func newP(id int32) p {
	return p{id: id, status: _Pidle, link: nilIdx, m: nilIdx, oldm: nilIdx, runnext: nilIdx, gFree: nilIdx, nextGCMarkWorker: nilIdx}
}

func (mc *Machine) newmQuiet() int32 {
	mi := int32(len(mc.allm))
	mc.allm = append(mc.allm, m{id: mi, p: nilIdx, nextp: nilIdx, oldp: nilIdx, curg: nilIdx, schedlink: nilIdx, heapIdx: nilIdx})
	mc.sched.mnext++
	mc.stats.Threads++
	return mi
}

// Step runs the engine until the next event and returns it; ok is false
// once the program has ended and every event has been returned.
func (mc *Machine) Step() (ev Event, ok bool) {
	for mc.phead >= len(mc.pending) {
		if mc.exitEmitted {
			return Event{}, false
		}
		mc.pending = mc.pending[:0]
		mc.watch.reset() // let the last step's states go
		mc.phead = 0
		mc.advance()
		if mc.cfg.Check {
			mc.checkEvents()
		}
	}
	ev = mc.pending[mc.phead]
	mc.phead++
	return ev, true
}

// Run steps to the end, calling f (if not nil) for every event.
func (mc *Machine) Run(f func(*Event)) *Exit {
	var ev Event // one variable: f(&ev) makes it escape, so not one per event
	for {
		var ok bool
		ev, ok = mc.Step()
		if !ok {
			return mc.exit
		}
		if f != nil {
			f(&ev)
		}
	}
}

// Exit reports how the run ended, or nil while it runs.
func (mc *Machine) Exit() *Exit { return mc.exit }

// Program returns the program being run.
func (mc *Machine) Program() *vm.Program { return mc.prog }

// Config returns the run's configuration, defaults filled in.
func (mc *Machine) Config() Config { return mc.cfg }

// Stats returns what the run has done so far.
func (mc *Machine) Stats() Stats {
	s := mc.stats
	s.Events = mc.seq
	s.Steps = mc.step
	if !mc.cfg.Layers.Has(LayerProcs) {
		s.LockAcq = mc.sched.lockAcq
		s.LockWait = mc.sched.lockWait
	}
	return s
}

// Now is the virtual time in ns; Seq the last event's number.
func (mc *Machine) Now() int64 { return mc.now }
func (mc *Machine) Seq() int64 { return mc.seq }

func (mc *Machine) curM() int32 { return mc.cur }

// emit appends an event; the pointer is valid until the next emit.
func (mc *Machine) emit(kind EvKind, mi, pp int32, goid int64, a1, a2 int64) *Event {
	mc.seq++
	mc.pending = append(mc.pending, Event{Seq: mc.seq, T: mc.now, Kind: kind, M: mi, P: pp, G: goid, Arg1: a1, Arg2: a2})
	if mc.watch.on {
		mc.recordState()
	}
	return &mc.pending[len(mc.pending)-1]
}

// advance runs one action of the earliest M.
func (mc *Machine) advance() {
	if mc.exit != nil {
		return
	}
	if len(mc.actors) == 0 {
		// Nothing will ever happen again. checkdead normally catches this
		// when the last M parks.
		mc.checkdead()
		if mc.exit == nil {
			mc.fatal("fatal error: all goroutines are asleep - deadlock!"+mc.goroutineDump(), "deadlock")
		}
		return
	}
	mi := mc.actors[0]
	M := &mc.allm[mi]
	if p := mc.cfg.SchedtracePeriod; p > 0 && mc.sysmonM == nilIdx && mc.sched.nextTrace <= min(M.when, mc.cfg.MaxTime) {
		// Without the sysmon layer there is no sysmon to print
		// GODEBUG=schedtrace lines; the engine prints them at each period.
		mc.now = max(mc.now, mc.sched.nextTrace)
		ev := mc.emit(EvSchedtrace, -1, -1, -1, 0, 0)
		ev.Text = mc.Schedtrace()
		mc.sched.nextTrace += p
		return
	}
	if M.when > mc.cfg.MaxTime {
		mc.exitLimit("max-time")
		return
	}
	if M.when > mc.now {
		mc.now = M.when
	}
	mc.cur = mi
	mc.acc = 0
	switch M.state {
	case mWaking:
		mc.mstart(mi)
	case mSchedule:
		mc.schedule(mi)
	case mRunning:
		mc.runG(mi)
	case mSyscall:
		mc.exitsyscall(mi)
	case mNetpoll:
		mc.netpollWake(mi)
	case mSysmon:
		mc.sysmonTick(mi)
	default:
		panic("advance: M" + vm.Itoa(int64(mi)) + " acts in state " + M.state.String())
	}
	mc.cur = nilIdx
	mc.step++
	if mc.exit == nil {
		mc.checkLimits()
	}
	if mc.cfg.Check && mc.exit == nil && (!mc.cfg.CheckHooked || mc.checkStep) {
		mc.checkInvariants()
	}
	if mc.cfg.Check && !mc.cfg.CheckHooked || mTransitionSeen != nil {
		mc.checkMTransitions()
	}
	mc.checkStep = false
}

// CheckThisStep has the invariants verified after the step in progress
// (Config.CheckHooked).
func (mc *Machine) CheckThisStep() { mc.checkStep = true }

// execBudget is how many instructions a G runs ahead in one action. Its
// code touches no shared state, so running ahead changes nothing: every
// scheduler op is still performed at its own virtual time.
const execBudget = 1024

// runG goes on with the running G of M mi: deliver a pending preemption
// signal, finish pending CPU, perform the op it stopped at, or interpret.
func (mc *Machine) runG(mi int32) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	if G.rt.kind != rtNone {
		// Inside a runtime procedure (the collector's: mgc.go), which
		// looks at the time and at G.preempt itself; a signal only wakes
		// it early.
		M.signalPending = false
		mc.rtStep(mi)
		return
	}
	if M.signalPending && mc.now >= M.signalAt {
		M.signalPending = false
		if mc.asyncPreempt(mi) {
			return
		}
	}
	if mc.now < M.workEnd {
		mc.setWhen(mi, M.workEnd)
		return
	}
	G.inWork = false
	if G.system != 0 {
		// A model system goroutine: it parks at once.
		mc.gopark(mi, G.system, vm.Pos{})
		return
	}
	G.wgWoken = 0 // it runs: Wait has returned
	if G.th.PanicMsg() != "" && !G.th.Panicking() {
		// Woken to panic (a sender on a channel that was closed, a
		// waiter on a WaitGroup reused before its Wait returned).
		msg := G.th.PanicMsg()
		G.th.SetPanic("", vm.Pos{})
		mc.raise(mi, msg, msg == errWaitGroupReused)
		return
	}
	stop := M.pendingStop
	if !M.hasPending {
		G.th.SetStack(G.stackSize, G.stackUsed, G.stackguard0)
		mc.vm.SetMapLog(len(mc.allp) > 1)
		var before uint64
		if mc.gcOn() {
			before = mc.vm.HeapStats().Alloc
			mc.setAllocLimit(gi)
		}
		n, ps, s := mc.vm.Run(&G.th, execBudget)
		if mc.gcOn() {
			mc.chargeAlloc(gi, before)
		}
		G.stackUsed = G.th.StackUsed()
		if log := mc.vm.MapLog(); len(log) > 0 && mc.checkMapAccesses(mi, log, G.psRem) {
			return
		}
		if mc.vm.NeedGC() && !mc.noGC {
			mc.gcCollect()
		}
		ps += G.psRem
		ns := ps / 1000
		G.psRem = ps % 1000
		mc.stats.Instrs += int64(n)
		mc.stats.CPU += ns
		G.sinceSched += ns
		if n > 0 {
			M.workEnd = mc.now + ns
			M.pendingStop = s
			M.hasPending = s != vm.StopBudget
			mc.setWhen(mi, M.workEnd)
			return
		}
		stop = s
	}
	M.hasPending = false
	if stop != vm.StopBudget {
		G.sinceSched = 0 // it called into the scheduler (or exits, or grows its stack)
	}
	switch stop {
	case vm.StopBudget:
		mc.continueG(mi, 0)
	case vm.StopSched:
		if G.stackguard0 == stackPreempt {
			if name := mc.callTarget(gi); name != "" {
				mc.preemptAtCall(mi, name)
				return
			}
		}
		mc.schedOp(mi)
	case vm.StopExit:
		mc.goexit0(mi)
	case vm.StopMorestack:
		mc.newstack(mi)
	case vm.StopPanic:
		mc.fatalPanic(mi)
	case vm.StopAlloc:
		mc.mallocgc(mi) // mgc.go
	}
}

// ---- the actor heap -------------------------------------------------------

// setWhen schedules M mi's next action at t (plus any sched.lock wait).
func (mc *Machine) setWhen(mi int32, t int64) {
	M := &mc.allm[mi]
	if M.lockDelay > 0 {
		t += M.lockDelay
		M.lockDelay = 0
		if M.state == mRunning && M.workEnd < t {
			M.workEnd = t
		}
	}
	// A running M also wakes for a preemption signal due before its next
	// action.
	if M.state == mRunning && M.signalPending && M.signalAt < t {
		t = max(M.signalAt, mc.now)
	}
	M.when = t
	if M.heapIdx == nilIdx {
		mc.actors = heapPush(actorOrder{mc}, mc.actors, mi)
		return
	}
	i := int(M.heapIdx)
	heapUp(actorOrder{mc}, mc.actors, i)
	heapDown(actorOrder{mc}, mc.actors, int(mc.allm[mi].heapIdx))
}

// unsetWhen takes M mi out of the loop (it parked).
func (mc *Machine) unsetWhen(mi int32) {
	M := &mc.allm[mi]
	if M.heapIdx == nilIdx {
		return
	}
	mc.actors = heapRemove(actorOrder{mc}, mc.actors, int(M.heapIdx))
	M.heapIdx = nilIdx
}

// ---- the end of a run ------------------------------------------------------

// exitProgram ends the run (main returned, or a fatal error) and returns
// its exit event (nil if the run had already ended).
func (mc *Machine) exitProgram(code int, reason, msg string) *Event {
	if mc.exit != nil {
		return nil
	}
	mc.exit = &Exit{Code: code, Reason: reason, Msg: msg}
	ev := mc.emit(EvExit, mc.curM(), -1, -1, int64(code), 0)
	ev.Text = reason
	if mc.cfg.Why {
		switch reason {
		case "exit":
			ev.Why = "main.main returned: the program exits and every other goroutine dies with it"
		default:
			ev.Why = firstLine(msg)
		}
	}
	mc.exitEmitted = true
	return ev
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func (mc *Machine) fatal(msg, reason string) { mc.exitProgram(2, reason, msg) }

// fatalG is a fatal error in goroutine gi, with its stack in the message.
func (mc *Machine) fatalG(gi int32, msg, reason string) {
	mc.fatal(msg+"\n\n"+mc.goroutineHeader(gi)+mc.traceback(gi), reason)
}

// fatalUser is the runtime's fatal(s) called on goroutine gi (panic.go:
// fatal, for errors of the program that no recover may catch: "sync:
// unlock of unlocked mutex"): "fatal error: s", after the panics gi is
// running deferred calls for (printPreFatalDeferPanic).
//
// Simplified: those panics print as printpanics prints them after
// preprintpanics (an error's Error method's text), where
// printPreFatalDeferPanic prints the raw values (runtime.plainError("…")
// for a run-time error); a string or a number prints the same.
func (mc *Machine) fatalUser(gi int32, s string) {
	msg := "fatal error: " + strings.ReplaceAll(s, "\n", "\n\t")
	if th := &mc.allg[gi].th; th.Panicking() {
		chain, _, _ := strings.Cut(th.PanicMsg(), "\n[signal")
		if th.Recovered() {
			chain += " [recovered]"
		}
		msg = "panic: " + chain + "\n\t" + msg
	}
	mc.fatalG(gi, msg, "fatal")
}

// gopanic panics the running G of M mi with a run-time error of package
// runtime (panic.go: gopanic of a plainError or an errorString, as
// chan.go's chansend raises "send on closed channel"): the G goes on
// running, unwinding through its deferred calls, which may recover; a
// panic that none recovers ends the program (fatalPanic) when the
// interpreter stops with StopPanic.
func (mc *Machine) gopanic(mi int32, msg string) { mc.raise(mi, msg, false) }

// gopanicString is gopanic for a library package's panic(string)
// (sync: "sync: negative WaitGroup counter"; time: "non-positive interval
// for NewTicker"), whose value recover returns as a string.
func (mc *Machine) gopanicString(mi int32, msg string) { mc.raise(mi, msg, true) }

func (mc *Machine) raise(mi int32, msg string, str bool) {
	gi := mc.allm[mi].curg
	G := &mc.allg[gi]
	G.th.Raise(msg, str, mc.gpos(gi))
	mc.continueG(mi, 0)
}

// fatalPanic ends the program with the panic of the running G of M mi
// (panic.go: fatalpanic, printpanics).
func (mc *Machine) fatalPanic(mi int32) {
	gi := mc.allm[mi].curg
	G := &mc.allg[gi]
	pmsg := G.th.PanicMsg()
	msg := "panic: " + pmsg
	if strings.HasPrefix(pmsg, "runtime error:") && !strings.Contains(pmsg, "[signal") {
		msg += "\n"
	} else if !strings.Contains(pmsg, "\n") {
		msg += "\n"
	}
	mc.exitProgram(2, "panic", msg+"\n"+mc.goroutineHeader(gi)+mc.traceback(gi))
}

func (mc *Machine) goroutineHeader(gi int32) string {
	G := &mc.allg[gi]
	state := G.status.String()
	if G.status == _Gwaiting {
		state = G.waitreason.String()
		if G.waitsince > 0 {
			if mins := (mc.now - G.waitsince) / 60e9; mins > 0 {
				state += ", " + vm.Itoa(mins) + " minutes"
			}
		}
	}
	if G.lockedm != 0 {
		state += ", locked to thread" // traceback.go: goroutineheader
	}
	return "goroutine " + vm.Itoa(G.goid) + " [" + state + "]:\n"
}

// traceback prints gi's frames like the runtime (without PCs and offsets).
func (mc *Machine) traceback(gi int32) string {
	G := &mc.allg[gi]
	var b strings.Builder
	if !G.th.Started() && G.th.EntryClo() > 0 {
		// Not started: the runtime shows the entry function at its
		// first line (gp.sched.pc is its entry).
		fn := &mc.prog.Funcs[mc.vm.ClosureFn(G.th.EntryClo())]
		b.WriteString(fn.Name + "(...)\n\t" + mc.prog.FileName(fn.Decl) + ":" + vm.Itoa(int64(fn.Decl.Line)) + "\n")
	}
	shown := mc.shownFrames(G)
	k := 0 // frames counted so far, innermost first
	for i := G.th.NumFrames() - 1; i >= 0; i-- {
		fi, _ := G.th.Frame(i)
		hidden := mc.hiddenFrame(fi) // runtime frames: see shownFrames
		if hidden && !mc.throwing {
			continue
		}
		if k++; elided(k, shown) {
			if k == tracebackInnerFrames+1 {
				b.WriteString("...")
				b.WriteString(vm.Itoa(int64(shown - tracebackInnerFrames - tracebackOuterFrames)))
				b.WriteString(" frames elided...\n")
				i, k = mc.outerFrames(G), shown-tracebackOuterFrames
			}
			continue
		}
		if hidden {
			continue
		}
		for _, ff := range mc.vm.FrameFuncs(&G.th, i) {
			// The bodies spliced into the frame, then its own function
			// (runtime/traceback.go: traceback2's inlineUnwinder loop).
			pos := ff.Pos
			b.WriteString(mc.prog.Funcs[ff.Fn].Name + "(...)\n\t" + mc.prog.FileName(pos) + ":" + vm.Itoa(int64(pos.Line)) + "\n")
		}
	}
	if G.goFunc {
		b.WriteString("created by time.goFunc\n\t" + goFuncFile + "\n")
	}
	if G.parent > 0 && G.goid != 1 {
		b.WriteString("created by " + mc.creatorName(gi) + " in goroutine " + vm.Itoa(G.parent) + "\n\t" + mc.prog.FileName(G.gopc) + ":" + vm.Itoa(int64(G.gopc.Line)) + "\n")
	}
	return b.String()
}

func (mc *Machine) creatorName(gi int32) string {
	G := &mc.allg[gi]
	for i := range mc.prog.Funcs {
		fn := &mc.prog.Funcs[i]
		if fn.Decl.File == G.gopc.File && len(fn.Pos) > 0 && fn.Pos[0].Line <= G.gopc.Line && fn.Pos[len(fn.Pos)-1].Line >= G.gopc.Line && !strings.Contains(fn.Name, ".func") {
			return fn.Name
		}
	}
	return "main.main"
}

// goroutineDump lists every user goroutine, as the runtime does when it dies.
func (mc *Machine) goroutineDump() string {
	var b strings.Builder
	order := make([]int32, 0, len(mc.allg))
	for i := range mc.allg {
		if mc.allg[i].status != _Gdead && mc.allg[i].system == 0 {
			order = append(order, int32(i))
		}
	}
	// allgs order is creation order; goids grow with it except on reuse.
	sortByGoid(mc, order)
	for _, gi := range order {
		b.WriteString("\n\n" + mc.goroutineHeader(gi) + strings.TrimSuffix(mc.traceback(gi), "\n"))
	}
	return b.String()
}

func sortByGoid(mc *Machine, gs []int32) {
	for i := 1; i < len(gs); i++ {
		for j := i; j > 0 && mc.allg[gs[j]].goid < mc.allg[gs[j-1]].goid; j-- {
			gs[j], gs[j-1] = gs[j-1], gs[j]
		}
	}
}

// checkdead ends the program when no M can ever run Go code again
// (proc.go: checkdead): no M is running, and every user G is blocked with
// no timer pending.
func (mc *Machine) checkdead() {
	run := mc.mcount() - mc.sched.nmidle - mc.sched.nmidlelocked - mc.nmsys()
	if run > 0 {
		return
	}
	if run < 0 {
		panic("checkdead: inconsistent counts")
	}
	grunning := 0
	for i := range mc.allg {
		G := &mc.allg[i]
		if G.system != 0 {
			continue
		}
		switch G.status {
		case _Gwaiting, _Grunnable, _Grunning:
			grunning++
		case _Gsyscall:
			panic("checkdead: found g in syscall")
		}
	}
	if grunning == 0 {
		mc.fatal("fatal error: no goroutines (main called runtime.Goexit) - deadlock!", "deadlock")
		return
	}
	// There are no goroutines running, so we can look at the P's timers.
	for i := range mc.allp {
		if len(mc.allp[i].timers) > 0 {
			return
		}
	}
	mc.fatal("fatal error: all goroutines are asleep - deadlock!"+mc.goroutineDump(), "deadlock")
}

// fmtNs formats virtual nanoseconds like time.Duration.String.
func fmtNs(ns int64) string { return vm.DurationString(ns) }
