//go:build !unix

package debugger

import "time"

var cpuStart = time.Now()

// cpuTime falls back to the wall clock where getrusage is missing.
func cpuTime() time.Duration { return time.Since(cpuStart) }
