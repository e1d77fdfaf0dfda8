//go:build !linux

package checker

import "time"

func threadID() int { return 0 }

// threadCPU is unknown here: guard falls back to wall-clock time.
func threadCPU(int) (time.Duration, bool) { return 0, false }
