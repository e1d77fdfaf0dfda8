// Package solution is the reference exitsyscall: a goroutine coming back
// from a system call, on its fast and slow paths (proc.go: exitsyscall,
// exitsyscallTryGetP, exitsyscallNoP).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

// Exitsyscall: the calling M's G returns from a system call. In Go 1.26
// the P stays attached during the call unless sysmon (or a stop-the-world)
// took it: if the M still has it, the G goes on at once (the fast path);
// else it tries to get a P back (its old one, or an idle one); with none,
// the G is queued and the M sleeps.
func Exitsyscall(sched rt.Sched) {
	gp := sched.Curg(sched.M())
	// Optimistically assume we're going to keep running.
	sched.Casgstatus(gp, rt.Gsyscall, rt.Grunning)

	// Grab and clear our old P.
	oldp := sched.Oldp()
	sched.SetOldp(0)

	// Check if we still have a P, and if not, try to acquire an idle P.
	pp := sched.P()
	if pp == 0 {
		// Slow path: we lost our P. Try to get another one.
		if pp = ExitsyscallTryGetP(sched, oldp); pp != 0 {
			sched.Acquirep(pp)
		}
	}
	// If we have a P, clean up and exit.
	if pp != 0 {
		// Increment the syscalltick for P, since we're exiting a syscall.
		sched.IncSyscalltick(pp)
		if sched.Preempted(gp) {
			// Restore the preemption request in case we cleared it in newstack.
			sched.SetStackguard0(gp, rt.StackPreempt)
		} else {
			sched.SetStackguard0(gp, rt.StackGuard)
		}
		return
	}
	// Slowest path: we couldn't get a P, so call into the scheduler.
	ExitsyscallNoP(sched, gp)
}

// ExitsyscallTryGetP tries to get a P for an M that lost its own: its old
// P back if the M holding it is itself in a system call, else an idle P
// (waking a deep-sleeping sysmon: a P runs again). It returns 0 if there
// is none.
func ExitsyscallTryGetP(sched rt.Sched, oldp rt.Puintptr) rt.Puintptr {
	// Try to steal our old P back.
	if oldp != 0 && sched.SetBlockOnExitSyscall(oldp) {
		sched.TakeP(oldp)
		return oldp
	}
	// Try to get an idle P.
	if sched.Npidle() != 0 {
		pp := sched.Pidleget()
		if pp != 0 && sched.SysmonWait() {
			sched.SysmonWake()
		}
		if pp != 0 {
			return pp
		}
	}
	return 0
}

// ExitsyscallNoP is the slowest path: no P. The G becomes runnable; if an
// idle P appeared meanwhile it runs on it at once, else it goes to the
// global queue and the M sleeps (until a G locked to it runs, if one is).
func ExitsyscallNoP(sched rt.Sched, gp rt.Guintptr) {
	sched.Casgstatus(gp, rt.Grunning, rt.Grunnable)
	sched.Dropg()
	pp := sched.Pidleget()
	locked := false
	if pp == 0 {
		sched.Globrunqput(gp)
		// globrunqput releases ownership of gp: check whether it is
		// locked first.
		locked = sched.Lockedm(gp)
	} else if sched.SysmonWait() {
		sched.SysmonWake()
	}
	if pp != 0 {
		sched.Acquirep(pp)
		sched.Execute(gp, false) // Never returns.
		return
	}
	if locked {
		// Wait until another thread schedules gp and so m again.
		sched.Stoplockedm()
		return
	}
	sched.Stopm()
}
