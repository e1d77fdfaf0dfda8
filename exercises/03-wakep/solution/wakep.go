// Package solution is the reference wakep and its spinning accounting:
// how many Ms look for work, and when one more is woken to look
// (proc.go: wakep, resetspinning, (*m).becomeSpinning, pidlegetSpinning).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

// Wakep tries to add one more P to execute Gs: a spinning M on an idle P,
// but only if no M spins already. Called when a G is made runnable
// (newproc, ready).
func Wakep(sched rt.Sched) {
	// Be conservative about spinning threads, only start one if none
	// exist already. The CAS counts the new spinner before it looks, so
	// that a second wakep meanwhile does not start another.
	if sched.Nmspinning() != 0 || !sched.CasNmspinning(0, 1) {
		return
	}
	pp := PidlegetSpinning(sched)
	if pp == 0 {
		if sched.AddNmspinning(-1) < 0 {
			sched.Throw("wakep: negative nmspinning")
		}
		return
	}
	sched.Startm(pp, true)
}

// Resetspinning: the calling M found work and stops spinning. If it was
// the last spinner, wakep starts another, so that there is always one
// looking while there may be more work.
func Resetspinning(sched rt.Sched) {
	if !sched.Spinning() {
		sched.Throw("resetspinning: not a spinning m")
	}
	sched.SetSpinning(false)
	if sched.AddNmspinning(-1) < 0 {
		sched.Throw("findRunnable: negative nmspinning")
	}
	// M wakeup policy is deliberately somewhat conservative, so check if
	// we need to wakeup another P here.
	Wakep(sched)
}

// BecomeSpinning makes the calling M a spinner: the flag, the count, and
// needspinning cleared (a spinner now exists to find the work).
func BecomeSpinning(sched rt.Sched) {
	sched.SetSpinning(true)
	sched.AddNmspinning(1)
	sched.SetNeedspinning(false)
}

// PidlegetSpinning takes an idle P for an M about to spin. With none, it
// sets needspinning: an M about to drop its P spins instead, so that the
// work this M found is not left with nobody looking.
func PidlegetSpinning(sched rt.Sched) rt.Puintptr {
	pp := sched.Pidleget()
	if pp == 0 {
		sched.SetNeedspinning(true)
		return 0
	}
	return pp
}
