package debugger

import (
	goruntime "runtime"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
)

// BenchmarkGotoSleepers3M: goto 3,000,000 in a run of 1,000 goroutines
// sleeping 1,000 times each (issue 7 §6: under 500 MB). Reports the heap
// the session keeps after a GC, and what the process took from the OS.
func BenchmarkGotoSleepers3M(b *testing.B) {
	prog, err := lang.CompileFile("../runtime/testdata/bench/sleepers.go")
	if err != nil {
		b.Fatal(err)
	}
	var s *Session
	for i := 0; i < b.N; i++ {
		s, err = New(Options{Program: prog, Config: runtime.Config{GOMAXPROCS: 4, Seed: 1}})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Goto(3_000_000); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	goruntime.GC()
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "MiB-inuse")
	b.ReportMetric(float64(ms.Sys)/(1<<20), "MiB-sys")
	b.ReportMetric(float64(len(s.SnapshotSeqs())), "snapshots")
	b.ReportMetric(float64(s.SnapshotBytes())/(1<<20), "snapshot-MiB")
	goruntime.KeepAlive(s)
}

// BenchmarkGotoBigHeap: goto 600,000 in a run whose heap is a 200,000-element
// slice and a 5,000-key map that change one element per event or so.
// Snapshots share the objects that did not change with the snapshot before
// them (runtime.Machine.CloneSharing): snapshot-MiB is what they hold.
func BenchmarkGotoBigHeap(b *testing.B) {
	prog, err := lang.CompileFile("../runtime/testdata/bench/bigheap.go")
	if err != nil {
		b.Fatal(err)
	}
	var s *Session
	for i := 0; i < b.N; i++ {
		s, err = New(Options{Program: prog, Config: runtime.Config{GOMAXPROCS: 4, Seed: 1}})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Goto(600_000); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	goruntime.GC()
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "MiB-inuse")
	b.ReportMetric(float64(len(s.SnapshotSeqs())), "snapshots")
	b.ReportMetric(float64(s.SnapshotBytes())/(1<<20), "snapshot-MiB")
	goruntime.KeepAlive(s)
}
