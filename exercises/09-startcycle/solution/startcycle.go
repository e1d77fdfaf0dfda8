// Package solution is the reference startCycle worker decision
// (mgcpacer.go: gcControllerState.startCycle).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

// StartCycle decides a GC cycle's mark workers at GOMAXPROCS procs. The
// goal is 25% of the Ps; rounded to the nearest whole P it is the
// dedicated workers, unless that is more than 30% off the goal
// (GOMAXPROCS 1, 2, 3 and 6): then one fewer if rounding went up, and a
// fractional worker takes the rest as a share of each P's time. Idle
// workers may run on every P a dedicated one does not take; a periodic
// cycle (forced by time) allows none when it has a dedicated worker, and
// one when it has not, so that something marks.
func StartCycle(procs int32, periodic bool) rt.GCWorkers {
	totalUtilizationGoal := float64(procs) * rt.GcBackgroundUtilization
	dedicated := int64(totalUtilizationGoal + 0.5)
	utilError := float64(dedicated)/totalUtilizationGoal - 1
	const maxUtilError = 0.3
	var w rt.GCWorkers
	if utilError < -maxUtilError || utilError > maxUtilError {
		if float64(dedicated) > totalUtilizationGoal {
			dedicated--
		}
		w.FractionalUtilizationGoal = (totalUtilizationGoal - float64(dedicated)) / float64(procs)
	}
	w.DedicatedMarkWorkersNeeded = dedicated
	switch {
	case periodic && dedicated > 0:
		w.MaxIdleMarkWorkers = 0
	case periodic:
		w.MaxIdleMarkWorkers = 1
	default:
		w.MaxIdleMarkWorkers = procs - int32(dedicated)
	}
	return w
}
