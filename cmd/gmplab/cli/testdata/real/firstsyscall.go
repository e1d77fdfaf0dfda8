//go:build ignore

// firstsyscall: main makes a 30 ms system call (nanosleep(2) through
// syscall.Syscall, so between entersyscall and exitsyscall) with nothing
// else to run and a second P idle. With PRIOR=1 in the environment it makes
// a 1 µs one first, so that its P's syscalltick is no longer 0 when sysmon
// looks at the long one. Run it with GOMAXPROCS=2 GODEBUG=schedtrace=1: the
// first SCHED line after "syscall-start" with idleprocs=2 shows sysmon has
// taken main's P (proc.go: retake). It imports neither os nor fmt, whose
// start-up and writes would be system calls too; println writes without
// entersyscall.
package main

import (
	"runtime"
	"syscall"
)

func nanosleep(ns int64) {
	ts := syscall.NsecToTimespec(ns)
	for syscall.Nanosleep(&ts, &ts) == syscall.EINTR {
	}
}

func main() {
	runtime.Gosched() // let the runtime's own goroutines run and park first
	if v, _ := syscall.Getenv("PRIOR"); v == "1" {
		nanosleep(1000)
	}
	println("syscall-start")
	nanosleep(30_000_000)
	println("syscall-end")
}
