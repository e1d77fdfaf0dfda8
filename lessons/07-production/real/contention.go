//go:build ignore

// contention: lock contention as the mutex and block profiles see it.
// Eight goroutines share one sync.Mutex: most calls are quick (fastPath
// holds the lock 20 µs), one in ten is slow (slowPath holds it 1 ms). The
// program turns both profiles on, runs the load, and writes them in the
// text form pprof's debug=1 gives, then the metric
// /sync/mutex/wait/total:seconds. Lesson 07, "Is it the scheduler?":
//
//	go build -o contention lessons/07-production/real/contention.go
//	./contention -mutex mutex.txt -block block.txt
//	go tool pprof -top contention mutex.txt    # or read the text files
package main

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

var mu sync.Mutex

// spin computes for d without blocking.
func spin(d time.Duration) {
	for start := time.Now(); time.Since(start) < d; {
	}
}

// fastPath holds the lock briefly.
func fastPath() {
	mu.Lock()
	spin(20 * time.Microsecond)
	mu.Unlock()
}

// slowPath holds the lock 50 times as long.
func slowPath() {
	mu.Lock()
	spin(time.Millisecond)
	mu.Unlock()
}

// write writes profile name to file, in debug=1 text.
func write(name, file string) {
	f, err := os.Create(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "contention:", err)
		os.Exit(1)
	}
	defer f.Close()
	if err := pprof.Lookup(name).WriteTo(f, 1); err != nil {
		fmt.Fprintln(os.Stderr, "contention:", err)
		os.Exit(1)
	}
}

func main() {
	mutexFile := flag.String("mutex", "mutex.txt", "where to write the mutex profile")
	blockFile := flag.String("block", "block.txt", "where to write the block profile")
	flag.Parse()

	runtime.SetMutexProfileFraction(1) // record every contention event
	runtime.SetBlockProfileRate(1)     // record every blocking event (1 ns)

	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 50; j++ {
				if j%10 == 0 {
					slowPath()
				} else {
					fastPath()
				}
			}
		}()
	}
	wg.Wait()

	write("mutex", *mutexFile)
	write("block", *blockFile)
	s := []metrics.Sample{{Name: "/sync/mutex/wait/total:seconds"}}
	metrics.Read(s)
	fmt.Printf("wrote %s and %s; /sync/mutex/wait/total:seconds %.3f\n", *mutexFile, *blockFile, s[0].Value.Float64())

	// The same records, read with the runtime's own calls and grouped by
	// their innermost frames: where each profile puts a wait.
	mutex := records(runtime.MutexProfile)
	block := records(runtime.BlockProfile)
	fmt.Printf("mutex profile (holders): %d at Unlock in fastPath, %d at Unlock in slowPath, %d at Lock\n",
		events(mutex, "sync.(*Mutex).Unlock", "main.fastPath"), events(mutex, "sync.(*Mutex).Unlock", "main.slowPath"),
		events(mutex, "sync.(*Mutex).Lock"))
	fmt.Printf("block profile (waiters): %d at Lock in fastPath, %d at Lock in slowPath, %d at WaitGroup.Wait in main, %d at Unlock\n",
		events(block, "sync.(*Mutex).Lock", "main.fastPath"), events(block, "sync.(*Mutex).Lock", "main.slowPath"),
		events(block, "sync.(*WaitGroup).Wait", "main.main"), events(block, "sync.(*Mutex).Unlock"))
	var cycles int64
	for _, r := range block {
		if len(r.frames) > 0 && r.frames[0] == "sync.(*Mutex).Lock" {
			cycles += r.Cycles
		}
	}
	fmt.Printf("time waited in Lock: %.3f s in the block profile, %.3f s by /sync/mutex/wait/total:seconds\n",
		float64(cycles)/cyclesPerSecond(), s[0].Value.Float64())
}

// cyclesPerSecond is the rate of the block profile's cycle counts, which
// runtime/pprof prints in the text profile's header (cycles/second=).
func cyclesPerSecond() float64 {
	var b bytes.Buffer
	pprof.Lookup("block").WriteTo(&b, 1)
	for _, l := range strings.Split(b.String(), "\n") {
		if v, ok := strings.CutPrefix(l, "cycles/second="); ok {
			hz, _ := strconv.ParseFloat(v, 64)
			return hz
		}
	}
	return math.NaN()
}

// record is a profile's record with its stack's function names,
// innermost first (inlined calls expanded, as pprof prints them).
type record struct {
	runtime.BlockProfileRecord
	frames []string
}

// records reads a profile with read (runtime.MutexProfile or
// runtime.BlockProfile), which fills a slice if it is large enough.
func records(read func([]runtime.BlockProfileRecord) (int, bool)) []record {
	n, _ := read(nil)
	var rs []runtime.BlockProfileRecord
	for {
		rs = make([]runtime.BlockProfileRecord, n+10)
		var ok bool
		if n, ok = read(rs); ok {
			break
		}
	}
	var out []record
	for _, r := range rs[:n] {
		rec := record{BlockProfileRecord: r}
		frames := runtime.CallersFrames(r.Stack())
		for {
			f, more := frames.Next()
			rec.frames = append(rec.frames, f.Function)
			if !more {
				break
			}
		}
		out = append(out, rec)
	}
	return out
}

// events adds the counts of the records whose innermost frames are
// frames, in order (the function that waited or released, then its
// caller).
func events(rs []record, frames ...string) int64 {
	var n int64
	for _, r := range rs {
		if len(r.frames) >= len(frames) && slices.Equal(r.frames[:len(frames)], frames) {
			n += r.Count
		}
	}
	return n
}
