// Package solution is the reference sysmon back-off and deep sleep
// (proc.go: sysmon).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

// SysmonBackoff counts sysmon's idle passes (a pass that took no P from a
// syscall) and sets its next sleep: 20 µs while it finds work, doubling
// after 50 idle passes in a row (1 ms of idleness), at most 10 ms.
func SysmonBackoff(st *rt.SysmonState, retaken int) {
	if retaken != 0 {
		st.Idle = 0
	} else {
		st.Idle++
	}
	if st.Idle == 0 { // start with 20us sleep...
		st.Delay = 20
	} else if st.Idle > 50 { // start doubling the sleep after 1ms...
		st.Delay *= 2
	}
	if st.Delay > 10*1000 { // up to 10ms
		st.Delay = 10 * 1000
	}
}

// SysmonDeepSleep: when every P is idle, sysmon sleeps until the next
// timer, at most forcegcperiod/2 (60 s), unless that timer is already due.
func SysmonDeepSleep(npidle, gomaxprocs int32, nextTimer, now int64) (sleep int64, deep bool) {
	if npidle != gomaxprocs {
		return 0, false
	}
	if nextTimer <= now {
		return 0, false
	}
	sleep = rt.ForcegcPeriod / 2
	if nextTimer-now < sleep {
		sleep = nextTimer - now
	}
	return sleep, true
}
