package wakep

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 03-wakep: write the functions below, then run
// `gmplab check 03-wakep` (or `go test ./exercises/03-wakep`). Delete each
// rt.TODO line as you start on its function.
//
// sched is the scheduler, live: sched.Nmspinning() is sched.nmspinning,
// sched.Pidleget() is pidleget(), sched.Startm(pp, true) starts a spinning
// M on pp, each named as in proc.go (../../runtime/hooksched.go lists them).

// wakep tries to add one more P to execute Gs: a spinning M on an idle P,
// if no M spins already. The runtime calls it whenever a G is made
// runnable (proc.go: wakep).
func wakep(sched rt.Sched) {
	rt.TODO("wakep")
}

// resetspinning: the calling M, spinning, found work. It stops spinning
// (its flag and the count), and wakes another spinner if it was the last
// one (proc.go: resetspinning).
func resetspinning(sched rt.Sched) {
	rt.TODO("resetspinning")
}

// becomeSpinning makes the calling M a spinner (proc.go:
// (*m).becomeSpinning).
func becomeSpinning(sched rt.Sched) {
	rt.TODO("becomeSpinning")
}

// pidlegetSpinning takes an idle P for an M that is about to spin, or
// returns 0 and records that a spinner is needed (proc.go:
// pidlegetSpinning).
func pidlegetSpinning(sched rt.Sched) rt.Puintptr {
	rt.TODO("pidlegetSpinning")
	return 0
}
