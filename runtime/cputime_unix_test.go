//go:build unix

package runtime_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used (user and system): a
// benchmark figure that does not grow when other processes load the
// machine, as a wall-clock one does.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// maxRSS is the most host memory the process has had resident, in bytes
// (0 where unknown).
func maxRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss << 10 // kilobytes on Linux
}
