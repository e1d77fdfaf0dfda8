// Package solution is the reference retake and preemptone: sysmon's look
// at every P, the time slice it ends with a preemption request, and the
// syscall it ends by taking the P (proc.go: retake, preemptone).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

// Retake looks at every running P: a G that has run for 10 ms on the same
// schedtick is asked to stop (preemptone), and a P held by an M in a
// system call is taken and handed off when it has waited long enough. It
// returns how many Ps it took from system calls.
func Retake(sched rt.Sched, now int64) uint32 {
	n := uint32(0)
	for i := int32(0); i < sched.Gomaxprocs(); i++ {
		// Quickly filter out non-running Ps. Running Ps are either in a
		// syscall or are actually executing. Idle Ps don't need to be
		// retaken.
		pp := sched.Allp(i)
		if sched.Status(pp) != rt.Prunning {
			continue
		}
		pd := sched.Sysmontick(pp)
		sysretake := false

		// Preempt G if it's running on the same schedtick for too long.
		// This could be from a single long-running goroutine or a
		// sequence of goroutines run via runnext, which share a single
		// schedtick time slice.
		if t := sched.Schedtick(pp); pd.Schedtick != t {
			pd.Schedtick = t
			pd.Schedwhen = now
		} else if pd.Schedwhen+rt.ForcePreemptNS <= now {
			Preemptone(sched, pp)
			// If pp is in a syscall, preemptone doesn't work: the
			// goroutine nor the thread can respond to a preemption
			// request because they're not in Go code, so we need to take
			// the P ourselves.
			sysretake = true
		}

		// Try to prevent the P from continuing in the syscall, if it's
		// in one at all.
		if !sched.SetBlockOnExitSyscall(pp) {
			continue
		}
		// Retake the P if it's there for more than 1 sysmon tick (at
		// least 20us).
		if t := sched.Syscalltick(pp); !sysretake && pd.Syscalltick != t {
			pd.Syscalltick = t
			pd.Syscallwhen = now
			continue
		}
		// On the one hand we don't want to retake Ps if there is no
		// other work to do, but on the other hand we want to retake them
		// eventually because they can prevent the sysmon thread from deep
		// sleep.
		if sched.Runqempty(pp) && sched.Nmspinning()+sched.Npidle() > 0 && pd.Syscallwhen+10*1000*1000 > now {
			continue
		}
		// Take the P, and hand it off for some other thread to run it.
		sched.TakeP(pp)
		n++
		sched.Handoffp(pp)
	}
	return n
}

// Preemptone asks the G running on pp to stop: cooperatively (its next
// function prologue sees stackguard0 = stackPreempt) and, unless async
// preemption is off, with a signal to its M. It reports whether it asked.
func Preemptone(sched rt.Sched, pp rt.Puintptr) bool {
	mp := sched.PM(pp)
	if mp == 0 || mp == sched.M() {
		return false
	}
	gp := sched.Curg(mp)
	if gp == 0 {
		return false
	}
	if sched.Readgstatus(gp) == rt.Gsyscall {
		// Don't bother trying to preempt a goroutine in a syscall.
		return false
	}
	sched.SetPreempt(gp, true)
	// Every call in a goroutine checks for stack overflow by comparing
	// the current stack pointer to gp.stackguard0. Setting
	// gp.stackguard0 to stackPreempt folds preemption into the normal
	// stack overflow check.
	sched.SetStackguard0(gp, rt.StackPreempt)
	// Request an async preemption of this P.
	if !sched.AsyncPreemptOff() {
		sched.SetPPreempt(pp, true)
		sched.PreemptM(mp)
	}
	return true
}
