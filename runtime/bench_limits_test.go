package runtime_test

import (
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// peakHeap runs f while sampling nothing: it reports the heap in use after f
// (HeapInuse) and the most the process asked the OS for (Sys), in MiB.
func reportMem(b *testing.B) {
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.Sys)/(1<<20), "MiB-sys")
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "MiB-inuse")
}

// An infinite recursion up to the real 1 GB limit (stack.go: newstack's
// "goroutine stack exceeds" check); issue 7 §5 wants it under 3 s and 500 MB.
func BenchmarkSimStackOverflow(b *testing.B) {
	prog := compileBench(b, "recurse.go")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 1, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		ex := mc.Run(nil)
		if !strings.Contains(ex.Msg, "fatal error: stack overflow") {
			b.Fatalf("run ended with %+v", ex)
		}
	}
	reportMem(b)
}
