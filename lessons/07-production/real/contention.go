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
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
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
}
