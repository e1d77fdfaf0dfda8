// Package compare runs one program on the simulator and on the real
// runtime (with runtime/trace, read by internal/realtrace) and puts what
// both can measure side by side: `gmplab compare`. The simulator's numbers
// are the same on every run; the real ones are given as the range over
// several runs, since they change with the machine's load and timing.
package compare

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gmplab/gmplab/internal/realtrace"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// Measures is what one run says about the scheduler.
type Measures struct {
	Output     string         // what the program printed on stdout
	Threads    int            // Ms (threads) created, sysmon included
	Goroutines int            // goroutines created, main included
	Switches   map[int64]int  // per P: goroutines it started running (execute)
	Preempt    int            // preemptions (sysmon's 10 ms slices)
	Handoffs   int            // Ps taken from an M in a system call (retake → handoffp)
	Syscalls   int            // system calls entered, the prints' write(2) included
	Runnable   []int64        // ns each G waited runnable before it ran
	Extra      map[string]int // counts only one side has
	// TraceGoroutines (real runs only) are the goroutines runtime/trace
	// started, which the real run has and the simulated one not; the
	// program's runtime.NumGoroutine leaves them out when
	// NumGoroutineDiscount says so (realtrace.Result).
	TraceGoroutines, NumGoroutineDiscount int
}

// The counts every real run has in its Extra (Real); one the simulator
// has too is a row of both sides in the table (Format), with or without
// real runs.
const (
	extraGCs         = "GCs"
	extraMutexYields = "mutex yields"
)

var realExtras = map[string]bool{extraGCs: true, extraMutexYields: true}

// Sim runs prog on the simulator and measures it from its events.
//
// A G's runnable time runs from the event that makes it runnable
// (newproc, goready, goschedImpl, a preemption, exitsyscall with no P, a
// timer, injectglist's and netpoll's first G) to its execute; the
// simulator's time is virtual.
func Sim(prog *vm.Program, cfg runtime.Config) (Measures, error) {
	mc, err := runtime.New(prog, cfg)
	if err != nil {
		return Measures{}, err
	}
	m := Measures{Switches: map[int64]int{}}
	since := map[int64]int64{}
	var out strings.Builder
	gcs := 0
	mc.Run(func(ev *runtime.Event) {
		switch ev.Kind {
		case runtime.EvPrint:
			// Each print is os.(*File).Write's write(2), a system call
			// the real trace counts (runtime/syscall.go: writeSyscall).
			m.Syscalls++
			if ev.MustArg("stream") == 0 {
				out.WriteString(ev.Text)
			}
		case runtime.EvExecute:
			m.Switches[int64(ev.P)]++
			if t0, ok := since[ev.G]; ok {
				m.Runnable = append(m.Runnable, ev.T-t0)
				delete(since, ev.G)
			}
		case runtime.EvEntersyscall:
			m.Syscalls++
		case runtime.EvNewproc, runtime.EvGoready, runtime.EvGosched, runtime.EvPreempted,
			runtime.EvAsyncPreempt, runtime.EvTimer, runtime.EvInjectglist, runtime.EvNetpoll:
			if ev.G >= 0 {
				since[ev.G] = ev.T
			}
		case runtime.EvExitsyscall:
			if ev.MustArg("path") == 3 { // no P: to the global queue
				since[ev.G] = ev.T
			}
		case runtime.EvGCStart:
			gcs++
		}
	})
	st := mc.Stats()
	m.Output = out.String()
	m.Threads = int(st.Threads)
	m.Goroutines = int(st.Goroutines)
	m.Preempt = int(st.Preemptions)
	m.Handoffs = int(st.Retakes)
	m.Extra = map[string]int{"steals": int(st.Steals)}
	if cfg.Layers.Has(runtime.LayerGC) {
		// The collector's cycles (gcStart), as the real trace's GCBegin
		// counts them: a measure both sides have once the model has a
		// collector.
		m.Extra[extraGCs] = gcs
	}
	if ex := mc.Exit(); ex != nil && ex.Reason != "exit" {
		return m, fmt.Errorf("the simulated run ended with %s (code %d): %s", ex.Reason, ex.Code, strings.TrimSpace(ex.Msg))
	}
	return m, nil
}

// Real runs the file runs times on the real runtime with GOMAXPROCS
// gomaxprocs, with runtime/trace on, and measures each run from its trace;
// progress (if not nil) hears what it is doing.
func Real(ctx context.Context, file, moduleDir string, gomaxprocs, runs int, progress func(string)) ([]Measures, error) {
	rs, err := realtrace.Runs(ctx, file, realtrace.Options{ModuleDir: moduleDir, GOMAXPROCS: gomaxprocs, Progress: progress}, runs)
	if err != nil {
		return nil, err
	}
	var ms []Measures
	for _, r := range rs {
		ms = append(ms, Measures{
			Output:  r.Stdout,
			Threads: r.ThreadsCreated,
			// The trace sees the goroutines created while it is on; main
			// is older.
			Goroutines: r.Trace.Goroutines + 1,
			Switches:   r.Trace.Switches,
			Preempt:    r.Trace.Preemptions,
			Handoffs:   r.Trace.Handoffs,
			Syscalls:   r.Trace.Syscalls,
			Runnable:   r.Trace.Runnable,
			Extra:      map[string]int{extraGCs: r.Trace.GCs, extraMutexYields: r.Trace.MutexYields},

			TraceGoroutines:      r.TraceGoroutines,
			NumGoroutineDiscount: r.NumGoroutineDiscount,
		})
	}
	return ms, nil
}

// percentile is the p-th percentile (0 to 100) of xs, nearest rank; -1
// for none.
func percentile(xs []int64, p int) int64 {
	if len(xs) == 0 {
		return -1
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	i := (p*len(s) + 99) / 100
	return s[max(i-1, 0)]
}
