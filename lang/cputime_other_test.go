//go:build !unix

package lang

import "time"

// cpuTime is 0 where the process's CPU time is not known.
func cpuTime() time.Duration { return 0 }
