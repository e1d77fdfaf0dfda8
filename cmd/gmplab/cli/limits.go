package cli

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"github.com/gmplab/gmplab/runtime"
)

// Limits are the run's limits, shared by run and step (runtime/limits.go
// says what each counts). A run that passes one stops with a message naming
// it and how to raise it.
type Limits struct {
	MaxEvents int64
	MaxInstrs int64
	MaxSteps  int64
	MaxTime   time.Duration
}

// addLimitFlags defines the limits' flags on f.
func addLimitFlags(f *pflag.FlagSet, l *Limits) {
	f.Int64Var(&l.MaxEvents, "max-events", runtime.DefaultMaxEvents, "stop the run after this many scheduler events")
	f.Int64Var(&l.MaxInstrs, "max-instrs", runtime.DefaultMaxInstrs, "stop the run after this many instructions of Go code (all goroutines; bounds loops that never call into the scheduler)")
	f.Int64Var(&l.MaxSteps, "max-steps", runtime.DefaultMaxSteps, "stop the run after this many engine actions (one action of one M)")
	f.DurationVar(&l.MaxTime, "max-time", time.Duration(runtime.DefaultMaxTime), "stop the run after this much virtual time")
}

// validate checks the limits' values.
func (l *Limits) validate() error {
	for _, c := range []struct {
		name string
		v    int64
	}{{"max-events", l.MaxEvents}, {"max-instrs", l.MaxInstrs}, {"max-steps", l.MaxSteps}} {
		if c.v < 1 {
			return fmt.Errorf("--%s %d: want at least 1", c.name, c.v)
		}
	}
	if l.MaxTime <= 0 {
		return fmt.Errorf("--max-time %v: want a positive duration (examples: 10ms, 2s)", l.MaxTime)
	}
	return nil
}

// apply sets the limits in cfg.
func (l *Limits) apply(cfg *runtime.Config) {
	cfg.MaxEvents, cfg.MaxInstrs, cfg.MaxSteps, cfg.MaxTime = l.MaxEvents, l.MaxInstrs, l.MaxSteps, int64(l.MaxTime)
}
