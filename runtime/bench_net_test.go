package runtime_test

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"slices"
	"testing"
	"time"

	"github.com/gmplab/gmplab/internal/realtrace"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// Benchmarks for issue 3's numbers: the netpoller at scale, and a mixed
// load (CPU, syscalls, network, timers, channels) simulated and, in the
// same run, on the real runtime, with the threads, preemptions and handoffs
// of both sides side by side. Run them with
//
//	go test ./runtime -run XXX -bench 'Netpoll|Mixed' -benchtime 1x

func heapAlloc() uint64 {
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// 100,000 goroutines parked on network reads at GOMAXPROCS=4, all layers.
//
// Memory: the live heap (after a GC) at the moment the 100,000th G parks in
// netpollblock, minus the live heap before runtime.New: the simulator's own
// state for 100,000 parked Gs (heap-MiB-parked, B/parked-G), and the largest
// HeapAlloc seen during the run, garbage included (peak-heap-MiB, sampled
// every 65,536 events). Time: the wall time from that moment to the end,
// over the 100,000 readiness events it covers (netpoll finds the G,
// injectglist queues it, it runs, reads and exits): ns/readiness.
func BenchmarkSimNetpoll100k(b *testing.B) {
	const n = 100000
	prog := compileBench(b, "netpoll100k.go")
	var (
		st                       runtime.Stats
		parked, peak, base       uint64
		readyWall                time.Duration
		readiness, netpollEvents int64
		vt                       int64
	)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		goruntime.GC()
		base = heapAlloc()
		peak = base
		b.StartTimer()
		mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 4, Seed: 1, MaxSteps: 1 << 40, MaxTime: 1 << 50})
		if err != nil {
			b.Fatal(err)
		}
		blocked, events := 0, int64(0)
		readiness, netpollEvents = 0, 0
		var allParked time.Time
		ex := mc.Run(func(ev *runtime.Event) {
			events++
			if events&(1<<16-1) == 0 {
				peak = max(peak, heapAlloc())
			}
			switch ev.Kind {
			case runtime.EvNetpoll:
				readiness += ev.Arg1
				netpollEvents++
			case runtime.EvNetpollBlock:
				blocked++
				if blocked == n {
					// Every G is parked ("IO wait") and none is
					// ready yet: measure the live state.
					if readiness != 0 {
						b.Fatalf("%d reads were ready before the last G parked: the scenario no longer parks all at once", readiness)
					}
					b.StopTimer()
					peak = max(peak, heapAlloc())
					goruntime.GC()
					parked = heapAlloc()
					b.StartTimer()
					allParked = time.Now()
				}
			}
		})
		readyWall = time.Since(allParked)
		if ex.Code != 0 {
			b.Fatalf("run ended with %+v", ex)
		}
		if blocked != n || readiness != n {
			b.Fatalf("%d Gs parked in netpollblock and netpoll found %d ready, want %d and %d", blocked, readiness, n, n)
		}
		st, vt = mc.Stats(), mc.Now()
	}
	sec := b.Elapsed().Seconds() / float64(b.N)
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	live := float64(parked) - float64(base)
	b.ReportMetric(float64(st.Events)/sec, "events/s")
	b.ReportMetric(float64(readyWall.Nanoseconds())/float64(n), "ns/readiness")
	b.ReportMetric(live/(1<<20), "heap-MiB-parked")
	b.ReportMetric(live/n, "B/parked-G")
	b.ReportMetric((float64(peak)-float64(base))/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(ms.Sys)/(1<<20), "MiB-sys")
	b.Logf("%d events, %d netpoll calls found the %d ready Gs; threads %d; virtual time %.1f ms; %.1f ms of wall time after the last G parked",
		st.Events, netpollEvents, readiness, st.Threads, float64(vt)/1e6, float64(readyWall.Microseconds())/1e3)
}

// mixedSim runs testdata/bench/mixed.go at GOMAXPROCS=4, trace discarded
// (Config.Why false, no event callback).
func mixedSim(b *testing.B, prog *vm.Program) (runtime.Stats, int64) {
	b.Helper()
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 4, Seed: 1, MaxSteps: 1 << 40, MaxTime: 1 << 50})
	if err != nil {
		b.Fatal(err)
	}
	if ex := mc.Run(nil); ex.Code != 0 {
		b.Fatalf("run ended with %+v", ex)
	}
	return mc.Stats(), mc.Now()
}

func reportSimSched(b *testing.B, st runtime.Stats) {
	b.ReportMetric(float64(st.Threads), "sim-threads")
	b.ReportMetric(float64(st.Preemptions), "sim-preempts")
	b.ReportMetric(float64(st.Retakes), "sim-handoffs")
}

// The mixed load: 10,000 goroutines of CPU work, syscalls, network reads,
// timers and channels (target: ≥ 1,000,000 events/s, trace discarded).
func BenchmarkSimMixed(b *testing.B) {
	prog := compileBench(b, "mixed.go")
	b.ResetTimer()
	var st runtime.Stats
	var vt int64
	for i := 0; i < b.N; i++ {
		st, vt = mixedSim(b, prog)
	}
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(st.Events)/sec, "events/s")
	b.ReportMetric(sec*1e9/float64(st.Events), "ns/event")
	reportSimSched(b, st)
	b.Logf("%d events, %d goroutines, %d switches, %d steals; virtual time %.1f ms",
		st.Events, st.Goroutines, st.Switches, st.Steals, float64(vt)/1e6)
}

// realRuns is how many times BenchmarkRealMixed runs the scenario: the real
// runtime's handoffs vary from run to run (see the log), so the metrics are
// medians.
const realRuns = 5

// The same mixed.go on the real runtime (GOMAXPROCS=4), next to the
// simulated run: a subprocess built from the scenario file with a main that
// turns runtime/trace on around it, the trace decoded with go tool trace
// -d=parsed (package internal/realtrace says what is counted), and
// GODEBUG=schedtrace=10 for the threads.
//
//	real-threads       threads created (pprof's threadcreate count at the end:
//	                   m0, sysmon and the template thread included, as
//	                   sim-threads includes m0 and sysmon)
//	real-trace-Ms      distinct Ms in the trace
//	real-sched-threads the largest threads= of the schedtrace lines
//	real-preempts      Running->Runnable "preempted" (the GC's too), but
//	                   not sync.Mutex's starvation handoffs (goyield)
//	real-handoffs      Ps taken by sysmon from an M in a syscall
//	real-syscall-steals Ps taken back by a G returning from a syscall from
//	                   an M itself in one (exitsyscallTryGetP), next to
//	                   sim-syscall-steals (EvExitsyscall with Arg1 = 1)
//	real-ms            the scenario's wall time (target < 2 s)
//
// Each is the median of realRuns runs; the log shows every run.
func BenchmarkRealMixed(b *testing.B) {
	if testing.Short() {
		b.Skip("runs the mixed scenario on the real runtime with the go command; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		b.Skip("the go command is not on PATH: cannot run the mixed scenario on the real runtime")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		b.Fatal(err)
	}
	// The simulated side, untimed, with the exitsyscall steals counted
	// from the events (exitsyscall's slow path taking back its old P from
	// an M itself in a syscall: EvExitsyscall with Arg1 = 1).
	b.StopTimer()
	mc, err := runtime.New(compileBench(b, "mixed.go"), runtime.Config{GOMAXPROCS: 4, Seed: 1, MaxSteps: 1 << 40, MaxTime: 1 << 50})
	if err != nil {
		b.Fatal(err)
	}
	simSteals := 0
	if ex := mc.Run(func(ev *runtime.Event) {
		if ev.Kind == runtime.EvExitsyscall && ev.Arg1 == 1 {
			simSteals++
		}
	}); ex.Code != 0 {
		b.Fatalf("run ended with %+v", ex)
	}
	st, vt := mc.Stats(), mc.Now()
	b.StartTimer()

	var runs []*realtrace.Result
	tmp := b.TempDir()
	for i := 0; i < b.N; i++ {
		for r := 0; r < realRuns; r++ {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			res, err := realtrace.Run(ctx, "testdata/bench/mixed.go", realtrace.Options{
				Go: gocmd, ModuleDir: root, GOMAXPROCS: 4, SchedtraceMS: 10,
				Timeout: time.Minute, TempDir: tmp,
			})
			cancel()
			if err != nil {
				b.Fatal(err)
			}
			runs = append(runs, res)
		}
	}
	med := func(f func(*realtrace.Result) int) float64 {
		v := make([]int, len(runs))
		for i, r := range runs {
			v[i] = f(r)
		}
		slices.Sort(v)
		return float64(v[len(v)/2])
	}
	reportSimSched(b, st)
	b.ReportMetric(med(func(r *realtrace.Result) int { return r.ThreadsCreated }), "real-threads")
	b.ReportMetric(med(func(r *realtrace.Result) int { return r.Trace.Threads }), "real-trace-Ms")
	b.ReportMetric(med(func(r *realtrace.Result) int { return r.SchedtraceThreads }), "real-sched-threads")
	b.ReportMetric(med(func(r *realtrace.Result) int { return r.Trace.Preemptions }), "real-preempts")
	b.ReportMetric(med(func(r *realtrace.Result) int { return r.Trace.Handoffs }), "real-handoffs")
	b.ReportMetric(med(func(r *realtrace.Result) int { return int(r.Elapsed.Milliseconds()) }), "real-ms")
	b.ReportMetric(float64(simSteals), "sim-syscall-steals")
	b.ReportMetric(med(func(r *realtrace.Result) int { return r.Trace.SyscallSteals }), "real-syscall-steals")

	b.Logf("mixed.go, GOMAXPROCS=4  threads  preempts  handoffs  syscall-steals  (GC steals, GCs, mutex yields)  time")
	b.Logf("  simulated             %7d  %8d  %8d  %14d  %-30s %.0f ms virtual",
		st.Threads, st.Preemptions, st.Retakes, simSteals, "(no GC, no mutex starvation)", float64(vt)/1e6)
	for i, r := range runs {
		t := r.Trace
		note := ""
		if r.Elapsed >= 2*time.Second {
			note = "  (over the 2 s target)"
		}
		b.Logf("  real run %d            %7d  %8d  %8d  %14d  %-30s %d ms wall; trace Ms %d, schedtrace threads=%d max%s",
			i+1, r.ThreadsCreated, t.Preemptions, t.Handoffs, t.SyscallSteals,
			fmt.Sprintf("(%d, %d, %d)", t.GCSteals, t.GCs, t.MutexYields),
			r.Elapsed.Milliseconds(), t.Threads, r.SchedtraceThreads, note)
	}
}
