package real

import (
	"os"

	"golang.org/x/sys/unix"
)

// growPipe makes the pipe to the program 1 MB deep (F_SETPIPE_SZ), so that
// a program that prints a lot between two stops does not block on it; the
// output is read at each stop.
func growPipe(f *os.File) {
	unix.FcntlInt(f.Fd(), unix.F_SETPIPE_SZ, 1<<20)
}

// nanotime is the real runtime's nanotime() (CLOCK_MONOTONIC on Linux),
// read from this process: the same clock.
func nanotime() int64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts) != nil {
		return 0
	}
	return ts.Nano()
}
