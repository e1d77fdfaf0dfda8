// Package hostload tells tests that compare with the real runtime whether
// the host is too busy for a timing-sensitive real run to be a fair sample.
package hostload

import (
	"os"
	"runtime"
	"strconv"
	"strings"
)

// Busy reports the host's one-minute load average and whether it is above
// twice its CPU count, where real runs of a timing-sensitive program (sysmon
// waking within 20 µs-10 ms, a goroutine getting its CPU back) are
// perturbed more often than not. Where /proc/loadavg cannot be read it
// reports not busy.
func Busy() (load float64, busy bool) {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0, false
	}
	load, err = strconv.ParseFloat(f[0], 64)
	if err != nil {
		return 0, false
	}
	return load, load > 2*float64(runtime.NumCPU())
}
