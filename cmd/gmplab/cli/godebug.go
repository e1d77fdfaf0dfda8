package cli

import (
	"strconv"
	"strings"
)

// GODEBUG, read as the runtime reads it at start-up (runtime1.go:
// parsegodebug): comma-separated key=value settings, left to right, a later
// one overriding an earlier one, a value that does not parse as a 32-bit
// integer ignored. gmplab honours asyncpreemptoff (any value but 0 turns
// the preemption signal off, as debug.asyncpreemptoff != 0 does); the
// other settings are the real runtime's own and change nothing here.

// asyncPreemptOff reports whether GODEBUG in the environment turns off
// asynchronous preemption.
func asyncPreemptOff() bool {
	v, ok := lookupEnv("GODEBUG")
	if !ok {
		return false
	}
	var off int64
	for _, field := range strings.Split(v, ",") {
		key, value, ok := strings.Cut(field, "=")
		if !ok || key != "asyncpreemptoff" {
			continue
		}
		if n, err := strconv.ParseInt(value, 10, 32); err == nil {
			off = n
		}
	}
	return off != 0
}

// godebugHeader is what the run's header says of GODEBUG: nothing, or
// " GODEBUG=asyncpreemptoff=1".
func godebugHeader(off bool) string {
	if off {
		return " GODEBUG=asyncpreemptoff=1"
	}
	return ""
}
