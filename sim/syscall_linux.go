//go:build linux

package sim

import (
	"syscall"
	"time"
)

// syscallSleep is nanosleep(2), restarted with the remaining time when a
// signal (the runtime's SIGURG preemption, for one) interrupts it.
func syscallSleep(d time.Duration) {
	ts := syscall.NsecToTimespec(int64(d))
	for {
		var rem syscall.Timespec
		err := syscall.Nanosleep(&ts, &rem)
		if err != syscall.EINTR {
			return
		}
		ts = rem
	}
}
