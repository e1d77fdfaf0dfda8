package checker

import (
	wakepref "github.com/gmplab/gmplab/exercises/03-wakep/solution"
	exitref "github.com/gmplab/gmplab/exercises/04-exitsyscall/solution"
	preoneref "github.com/gmplab/gmplab/exercises/05-preemptone/solution"
	frref "github.com/gmplab/gmplab/exercises/06-findrunnable/solution"
	capref "github.com/gmplab/gmplab/exercises/07-scheduler/solution"
	"github.com/gmplab/gmplab/exercises/rt"
)

// Wrong whole mechanisms: the reference's control flow with one mistake
// a learner makes, switched on by a knob, so that each wrong solution is
// the reference but for that mistake.

// frMistakes are findRunnable's and stealWork's realistic mistakes.
type frMistakes struct {
	ringBefore61     bool // the local queue before the 61st-tick check
	netpollWhileBusy bool // netpoll(0) even while an M is blocked in netpoll
	noRecheck        bool // after dropping the P, straight to netpoll/stopm
	keepCount        bool // drops mp.spinning but not nmspinning
	inOrder          bool // stealWork walks allp from 0, not in cheaprand's order
	runnextEachPass  bool // stealWork takes runnext on every pass
	skipIdleP        bool // stealWork skips idle Ps, their timers too
	stopAtTimer      bool // stealWork returns as soon as a timer ran
}

func (k frMistakes) find(sched rt.Sched) (rt.Guintptr, bool) {
top:
	pp := sched.P()
	pollUntil, _ := sched.CheckTimers(pp)
	if k.ringBefore61 {
		if gp, inh := sched.Runqget(pp); gp != 0 {
			return gp, inh
		}
	}
	if sched.Schedtick(pp)%61 == 0 && !sched.GlobrunqEmpty() {
		if gp := sched.Globrunqget(); gp != 0 {
			return gp, false
		}
	}
	if gp, inh := sched.Runqget(pp); gp != 0 {
		return gp, inh
	}
	if !sched.GlobrunqEmpty() {
		if gp := sched.Globrunqgetbatch(pp); gp != 0 {
			return gp, false
		}
	}
	if sched.NetpollInited() && sched.NetpollAnyWaiters() && (sched.Lastpoll() != 0 || k.netpollWhileBusy) {
		if list := sched.Netpoll(0); len(list) > 0 {
			gp := list[0]
			sched.Injectglist(list[1:])
			sched.Casgstatus(gp, rt.Gwaiting, rt.Grunnable)
			return gp, false
		}
	}
	if sched.Spinning() || 2*sched.Nmspinning() < sched.Gomaxprocs()-sched.Npidle() {
		if !sched.Spinning() {
			sched.BecomeSpinning()
		}
		gp, inh, w, newWork := k.steal(sched)
		if gp != 0 {
			return gp, inh
		}
		if newWork {
			goto top
		}
		if w != 0 && (pollUntil == 0 || w < pollUntil) {
			pollUntil = w
		}
	}
	if !sched.GlobrunqEmpty() {
		return sched.Globrunqgetbatch(pp), false
	}
	if !sched.Spinning() && sched.Needspinning() {
		sched.BecomeSpinning()
		goto top
	}
	sched.Releasep()
	sched.Pidleput(pp)
	wasSpinning := sched.Spinning()
	if sched.Spinning() {
		sched.SetSpinning(false)
		if !k.keepCount {
			sched.AddNmspinning(-1)
		}
		if !k.noRecheck {
			if !sched.GlobrunqEmpty() {
				if pp := sched.PidlegetSpinning(); pp != 0 {
					gp := sched.Globrunqgetbatch(pp)
					sched.Acquirep(pp)
					sched.BecomeSpinning()
					return gp, false
				}
			}
			if pp := frref.CheckRunqsNoP(sched); pp != 0 {
				sched.Acquirep(pp)
				sched.BecomeSpinning()
				goto top
			}
			pollUntil = frref.CheckTimersNoP(sched, pollUntil)
		}
	}
	if sched.NetpollInited() && (sched.NetpollAnyWaiters() || pollUntil != 0) && sched.Lastpoll() != 0 {
		sched.NetpollBlock(pollUntil, wasSpinning)
		return 0, false
	} else if pollUntil != 0 && sched.NetpollInited() {
		if p := sched.PollerPollUntil(); p == 0 || p > pollUntil {
			sched.NetpollBreak()
		}
	}
	sched.Stopm()
	return 0, false
}

func (k frMistakes) steal(sched rt.Sched) (rt.Guintptr, bool, int64, bool) {
	pp := sched.P()
	ranTimer := false
	var pollUntil int64
	n := sched.Gomaxprocs()
	for i := 0; i < 4; i++ {
		last := i == 3
		enum := frref.StealOrder(n, sched.Cheaprand())
		for j := int32(0); j < n; j++ {
			pos := enum.Position()
			if k.inOrder {
				pos = j
			}
			enum.Next()
			p2 := sched.Allp(pos)
			if pp == p2 || (k.skipIdleP && sched.IdlepMask(p2)) {
				continue
			}
			if last && sched.TimerpMask(p2) {
				w, ran := sched.CheckTimers(p2)
				if w != 0 && (pollUntil == 0 || w < pollUntil) {
					pollUntil = w
				}
				if ran {
					if gp, inh := sched.Runqget(pp); gp != 0 {
						return gp, inh, pollUntil, ranTimer
					}
					ranTimer = true
					if k.stopAtTimer {
						return 0, false, pollUntil, true
					}
				}
			}
			if !sched.IdlepMask(p2) {
				if gp := sched.Runqsteal(pp, p2, last || k.runnextEachPass); gp != 0 {
					return gp, false, pollUntil, ranTimer
				}
			}
		}
	}
	return 0, false, pollUntil, ranTimer
}

func (k frMistakes) exercise() *Exercise {
	return Findrunnable(k.find, k.steal, frref.CheckRunqsNoP, frref.CheckTimersNoP)
}

// wrongMechanisms are the whole mechanisms' wrong solutions.
func wrongMechanisms() []wrongSolution {
	return []wrongSolution{
		{"07-schedule-keeps-spinning", Scheduler(func() SchedulerFuncs {
			f := capstoneRef()
			f.Schedule = func(s rt.Sched) {
				if s.Lockedg() {
					s.Stoplockedm()
					return
				}
				pp := s.P()
				s.SetPPreempt(pp, false)
				gp, inh := capref.FindRunnable(s)
				if gp == 0 {
					return
				}
				// the spinning M runs its G still spinning
				if s.Lockedm(gp) {
					s.Startlockedm(gp)
					return
				}
				s.Execute(gp, inh)
			}
			return f
		}()), "properties/schedule: a spinning M that found work stops spinning before it runs it"},
		{"07-scheduler-runqget-ring-first", Scheduler(func() SchedulerFuncs {
			f := capstoneRef()
			f.Runqget = func(pp *rt.P) (rt.Guintptr, bool) { // 02-runqget's mistake, copied into the capstone
				if pp.Runqhead != pp.Runqtail {
					g := pp.Runq[pp.Runqhead%256]
					pp.Runqhead++
					return g, false
				}
				return capref.Runqget(pp)
			}
			return f
		}()), "lesson/server@2"},
		{"05-retake-lt-for-le", retakeMistakes{strict: true}.exercise(), "properties/retake: the same schedtick for 10 ms: preemptone"},
		{"05-retake-tick-without-time", retakeMistakes{noWhen: true}.exercise(), "properties/retake: a new schedtick: record it, with now"},
		{"05-retake-no-sysretake", retakeMistakes{noSysretake: true}.exercise(), "properties/retake: a stale time slice in a syscall: the first look is skipped (sysretake)"},
		{"05-preemptone-no-signal", Preemptone(preoneref.Retake, func(s rt.Sched, pp rt.Puintptr) bool {
			mp := s.PM(pp)
			if mp == 0 || mp == s.M() || s.Curg(mp) == 0 || s.Readgstatus(s.Curg(mp)) == rt.Gsyscall {
				return false
			}
			s.SetPreempt(s.Curg(mp), true)
			s.SetStackguard0(s.Curg(mp), rt.StackPreempt) // the cooperative request only
			return true
		}), "properties/preemptone: the running G: gp.preempt, stackguard0, pp.preempt and the signal"},
		{"05-preemptone-in-syscall", Preemptone(preoneref.Retake, func(s rt.Sched, pp rt.Puintptr) bool {
			mp := s.PM(pp)
			if mp == 0 || mp == s.M() || s.Curg(mp) == 0 { // a G in a syscall is asked too
				return false
			}
			gp := s.Curg(mp)
			s.SetPreempt(gp, true)
			s.SetStackguard0(gp, rt.StackPreempt)
			if !s.AsyncPreemptOff() {
				s.SetPPreempt(pp, true)
				s.PreemptM(mp)
			}
			return true
		}), "properties/preemptone: a G in a syscall: nothing"},
		{"04-exitsyscall-no-tick", Exitsyscall(func(s rt.Sched) {
			gp := s.Curg(s.M())
			s.Casgstatus(gp, rt.Gsyscall, rt.Grunning)
			oldp := s.Oldp()
			s.SetOldp(0)
			pp := s.P()
			if pp == 0 {
				if pp = exitref.ExitsyscallTryGetP(s, oldp); pp != 0 {
					s.Acquirep(pp)
				}
			}
			if pp != 0 { // syscalltick not counted
				if s.Preempted(gp) {
					s.SetStackguard0(gp, rt.StackPreempt)
				}
				return
			}
			exitref.ExitsyscallNoP(s, gp)
		}, exitref.ExitsyscallTryGetP, exitref.ExitsyscallNoP), "properties/exitsyscall: fast path: the M kept its P: syscalltick, and the G goes on"},
		{"04-exitsyscall-takes-busy-oldp", Exitsyscall(exitref.Exitsyscall, func(s rt.Sched, oldp rt.Puintptr) rt.Puintptr {
			if oldp != 0 && !s.IdlepMask(oldp) && s.Status(oldp) == rt.Prunning { // not asked whether its M is in a syscall
				s.TakeP(oldp)
				return oldp
			}
			return exitref.ExitsyscallTryGetP(s, 0)
		}, exitref.ExitsyscallNoP), "properties/exitsyscallTryGetP: else an idle P"},
		{"04-exitsyscall-idle-first", Exitsyscall(exitref.Exitsyscall, func(s rt.Sched, oldp rt.Puintptr) rt.Puintptr {
			if pp := exitref.ExitsyscallTryGetP(s, 0); pp != 0 { // an idle P before the old one
				return pp
			}
			return exitref.ExitsyscallTryGetP(s, oldp)
		}, exitref.ExitsyscallNoP), "properties/exitsyscallTryGetP: its old P first, if the M holding it is in a syscall"},
		{"04-exitsyscall-nop-no-second-look", Exitsyscall(exitref.Exitsyscall, exitref.ExitsyscallTryGetP, func(s rt.Sched, gp rt.Guintptr) {
			s.Casgstatus(gp, rt.Grunning, rt.Grunnable)
			s.Dropg()
			s.Globrunqput(gp) // no look for a P that went idle meanwhile
			if s.Lockedm(gp) {
				s.Stoplockedm()
				return
			}
			s.Stopm()
		}), "properties/exitsyscallNoP: an idle P appeared: the G runs on it"},
		{"04-exitsyscall-sysmon-asleep", Exitsyscall(exitref.Exitsyscall, func(s rt.Sched, oldp rt.Puintptr) rt.Puintptr {
			if oldp != 0 && s.SetBlockOnExitSyscall(oldp) {
				s.TakeP(oldp)
				return oldp
			}
			return s.Pidleget() // sysmon left asleep
		}, exitref.ExitsyscallNoP), "properties/exitsyscallTryGetP: an idle P wakes a deep-sleeping sysmon"},
		{"03-wakep-counts-after", Wakep(func(s rt.Sched) {
			if s.Nmspinning() != 0 {
				return
			}
			pp := wakepref.PidlegetSpinning(s) // the P first, the count after it
			if pp == 0 {
				return
			}
			s.AddNmspinning(1)
			s.Startm(pp, true)
		}, wakepref.Resetspinning, wakepref.BecomeSpinning, wakepref.PidlegetSpinning), "properties/wakep: no M spins and a P is idle: start a spinning M on it"},
		{"03-wakep-always", Wakep(func(s rt.Sched) {
			s.AddNmspinning(1) // no look at the spinners already there
			if pp := wakepref.PidlegetSpinning(s); pp != 0 {
				s.Startm(pp, true)
				return
			}
			s.AddNmspinning(-1)
		}, wakepref.Resetspinning, wakepref.BecomeSpinning, wakepref.PidlegetSpinning), "properties/wakep: no M spins and a P is idle: start a spinning M on it"},
		{"03-wakep-leaks-count", Wakep(func(s rt.Sched) {
			if s.Nmspinning() != 0 || !s.CasNmspinning(0, 1) {
				return
			}
			if pp := wakepref.PidlegetSpinning(s); pp != 0 {
				s.Startm(pp, true)
			} // no idle P: the count stays
		}, wakepref.Resetspinning, wakepref.BecomeSpinning, wakepref.PidlegetSpinning), "properties/wakep: no idle P: the count goes back, needspinning is set"},
		{"03-resetspinning-no-wakep", Wakep(wakepref.Wakep, func(s rt.Sched) {
			s.SetSpinning(false)
			s.AddNmspinning(-1)
		}, wakepref.BecomeSpinning, wakepref.PidlegetSpinning), "properties/resetspinning: the last spinner stops: wakep starts another on an idle P"},
		{"03-pidlegetspinning-no-need", Wakep(wakepref.Wakep, wakepref.Resetspinning, wakepref.BecomeSpinning, func(s rt.Sched) rt.Puintptr {
			return s.Pidleget()
		}), "properties/pidlegetSpinning: no idle P: needspinning"},

		{"06-findrunnable-ring-before-61", frMistakes{ringBefore61: true}.exercise(), "properties/findRunnable: every 61st schedtick one global G first"},
		{"06-findrunnable-netpoll-while-polling", frMistakes{netpollWhileBusy: true}.exercise(), "properties/findRunnable: no netpoll(0) while an M is blocked in netpoll"},
		{"06-findrunnable-no-recheck", frMistakes{noRecheck: true}.exercise(), "properties/findRunnable: after dropping the P, spinning: the global queue again, with an idle P"},
		{"06-findrunnable-keeps-count", frMistakes{keepCount: true}.exercise(), "properties/findRunnable: nothing anywhere: drop the P and stop the M"},
		{"06-stealwork-in-order", frMistakes{inOrder: true}.exercise(), "properties/stealWork: four passes, each in cheaprand's order: position r%n, stride coprime to n"},
		{"06-stealwork-runnext-every-pass", frMistakes{runnextEachPass: true}.exercise(), "properties/findRunnable: no netpoll(0) while an M is blocked in netpoll"},
		{"06-stealwork-skips-idle-timers", frMistakes{skipIdleP: true}.exercise(), "properties/stealWork: idle Ps are not stolen from, but their timers run on the last pass"},
		{"06-stealwork-stops-at-timer", frMistakes{stopAtTimer: true}.exercise(), "properties/stealWork: a timer that readies nothing here: newWork, and stealing goes on"},
	}
}

// retakeMistakes are retake's realistic mistakes, on the reference.
type retakeMistakes struct {
	strict      bool // < for <=: exactly 10 ms is not yet a spent slice
	noWhen      bool // a new schedtick recorded without its time
	noSysretake bool // a stale slice does not skip the syscall's first look
}

func (k retakeMistakes) retake(sched rt.Sched, now int64) uint32 {
	n := uint32(0)
	for i := int32(0); i < sched.Gomaxprocs(); i++ {
		pp := sched.Allp(i)
		if sched.Status(pp) != rt.Prunning {
			continue
		}
		pd := sched.Sysmontick(pp)
		sysretake := false
		if t := sched.Schedtick(pp); pd.Schedtick != t {
			pd.Schedtick = t
			if !k.noWhen {
				pd.Schedwhen = now
			}
		} else if pd.Schedwhen+rt.ForcePreemptNS < now || (!k.strict && pd.Schedwhen+rt.ForcePreemptNS == now) {
			preoneref.Preemptone(sched, pp)
			sysretake = !k.noSysretake
		}
		if !sched.SetBlockOnExitSyscall(pp) {
			continue
		}
		if t := sched.Syscalltick(pp); !sysretake && pd.Syscalltick != t {
			pd.Syscalltick = t
			pd.Syscallwhen = now
			continue
		}
		if sched.Runqempty(pp) && sched.Nmspinning()+sched.Npidle() > 0 && pd.Syscallwhen+10*1000*1000 > now {
			continue
		}
		sched.TakeP(pp)
		n++
		sched.Handoffp(pp)
	}
	return n
}

func (k retakeMistakes) exercise() *Exercise { return Preemptone(k.retake, preoneref.Preemptone) }
