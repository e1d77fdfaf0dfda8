//go:build ignore

// latency: the scheduler's own latency signal, read from runtime/metrics
// while eight goroutines serve requests: each waits for the next one
// (time.Sleep) and computes 200 µs for it, 100 times (-n). With -load light a
// request comes every 2 ms, so the eight need 0.7 CPUs; with -load heavy
// one comes every 100 µs, and they would need 5.3 CPUs: at GOMAXPROCS=2
// most of them are runnable, waiting for a P. With -trace FILE it also writes an execution trace of
// the load for go tool trace and gmplab replay, then reads it back
// (golang.org/x/exp/trace, the reader go tool trace is built on) and
// prints its waits to run: every goroutine's time from runnable to
// running, with no sampling. Lesson 07, "Is it the scheduler?". Run it built, not with go run (GODEBUG and the trace would
// see the go command too):
//
//	go build -o latency lessons/07-production/real/latency.go
//	GOMAXPROCS=2 ./latency -load heavy -trace heavy.trace
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/metrics"
	"runtime/trace"
	"slices"
	"strings"
	"sync"
	"time"

	xtrace "golang.org/x/exp/trace"
)

// spin computes for d of wall time without blocking.
func spin(d time.Duration) {
	for start := time.Now(); time.Since(start) < d; {
	}
}

// percentile returns the upper bound of the bucket that holds the q-th
// quantile of h's counts: the metric gives buckets, not samples.
func percentile(h *metrics.Float64Histogram, q float64) float64 {
	var total uint64
	for _, c := range h.Counts {
		total += c
	}
	want := uint64(q * float64(total))
	var seen uint64
	for i, c := range h.Counts {
		seen += c
		if seen > want {
			return h.Buckets[i+1]
		}
	}
	return h.Buckets[len(h.Buckets)-1]
}

// copyOf copies h: metrics.Read reuses a histogram's memory for the next read.
func copyOf(h *metrics.Float64Histogram) *metrics.Float64Histogram {
	return &metrics.Float64Histogram{
		Buckets: append([]float64(nil), h.Buckets...),
		Counts:  append([]uint64(nil), h.Counts...),
	}
}

// traceWaits reads the execution trace in file and returns every wait to
// run it holds, in ns: the time from each goroutine's transition to
// runnable (created, woken, preempted) to its next transition to running
// (runtime/proc.go: execute), as go tool trace's Sched wait time adds
// them up.
func traceWaits(file string) ([]int64, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := xtrace.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, err
	}
	runnable := map[xtrace.GoID]xtrace.Time{}
	var waits []int64
	for {
		ev, err := r.ReadEvent()
		if errors.Is(err, io.EOF) {
			return waits, nil
		}
		if err != nil {
			return nil, err
		}
		if ev.Kind() != xtrace.EventStateTransition {
			continue
		}
		st := ev.StateTransition()
		if st.Resource.Kind != xtrace.ResourceGoroutine {
			continue
		}
		from, to := st.Goroutine()
		g := st.Resource.Goroutine()
		switch {
		case to == xtrace.GoRunnable && from != xtrace.GoRunnable:
			runnable[g] = ev.Time()
		case from == xtrace.GoRunnable && to == xtrace.GoRunning:
			if t, ok := runnable[g]; ok {
				waits = append(waits, int64(ev.Time()-t))
				delete(runnable, g)
			}
		}
	}
}

// since subtracts an earlier read of a cumulative histogram.
func since(now, before *metrics.Float64Histogram) *metrics.Float64Histogram {
	d := &metrics.Float64Histogram{Buckets: now.Buckets, Counts: make([]uint64, len(now.Counts))}
	for i := range now.Counts {
		d.Counts[i] = now.Counts[i] - before.Counts[i]
	}
	return d
}

func main() {
	load := flag.String("load", "light", "light, heavy, or both (light, then heavy, each measured alone)")
	traceFile := flag.String("trace", "", "write an execution trace of the load to this file (with -load both, one a load: FILE's name with -light or -heavy before its extension)")
	requests := flag.Int("n", 100, "requests per goroutine")
	flag.Parse()
	loads := []string{*load}
	switch *load {
	case "light", "heavy":
	case "both":
		loads = []string{"light", "heavy"}
	default:
		fmt.Fprintln(os.Stderr, "latency: -load must be light, heavy or both")
		os.Exit(2)
	}
	var traces []string
	for _, l := range loads {
		file := *traceFile
		if file != "" && *load == "both" {
			ext := filepath.Ext(file)
			file = strings.TrimSuffix(file, ext) + "-" + l + ext
		}
		serve(l, file, *requests)
		if file != "" {
			traces = append(traces, file)
		}
	}
	// Read the traces back once every load is done, so that reading one
	// (it allocates, and the collector runs) is not part of the next load.
	for _, file := range traces {
		waits, err := traceWaits(file)
		if err != nil {
			fmt.Fprintln(os.Stderr, "latency: reading the trace:", err)
			os.Exit(1)
		}
		slices.Sort(waits)
		q := func(q float64) string {
			if len(waits) == 0 {
				return "-"
			}
			return fmt.Sprintf("%.3fms", float64(waits[min(len(waits)-1, int(q*float64(len(waits))))])/1e6)
		}
		longest := "-"
		if len(waits) > 0 {
			longest = fmt.Sprintf("%.6fms", float64(waits[len(waits)-1])/1e6) // to the nanosecond, as gmplab replay prints a wait
		}
		fmt.Printf("the trace %s: %d waits to run, p50 %s p99 %s, longest %s (every runnable → running)\n", file, len(waits), q(0.50), q(0.99), longest)
	}
}

// serve runs the load (light or heavy) of requests per goroutine, with an
// execution trace in traceFile if it is not "", and prints what the
// metrics (and the trace) say of it.
func serve(load, traceFile string, requests int) {
	samples := []metrics.Sample{
		{Name: "/sched/latencies:seconds"},
		{Name: "/sched/gomaxprocs:threads"},
		{Name: "/sched/goroutines:goroutines"},
		{Name: "/sched/goroutines/runnable:goroutines"},
		{Name: "/sched/goroutines/running:goroutines"},
		{Name: "/sched/goroutines/waiting:goroutines"},
		{Name: "/sched/threads/total:threads"},
	}
	metrics.Read(samples)
	before := copyOf(samples[0].Value.Float64Histogram())

	if traceFile != "" {
		f, err := os.Create(traceFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "latency:", err)
			os.Exit(1)
		}
		defer f.Close()
		trace.Start(f)
	}

	pause := 2 * time.Millisecond // 8 × 200 µs every 2.2 ms: 0.7 CPUs
	if load == "heavy" {
		pause = 100 * time.Microsecond // 8 × 200 µs every 0.3 ms: 5.3 CPUs
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < requests; j++ {
				time.Sleep(pause)            // wait for the next request
				spin(200 * time.Microsecond) // serve it
			}
		}()
	}
	// While they run, sample the goroutine counts every 5 ms from another
	// goroutine, which must itself wait for a P to take each sample.
	done := make(chan struct{})
	maxRunnable, maxRunning := uint64(0), uint64(0)
	var sampler sync.WaitGroup
	sampler.Add(1)
	go func() {
		defer sampler.Done()
		s := samples[3:5]
		for {
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
			metrics.Read(s)
			maxRunnable = max(maxRunnable, s[0].Value.Uint64())
			maxRunning = max(maxRunning, s[1].Value.Uint64())
		}
	}()
	wg.Wait()
	close(done)
	sampler.Wait()
	if traceFile != "" {
		trace.Stop()
	}

	metrics.Read(samples)
	h := since(samples[0].Value.Float64Histogram(), before)
	var n uint64
	for _, c := range h.Counts {
		n += c
	}
	ms := func(s float64) string { return fmt.Sprintf("%.3fms", s*1e3) }
	fmt.Printf("load %s, GOMAXPROCS=%d (/sched/gomaxprocs:threads)\n", load, samples[1].Value.Uint64())
	fmt.Printf("sched latency p50 %s p99 %s (/sched/latencies:seconds, %d samples)\n", ms(percentile(h, 0.50)), ms(percentile(h, 0.99)), n)
	fmt.Printf("most runnable %d, most running %d (/sched/goroutines/runnable, /running)\n", maxRunnable, maxRunning)
	fmt.Printf("now: goroutines %d, waiting %d, threads %d\n", samples[2].Value.Uint64(), samples[5].Value.Uint64(), samples[6].Value.Uint64())
}
