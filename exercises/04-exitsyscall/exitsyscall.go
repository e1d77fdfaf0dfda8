package exitsyscall

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 04-exitsyscall: write the functions below, then run
// `gmplab check 04-exitsyscall` (or `go test ./exercises/04-exitsyscall`).
// Delete each rt.TODO line as you start on its function.
//
// sched is the scheduler, live: sched.Curg(sched.M()) is the calling M's G,
// sched.P() its P (0: none), sched.Oldp() the P it held when the G entered
// the system call, each named as in proc.go (../../runtime/hooksched.go
// lists them).

// exitsyscall: the calling M's G returns from a system call. If the M
// still holds its P (sysmon did not take it) the G goes on at once;
// else it tries to get a P (exitsyscallTryGetP); with none it calls
// exitsyscallNoP (proc.go: exitsyscall).
func exitsyscall(sched rt.Sched) {
	rt.TODO("exitsyscall")
}

// exitsyscallTryGetP tries to get a P for an M that lost its own: oldp
// back, if the M holding it is itself in a system call; else an idle P.
// It returns 0 when there is none (proc.go: exitsyscallTryGetP).
func exitsyscallTryGetP(sched rt.Sched, oldp rt.Puintptr) rt.Puintptr {
	rt.TODO("exitsyscallTryGetP")
	return 0
}

// exitsyscallNoP: no P for gp. It becomes runnable and runs at once on an
// idle P if one appeared meanwhile; else it goes to the global queue and
// the M sleeps (proc.go: exitsyscallNoP).
func exitsyscallNoP(sched rt.Sched, gp rt.Guintptr) {
	rt.TODO("exitsyscallNoP")
}
