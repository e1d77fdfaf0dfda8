package debugger

import (
	goruntime "runtime"
	"testing"
	"time"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
)

// The long run of the benchmarks: main yields 400,000 times on 2 Ps,
// which is about 1.2 million events (goschedImpl, globrunqget, execute per
// yield, and sysmon's ticks).
const (
	benchYields = 400_000
	benchAt     = 1_000_000
)

var benchProg = goschedProg(benchYields, false)

func benchSession(b *testing.B) *Session {
	s, err := New(Options{Program: benchProg, Config: runtime.Config{GOMAXPROCS: 2, Seed: 1, MaxSteps: 10_000_000}})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

func benchSessionAt(b *testing.B, n int64) *Session {
	s := benchSession(b)
	if _, err := s.Goto(n); err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkStepAt1M: a forward step at event 1,000,000 (budget: 50 ms).
func BenchmarkStepAt1M(b *testing.B) {
	s := benchSessionAt(b, benchAt)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Step(1); err != nil {
			b.Fatal(err)
		}
		if i%1000 == 999 {
			b.StopTimer()
			s.Goto(benchAt)
			b.StartTimer()
		}
	}
}

// BenchmarkRevStepAt1M: a step backwards at event 1,000,000 (budget:
// 50 ms): restore the nearest snapshot and replay.
func BenchmarkRevStepAt1M(b *testing.B) {
	s := benchSessionAt(b, benchAt)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.RevStep(1); err != nil {
			b.Fatal(err)
		}
		if i%1000 == 999 {
			b.StopTimer()
			s.Goto(benchAt)
			b.StartTimer()
		}
	}
}

// BenchmarkGoto1M: goto 1000000 from the start of a new session (budget:
// 2 s), snapshots included. It reports the snapshots kept and their
// memory.
func BenchmarkGoto1M(b *testing.B) {
	var snaps int
	var heap uint64
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		var before, after goruntime.MemStats
		goruntime.GC()
		goruntime.ReadMemStats(&before)
		s := benchSession(b)
		b.StartTimer()
		if _, err := s.Goto(benchAt); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		goruntime.GC()
		goruntime.ReadMemStats(&after)
		snaps = len(s.SnapshotSeqs())
		heap = after.HeapAlloc - before.HeapAlloc
		goruntime.KeepAlive(s)
		b.StartTimer()
	}
	b.ReportMetric(float64(snaps), "snapshots")
	b.ReportMetric(float64(heap)/1e6, "heap-MB")
}

// TestPerformance checks the budgets on the long run, with room
// for a slow machine (the benchmarks give the figures). The budgets are on
// the process's CPU time, not the wall clock, so that a machine loaded by
// other processes does not make the test fail.
func TestPerformance(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	s, err := New(Options{Program: benchProg, Config: runtime.Config{GOMAXPROCS: 2, Seed: 1, MaxSteps: 10_000_000}})
	if err != nil {
		t.Fatal(err)
	}
	start := cpuTime()
	if _, err := s.Goto(benchAt); err != nil {
		t.Fatal(err)
	}
	if d := cpuTime() - start; d > 2*time.Second*3 {
		t.Errorf("goto %d took %v (budget 2s)", benchAt, d)
	}
	if n := len(s.SnapshotSeqs()); n > DefaultMaxSnapshots {
		t.Errorf("%d snapshots, bound %d", n, DefaultMaxSnapshots)
	}
	for _, f := range []func() (Stop, error){
		func() (Stop, error) { return s.Step(1) },
		func() (Stop, error) { return s.RevStep(1) },
		func() (Stop, error) { return s.RevStep(1) },
	} {
		start := cpuTime()
		if _, err := f(); err != nil {
			t.Fatal(err)
		}
		if d := cpuTime() - start; d > 50*time.Millisecond*3 {
			t.Errorf("a step at event %d took %v (budget 50ms)", s.Pos(), d)
		}
	}
}

// BenchmarkRevStep100kGoroutines: a step backwards in a run with 100,000
// goroutines parked on the network (a 22 MB machine): the snapshots are
// fewer and farther apart, within DefaultMaxSnapshotBytes.
func BenchmarkRevStep100kGoroutines(b *testing.B) {
	prog, err := lang.CompileFile("../runtime/testdata/bench/netpoll100k.go")
	if err != nil {
		b.Skip(err)
	}
	s, err := New(Options{Program: prog, Config: runtime.Config{GOMAXPROCS: 4, Seed: 1, MaxSteps: 10_000_000}})
	if err != nil {
		b.Fatal(err)
	}
	const at = 900_000 // the run has 966,908 events
	start := time.Now()
	if _, err := s.Goto(at); err != nil {
		b.Fatal(err)
	}
	gotoMs := float64(time.Since(start).Milliseconds())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.RevStep(1); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(len(s.SnapshotSeqs())), "snapshots")
	b.ReportMetric(float64(s.SnapshotBytes())/1e6, "snapshot-MB")
	b.ReportMetric(gotoMs, "goto-ms")
}
