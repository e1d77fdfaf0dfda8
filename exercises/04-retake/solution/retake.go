// Package solution is the reference retake syscall check and handoffp
// decision (proc.go: retake, handoffp).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

// Retake decides whether sysmon takes pp, whose G is in a system call.
// sysretake: pp's schedtick has not moved for a whole time slice.
func Retake(pp *rt.P, pd *rt.Sysmontick, sched *rt.Schedt, now int64, sysretake bool) bool {
	// Retake P from syscall if it's there for more than 1 sysmon tick
	// (at least 20us).
	if t := pp.Syscalltick; !sysretake && pd.Syscalltick != t {
		pd.Syscalltick = t
		pd.Syscallwhen = now
		return false
	}
	// On the one hand we don't want to retake Ps if there is no other
	// work to do, but on the other hand we want to retake them
	// eventually because they can prevent the sysmon thread from deep
	// sleep.
	if rt.Runqempty(pp) && sched.Nmspinning+sched.Npidle > 0 && pd.Syscallwhen+rt.ForcePreemptNS > now {
		return false
	}
	return true
}

// Handoffp decides what happens to a P taken from a syscall.
func Handoffp(pp *rt.P, sched *rt.Schedt) (startM, spinning bool) {
	// If it has local work, start it straight away.
	if !rt.Runqempty(pp) || !sched.Runq.Empty() {
		return true, false
	}
	// No local work, check that there are no spinning/idle M's,
	// otherwise our help is not required.
	if sched.Nmspinning+sched.Npidle == 0 {
		return true, true
	}
	// If this is the last running P and nobody is polling network,
	// need to wakeup another M to poll network.
	if sched.Npidle == sched.Gomaxprocs-1 && !sched.Polling {
		return true, false
	}
	return false, false
}
