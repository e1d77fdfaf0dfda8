package checker

import (
	"fmt"

	startcycleref "github.com/gmplab/gmplab/exercises/09-startcycle/solution"
	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
)

// StartCycleFunc is the signature of 09-startcycle's function.
type StartCycleFunc = func(procs int32, periodic bool) rt.GCWorkers

// StartCycle is exercise 09-startcycle: the GC as a client of the
// scheduler, gcControllerState.startCycle's decision about a cycle's mark
// workers (dedicated, fractional, idle).
func StartCycle(f StartCycleFunc) *Exercise {
	ex := &Exercise{Name: "09-startcycle", Funcs: []string{"startCycle"}}
	// Each property compares what its rule is about: a wrong idle count
	// is not blamed on the dedicated workers.
	const (
		dedicated = iota // the dedicated workers
		split            // the dedicated workers and the fractional goal
		idle             // the idle workers
	)
	cases := []struct {
		name     string
		procs    int32
		periodic bool
		part     int
	}{
		{"dedicated: 25% of GOMAXPROCS, a whole P each", 4, false, dedicated},
		{"dedicated: 25% of GOMAXPROCS, a whole P each", 16, false, dedicated},
		{"dedicated: rounded to the nearest P when within 30%", 7, false, dedicated},
		{"dedicated: rounded to the nearest P when within 30%", 10, false, dedicated},
		{"dedicated: rounded to the nearest P when within 30%", 9, false, dedicated},
		{"fractional: none when the rounding is within 30%", 8, false, split},
		{"fractional: rounding 30% off, one fewer and the rest as a share of each P", 6, false, split},
		{"fractional: rounding 30% off, one fewer and the rest as a share of each P", 3, false, split},
		{"fractional: rounding 30% off, one fewer and the rest as a share of each P", 2, false, split},
		{"fractional: rounding down to none, a share of the only P", 1, false, split},
		{"idle: one on every P a dedicated worker does not take", 8, false, idle},
		{"idle: one on every P a dedicated worker does not take", 1, false, idle},
		{"periodic: no idle worker beside a dedicated one", 8, true, idle},
		{"periodic: one idle worker when there is no dedicated one", 2, true, idle},
	}
	var props []test
	for _, c := range cases {
		c := c
		desc := fmt.Sprintf("GOMAXPROCS=%d", c.procs)
		if c.periodic {
			desc += ", a periodic cycle"
		}
		props = append(props, prop(c.name, desc, func() (string, string) {
			show := func(w rt.GCWorkers) string {
				switch c.part {
				case dedicated:
					return fmt.Sprintf("%d dedicated", w.DedicatedMarkWorkersNeeded)
				case split:
					return fmt.Sprintf("%d dedicated, fractional goal %.6g", w.DedicatedMarkWorkersNeeded, w.FractionalUtilizationGoal)
				}
				return fmt.Sprintf("at most %d idle", w.MaxIdleMarkWorkers)
			}
			return show(f(c.procs, c.periodic)), show(startcycleref.StartCycle(c.procs, c.periodic))
		}))
	}
	props = append(props, exhaustive("every GOMAXPROCS from 1 to 1024, periodic or not", func(check func(string, string, string) bool) {
		for procs := int32(1); procs <= 1024; procs++ {
			for _, periodic := range []bool{false, true} {
				y, w := descWorkers(f(procs, periodic)), descWorkers(startcycleref.StartCycle(procs, periodic))
				if !check(fmt.Sprintf("GOMAXPROCS=%d, periodic=%v", procs, periodic), y, w) {
					return
				}
			}
		}
	}))
	hooks := &runtime.Hooks{GCStartCycle: f}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 9, []string{"gcalloc.go"}, []int{1, 2, 3, 4, 6, 8}, hooks)...)
	return ex
}

// descWorkers describes startCycle's decision; the fractional goal to six
// significant digits, so that the same share computed in another order
// is the same answer.
func descWorkers(w rt.GCWorkers) string {
	return fmt.Sprintf("%d dedicated, fractional goal %.6g, at most %d idle",
		w.DedicatedMarkWorkersNeeded, w.FractionalUtilizationGoal, w.MaxIdleMarkWorkers)
}
