package runtime

import "github.com/gmplab/gmplab/vm"

// sysmon: the system monitor, on its own M without a P (proc.go: sysmon,
// retake, handoffp). It sleeps 20 µs; after 50 idle passes in a row it
// doubles its sleep, up to 10 ms; only taking a P from a syscall resets it.
// When every P is idle it sleeps deeply until the next timer (at most 60 s)
// or until a syscall wakes it. Every sleep also lasts the timer slack longer
// (cost.go: TimerSlack), as on Linux.
//
// With the gc layer, sysmon also sleeps deeply while the world is stopped
// and wakes the forcegc helper after two minutes without a cycle.
//
// Not modelled: the scavenger, GOMAXPROCS auto-update.

const (
	forcePreemptNS    = 10_000_000 // proc.go: retake: a time slice
	sysmonMinDelayUS  = 20
	sysmonMaxDelayUS  = 10_000
	sysmonIdleBackoff = 50
	sysmonDeepMaxNS   = 60_000_000_000 // forcegcperiod / 2
	netpollSysmonNS   = 10_000_000     // sysmon polls the network after 10 ms without a poll
)

// bootNanotime is what the real nanotime() reads when the program starts:
// the monotonic clock (CLOCK_MONOTONIC on Linux) counts from the machine's
// boot, not from the program's start. Only one rule can tell the
// difference: retake compares its now with pd.syscallwhen and pd.schedwhen,
// which start at 0 (proc.go: type sysmontick), so on a P whose first
// syscall sysmon sees with pd.syscalltick still equal to the P's (both 0)
// "pd.syscallwhen+10ms > now" is false and the P is taken at sysmon's
// first look, even with nothing waiting. A simplification: the real offset
// is the host's uptime, which varies; any value over 10 ms decides every
// rule the same way, so one fixed hour stands for it (docs/assumptions.md).
// Events, timers and every printed time stay counted from the program's
// start (mc.now); only sysmon's sysmontick record reads nanotime().
const bootNanotime = 3600 * 1_000_000_000

// nanotime is the real runtime's nanotime(): the virtual time plus the
// machine's uptime at the program's start (bootNanotime).
func (mc *Machine) nanotime() int64 { return mc.now + bootNanotime }

type sysmonState struct {
	delay       int64 // µs
	idle        int
	deep        bool // sleeping on sysmonnote
	syscallWake bool
}

// sysmonWake wakes a deep-sleeping sysmon (notewakeup(&sched.sysmonnote)).
func (mc *Machine) sysmonWake() {
	if mc.sysmonM == nilIdx || !mc.sysmon.deep {
		return
	}
	mc.sysmon.syscallWake = true
	mc.setWhen(mc.sysmonM, mc.now+mc.acc+CostWakeM) // notewakeup: the thread wakes (futex)
}

// sysmonTick is one pass of sysmon's loop, after its sleep.
func (mc *Machine) sysmonTick(mi int32) {
	S := &mc.sysmon
	now := mc.now
	if S.deep {
		S.deep = false
		if S.syscallWake {
			S.idle = 0
			S.delay = sysmonMinDelayUS
		}
		S.syscallWake = false
	} else if mc.cfg.SchedtracePeriod <= 0 && (mc.sched.gcwaiting || mc.sched.npidle == int32(len(mc.allp)) || mc.cfg.Hooks != nil && mc.cfg.Hooks.SysmonDeepSleep != nil) {
		next := int64(math64Max)
		for i := range mc.allp {
			if h := mc.allp[i].timers; len(h) > 0 && mc.timers[h[0]].hwhen < next {
				next = mc.timers[h[0]].hwhen
			}
		}
		sleep, deep, hooked := mc.hookSysmonDeep(next, now)
		if !hooked {
			deep = next > now
			sleep = int64(sysmonDeepMaxNS)
			if next-now < sleep {
				sleep = next - now
			}
		}
		if deep {
			S.deep = true
			if ev := mc.emit(EvSysmon, mi, -1, -1, 0, 0); mc.cfg.Why {
				ev.Why = "every P is idle: sysmon sleeps deeply for " + fmtNs(sleep) + " (until the next timer, at most 60s) or until a syscall wakes it"
				if mc.sched.gcwaiting {
					ev.Why = "the world is stopping: sysmon sleeps deeply for " + fmtNs(sleep) + " (until the next timer, at most 60s) or until the world starts again"
				}
			}
			mc.setWhen(mi, now+sleep+TimerSlack)
			return
		}
	}
	// Poll the network if nobody has for 10 ms.
	if mc.cfg.Layers.Has(LayerNetpoll) && mc.netpollInited && !mc.sched.polling && mc.sched.lastpoll+netpollSysmonNS < now {
		mc.sched.lastpoll = now
		list := mc.netpoll(mi, 0)
		if len(list) > 0 {
			mc.injectglist(mi, list)
		}
	}
	retaken := mc.retake(mi, mc.nanotime())
	backoffHooked := mc.hookSysmonBackoff(retaken)
	if !backoffHooked {
		if retaken != 0 {
			S.idle = 0
		} else {
			S.idle++
		}
	}
	if mc.gcOn() {
		mc.sysmonForceGC(mi) // mgcsweep.go
	}
	if p := mc.cfg.SchedtracePeriod; p > 0 && now >= mc.sched.nextTrace {
		ev := mc.emit(EvSchedtrace, mi, -1, -1, 0, 0)
		ev.Text = mc.Schedtrace()
		for mc.sched.nextTrace <= now {
			mc.sched.nextTrace += p
		}
	}
	// The next sleep.
	if !backoffHooked {
		if S.idle == 0 {
			S.delay = sysmonMinDelayUS
		} else if S.idle > sysmonIdleBackoff {
			S.delay *= 2
		}
		if S.delay > sysmonMaxDelayUS {
			S.delay = sysmonMaxDelayUS
		}
	}
	mc.setWhen(mi, now+CostSysmonLoop+S.delay*1000+TimerSlack)
}

const math64Max = 1<<63 - 1

// retake preempts Gs that have run for 10 ms and takes Ps from Ms blocked in
// syscalls (proc.go: retake). now is nanotime() (bootNanotime on): the
// times it stores in a P's sysmontick are on that clock. It returns how
// many Ps it took from syscalls.
func (mc *Machine) retake(mi int32, now int64) int {
	if n, hooked := mc.hookRetakeAll(mi, now); hooked {
		return n
	}
	n := 0
	for i := range mc.allp {
		pp := int32(i)
		P := &mc.allp[i]
		if P.status != _Prunning {
			continue
		}
		pd := &P.sysmontick
		sysretake := false
		// Preempt G if it's running on the same schedtick for too long.
		if t := P.schedtick; pd.Schedtick != t {
			pd.Schedtick = t
			pd.Schedwhen = now
		} else if pd.Schedwhen+forcePreemptNS <= now {
			mc.preemptone(pp, now-pd.Schedwhen)
			// In case of syscall, preemptone() doesn't work, because
			// there's no M wired to P.
			sysretake = true
		}
		// Is the P in a syscall?
		holder, cg, ok := mc.inSyscall(pp)
		if !ok {
			continue
		}
		if take, hooked := mc.hookRetake(pp, sysretake, now); hooked {
			if !take {
				continue
			}
			goto takeP
		}
		if t := P.syscalltick; !sysretake && pd.Syscalltick != t {
			pd.Syscalltick = t
			pd.Syscallwhen = now
			continue
		}
		// On the one hand we don't want to retake Ps if there is no other
		// work to do, but on the other hand we want to retake them
		// eventually because they can prevent the sysmon thread from deep
		// sleep.
		if mc.runqempty(pp) && mc.sched.nmspinning+mc.sched.npidle > 0 && pd.Syscallwhen+forcePreemptNS > now {
			continue
		}
		// takeP: the syscalling M keeps running its syscall without a P.
	takeP:
		mc.takeP(pp)
		n++
		if ev := mc.emitRetake(mi, pp, cg, holder); mc.cfg.Why {
			switch {
			case pd.Syscalltick == 0 && P.syscalltick == 1 && pd.Syscallwhen == 0:
				ev.Why = "P" + vm.Itoa(int64(pp)) + "'s first syscall: sysmon's record of its syscalltick starts at 0, which equals the P's, so this first look counts as the second (the zero-tick quirk), and "
				switch {
				case !mc.runqempty(pp):
					ev.Why += "P" + vm.Itoa(int64(pp)) + " has local work waiting"
				case mc.sched.nmspinning+mc.sched.npidle == 0:
					ev.Why += "no P is idle and no M spins"
				default:
					ev.Why += "its record of when it saw the syscall is 0 too, while nanotime() counts from the machine's boot, so the 10ms that keep an idle P attached are long past"
				}
				ev.Why += ": take the P from M" + vm.Itoa(int64(holder))
				if mc.runqempty(pp) && mc.sched.nmspinning+mc.sched.npidle > 0 {
					ev.Why += " although nothing waits for it"
				}
			case sysretake:
				// retake skips the syscalltick check for a stale slice,
				// but not the nothing-to-gain rule below it.
				ev.Why = "P" + vm.Itoa(int64(pp)) + "'s schedtick has not changed for 10ms and its G is in a syscall (a stale slice preemptone cannot end), so sysmon skips the syscalltick check; "
				switch {
				case !mc.runqempty(pp):
					ev.Why += "P" + vm.Itoa(int64(pp)) + " has local work waiting"
				case mc.sched.nmspinning+mc.sched.npidle == 0:
					ev.Why += "no P is idle and no M spins"
				default:
					ev.Why += "the syscall has lasted over 10ms since sysmon first saw it"
				}
				ev.Why += ": take the P from M" + vm.Itoa(int64(holder))
			case !mc.runqempty(pp):
				ev.Why = "sysmon saw the same syscalltick twice (the syscall has lasted at least one sysmon period) and P" + vm.Itoa(int64(pp)) + " has local work waiting: take the P from M" + vm.Itoa(int64(holder))
			case mc.sched.nmspinning+mc.sched.npidle == 0:
				ev.Why = "sysmon saw the same syscalltick twice and no P is idle and no M spins: take P" + vm.Itoa(int64(pp)) + " from M" + vm.Itoa(int64(holder))
			default:
				ev.Why = "the syscall has lasted over 10ms since sysmon first saw it: take P" + vm.Itoa(int64(pp)) + " from M" + vm.Itoa(int64(holder)) + " even with nothing waiting"
			}
			if mc.allg[cg].inWrite {
				ev.Why = "G" + vm.Itoa(mc.goidOf(cg)) + "'s print is in its write(2): " + ev.Why
			}
		}
		mc.handoffp(pp)
	}
	return n
}

// inSyscall reports whether P pp is held by an M whose G is in a system
// call, and returns that M and G (proc.go: setBlockOnExitSyscall's ok).
func (mc *Machine) inSyscall(pp int32) (holder, cg int32, ok bool) {
	P := &mc.allp[pp]
	if P.status != _Prunning || P.m == nilIdx {
		return nilIdx, nilIdx, false
	}
	holder = P.m
	cg = mc.allm[holder].curg
	if cg == nilIdx || mc.allg[cg].status != _Gsyscall {
		return nilIdx, nilIdx, false
	}
	return holder, cg, true
}

// takeP takes P pp from the M that holds it in a system call, which goes
// on with its call without a P (proc.go: thread.takeP); the P's
// syscalltick moves, as the runtime's does.
func (mc *Machine) takeP(pp int32) {
	P := &mc.allp[pp]
	mc.allm[P.m].p = nilIdx
	P.m = nilIdx
	mc.setpstatus(pp, _Pidle, "takeP")
	P.syscalltick++
}

// emitRetake reports that sysmon took P pp from M holder, whose G cg is
// in a system call (proc.go: retake).
func (mc *Machine) emitRetake(mi, pp, cg, holder int32) *Event {
	mc.stats.Retakes++
	return mc.emit(EvRetake, mi, pp, mc.goidOf(cg), int64(holder), 0)
}

// handoffp hands off P pp from a syscall or a locked M (proc.go: handoffp):
// start an M for it if it has work, else let it idle.
func (mc *Machine) handoffp(pp int32) {
	mc.stats.Handoffs++
	step := int64(0)
	why := ""
	spinning := false
	start := true
	if st, sp, s, w, hooked := mc.hookHandoffp(pp); hooked {
		start, spinning, step, why = st, sp, s, w
		goto decided
	}
	switch {
	case !mc.runqempty(pp) || mc.sched.runq.size > 0:
		step, why = 1, "it has local work (or the global queue has work): start an M for it"
	case mc.gc.blackenEnabled && mc.gcMarkWorkAvailable():
		step, why = 3, "the collector is marking and has work for a worker: start an M for it"
	case mc.sched.nmspinning+mc.sched.npidle == 0 && mc.cfg.Layers.Has(LayerSteal):
		// No local work, check that there are no spinning/idle M's,
		// otherwise our help is not required.
		mc.sched.nmspinning++
		mc.sched.needspinning = false
		spinning = true
		step, why = 4, "no M spins and no P is idle: start a spinning M on it"
	case mc.sched.gcwaiting:
		step, why, start = 5, "the world is stopping: the P stops (_Pgcstop)", false
	case mc.sched.npidle == int32(len(mc.allp))-1 && !mc.sched.polling:
		// If this is the last running P and nobody is polling network,
		// need to wakeup another M to poll network.
		step, why = 8, "it is the last running P and nobody polls the network: start an M to poll"
	default:
		start = false
		step, why = 9, "no work for it: it goes idle"
	}
decided:
	if ev := mc.emit(EvHandoffp, mc.curM(), pp, -1, step, 0); mc.cfg.Why {
		ev.Why = "handoffp step " + vm.Itoa(step) + ": " + why
	}
	if start {
		mc.startm(pp, spinning)
		return
	}
	if step == 5 {
		mc.gcstopP(pp)
		return
	}
	var when int64
	if h := mc.allp[pp].timers; len(h) > 0 {
		when = mc.timers[h[0]].hwhen
	}
	mc.pidleput(pp)
	if when != 0 {
		mc.wakeNetPoller(when)
	}
}
