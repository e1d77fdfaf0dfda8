package injectglist

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 06-injectglist: write the functions below, then run
// `gmplab check 06-injectglist` (or `go test ./exercises/06-injectglist`). Delete each
// rt.TODO line as you start on its function.

// injectglist puts the Gs of glist, just made runnable (by netpoll), on run
// queues, and returns how many idle Ps should be started for them. pp is
// the current M's P, or nil when it has none (proc.go: injectglist).
func injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {
	rt.TODO("injectglist")
	return 0
}
