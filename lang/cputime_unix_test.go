//go:build unix

package lang

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
