package runtime_test

import (
	"os"
	goruntime "runtime"
	"sync"
	"testing"
	"time"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// Benchmarks for issue 2's numbers. Each simulated benchmark reports
// events/s and, next to it, the same scenario on the real runtime in the same
// run: time per scheduling decision (an execute in the model; a goroutine
// start or wake-up on the real side).

func compileBench(b *testing.B, name string) *vm.Program {
	b.Helper()
	src, err := os.ReadFile("testdata/bench/" + name)
	if err != nil {
		b.Fatal(err)
	}
	prog, err := lang.Compile(name, src)
	if err != nil {
		b.Fatal(err)
	}
	return prog
}

func runSim(b *testing.B, prog *vm.Program, procs int) runtime.Stats {
	return runSimLayers(b, prog, procs, runtime.AllLayers)
}

func runSimLayers(b *testing.B, prog *vm.Program, procs int, layers runtime.Layers) runtime.Stats {
	b.Helper()
	var st runtime.Stats
	for i := 0; i < b.N; i++ {
		mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: procs, Seed: 1, MaxSteps: 1 << 40, MaxTime: 1 << 50, Layers: layers})
		if err != nil {
			b.Fatal(err)
		}
		if ex := mc.Run(nil); ex.Code != 0 {
			b.Fatalf("run ended with %+v", ex)
		}
		st = mc.Stats()
	}
	return st
}

func reportSim(b *testing.B, st runtime.Stats) {
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(st.Events)/sec, "events/s")
	b.ReportMetric(float64(st.Events)/float64(st.Switches), "events/decision")
	b.ReportMetric(sec*1e9/float64(st.Switches), "ns/decision")
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.Sys)/(1<<20), "MiB-sys")
}

// 1,000,000 goroutines spawned and finished at GOMAXPROCS=8 (target: < 3 s,
// < 1 GiB).
func BenchmarkSimSpawn1M(b *testing.B) {
	prog := compileBench(b, "spawn1m.go")
	b.ResetTimer()
	st := runSim(b, prog, 8)
	reportSim(b, st)
}

// The same without the gc layer: issue 19 wants the run with the collector
// within 1.5 times this one.
func BenchmarkSimSpawn1MWithoutGC(b *testing.B) {
	prog := compileBench(b, "spawn1m.go")
	b.ResetTimer()
	st := runSimLayers(b, prog, 8, runtime.AllLayers&^runtime.Layers(runtime.LayerGC))
	reportSim(b, st)
}

// The same on the real runtime.
func BenchmarkRealSpawn1M(b *testing.B) {
	defer goruntime.GOMAXPROCS(goruntime.GOMAXPROCS(8))
	for i := 0; i < b.N; i++ {
		var wg sync.WaitGroup
		for j := 0; j < 1000000; j++ {
			wg.Add(1)
			go func() { wg.Done() }()
		}
		wg.Wait()
	}
	// One decision per goroutine start, plus main's wake-up.
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N)/1000001, "ns/decision")
}

// Scheduler-heavy churn (target: ≥ 2,000,000 events/s, trace discarded).
func BenchmarkSimChurn(b *testing.B) {
	prog := compileBench(b, "churn.go")
	b.ResetTimer()
	st := runSim(b, prog, 4)
	reportSim(b, st)
}

func BenchmarkRealChurn(b *testing.B) {
	defer goruntime.GOMAXPROCS(goruntime.GOMAXPROCS(4))
	decisions := 0
	for i := 0; i < b.N; i++ {
		var wg sync.WaitGroup
		for p := 0; p < 8; p++ {
			wg.Add(1)
			go func() {
				ping, pong := make(chan int), make(chan int)
				go func() {
					for v := range ping {
						pong <- v + 1
					}
					close(pong)
				}()
				for i := 0; i < 20000; i++ {
					ping <- i
					<-pong
				}
				close(ping)
				wg.Done()
			}()
		}
		for w := 0; w < 2000; w++ {
			wg.Add(1)
			go func() {
				for i := 0; i < 20; i++ {
					goruntime.Gosched()
				}
				wg.Done()
			}()
		}
		wg.Wait()
		// Each ping-pong round blocks and wakes both sides; each Gosched
		// is one decision; each goroutine starts once.
		decisions = 8*20000*2 + 2000*20 + 2000 + 16
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N)/float64(decisions), "ns/decision")
	_ = time.Now
}
