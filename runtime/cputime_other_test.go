//go:build !unix

package runtime_test

import "time"

var cpuStart = time.Now()

// cpuTime falls back to the wall clock where getrusage is missing.
func cpuTime() time.Duration { return time.Since(cpuStart) }

// maxRSS is unknown where getrusage is missing.
func maxRSS() int64 { return 0 }
