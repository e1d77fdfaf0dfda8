package startcycle

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 09-startcycle: write the function below, then run
// `gmplab check 09-startcycle` (or `go test ./exercises/09-startcycle`).
// Delete the rt.TODO line as you start.

// startCycle decides a GC cycle's mark workers at GOMAXPROCS procs: how
// many Ps run a dedicated worker for the whole mark, the share of each
// P's time a fractional worker takes, and how many idle-priority workers
// may run at once. periodic is a cycle forced by time (sysmon's forcegc,
// two minutes without one) rather than by the heap (mgcpacer.go:
// gcControllerState.startCycle).
func startCycle(procs int32, periodic bool) rt.GCWorkers {
	rt.TODO("startCycle")
	return rt.GCWorkers{}
}
