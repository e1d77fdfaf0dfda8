//go:build !linux

package sim

import "time"

// syscallSleep falls back to time.Sleep where nanosleep(2) is not wrapped
// by package syscall.
func syscallSleep(d time.Duration) { time.Sleep(d) }
