package sysmon

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 04-sysmon: write the functions below, then run
// `gmplab check 04-sysmon` (or `go test ./exercises/04-sysmon`). Delete each
// rt.TODO line as you start on its function.

// sysmonBackoff ends a pass of sysmon's loop in which retake took retaken
// Ps from syscalls: it counts the passes in a row that took nothing
// (st.Idle) and sets the next sleep, st.Delay, in µs (proc.go: sysmon).
func sysmonBackoff(st *rt.SysmonState, retaken int) {
	rt.TODO("sysmonBackoff")
}

// sysmonDeepSleep decides, when sysmon wakes, whether it sleeps deeply
// (every P idle: nothing to preempt or retake) and for how long, in ns:
// until the earliest timer (nextTimer; math.MaxInt64 when there is none),
// at most rt.ForcegcPeriod/2 (proc.go: sysmon).
func sysmonDeepSleep(npidle, gomaxprocs int32, nextTimer, now int64) (sleep int64, deep bool) {
	rt.TODO("sysmonDeepSleep")
	return 0, false
}
