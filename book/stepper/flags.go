package stepper

import (
	"bytes"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/gmplab/gmplab/runtime"
)

// Options are the flags of `gmplab run` that change the events
// (cmd/gmplab/cli: procsFlags, Limits, --seed, --layers).
type Options struct {
	GOMAXPROCS int // 0: NCPU, as Go's schedinit decides
	NCPU       int
	Seed       uint64
	Layers     string
	MaxEvents  int64
	MaxInstrs  int64
	MaxSteps   int64
	MaxTime    time.Duration
}

// DefaultOptions are gmplab run's defaults.
func DefaultOptions() Options {
	return Options{NCPU: runtime.DefaultNCPU, Seed: 1, Layers: "all",
		MaxEvents: runtime.DefaultMaxEvents, MaxInstrs: runtime.DefaultMaxInstrs,
		MaxSteps: runtime.DefaultMaxSteps, MaxTime: time.Duration(runtime.DefaultMaxTime)}
}

// ParseFlags reads the flags as `gmplab run` takes them (--gomaxprocs 2
// --seed 7 --layers stacks,procs), with the same defaults. The page has
// no environment: GOMAXPROCS is --gomaxprocs, else --ncpu.
func ParseFlags(args []string) (Options, error) { return DefaultOptions().Parse(args) }

// Parse reads flags over o: what they do not set stays as in o. It uses
// the standard library's flag package, not the CLI's pflag: the two read
// these flags alike (--name value and --name=value; every one takes a
// value), and pflag would bring package net into the WebAssembly module
// (about 1 MB of it).
func (o Options) Parse(args []string) (Options, error) {
	fs := flag.NewFlagSet("gmplab run", flag.ContinueOnError)
	fs.SetOutput(&bytes.Buffer{})
	fs.IntVar(&o.GOMAXPROCS, "gomaxprocs", 0, "")
	fs.IntVar(&o.NCPU, "ncpu", o.NCPU, "")
	fs.Uint64Var(&o.Seed, "seed", o.Seed, "")
	fs.StringVar(&o.Layers, "layers", o.Layers, "")
	fs.Int64Var(&o.MaxEvents, "max-events", o.MaxEvents, "")
	fs.Int64Var(&o.MaxInstrs, "max-instrs", o.MaxInstrs, "")
	fs.Int64Var(&o.MaxSteps, "max-steps", o.MaxSteps, "")
	fs.DurationVar(&o.MaxTime, "max-time", o.MaxTime, "")
	if err := fs.Parse(args); err != nil {
		// The CLI's words (pflag's) for the two mistakes a reader makes.
		msg := err.Error()
		if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
			msg = "unknown flag: --" + strings.TrimPrefix(name, "-")
		} else if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
			msg = "flag needs an argument: --" + strings.TrimPrefix(name, "-")
		}
		return o, fmt.Errorf("%s", msg)
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	return o, nil
}

// Args are the options as `gmplab run` flags, in a fixed order; the
// limits only where they differ from the defaults.
func (o Options) Args() []string {
	d := DefaultOptions()
	a := []string{}
	// GOMAXPROCS always, resolved: the command means the same run
	// whatever $GOMAXPROCS the reader's shell has.
	a = append(a, "--gomaxprocs", fmt.Sprint(o.procs()))
	if o.NCPU != d.NCPU {
		a = append(a, "--ncpu", fmt.Sprint(o.NCPU))
	}
	a = append(a, "--seed", fmt.Sprint(o.Seed), "--layers", o.Layers)
	for _, l := range []struct {
		flag   string
		v, def int64
	}{{"--max-events", o.MaxEvents, d.MaxEvents}, {"--max-instrs", o.MaxInstrs, d.MaxInstrs}, {"--max-steps", o.MaxSteps, d.MaxSteps}} {
		if l.v != l.def {
			a = append(a, l.flag, fmt.Sprint(l.v))
		}
	}
	if o.MaxTime != d.MaxTime {
		a = append(a, "--max-time", o.MaxTime.String())
	}
	return a
}

// procs is GOMAXPROCS: the flag, else the CPUs (as Go's schedinit).
func (o Options) procs() int {
	if o.GOMAXPROCS > 0 {
		return o.GOMAXPROCS
	}
	return min(o.NCPU, 1024)
}
