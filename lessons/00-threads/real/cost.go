//go:build ignore

// cost measures what goroutines and threads cost on the real runtime (this
// program is not a gmplab scenario: it needs the real clock and the real
// memory statistics). Run it from the repository's root:
//
//	go run lessons/00-threads/real/cost.go
//
// It prints four figures: the time of a go statement and the goroutine's
// exit; the memory of 100,000 goroutines blocked on a channel; the time of
// one switch between two goroutines on one P; and what one more OS thread
// costs, made by goroutines that lock themselves to their thread
// (runtime.LockOSThread) and block, so that the runtime must start a new
// thread for the next one (1,000 of them, -threads). Linux only (it reads
// /proc). The two timings run as benchmarks of a second each (-benchtime,
// as go test takes it); lesson 00's runs cell makes them shorter.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func main() {
	benchtime := flag.String("benchtime", "1s", "how long each timing runs, as go test -benchtime")
	nt := flag.Int("threads", 1000, "how many threads to start")
	flag.Parse()
	testing.Init() // testing.Benchmark reads its -test.benchtime flag
	flag.Set("test.benchtime", *benchtime)

	// 1. A go statement and the goroutine's exit (testing.Benchmark picks N).
	r := testing.Benchmark(func(b *testing.B) {
		var wg sync.WaitGroup
		for i := 0; i < b.N; i++ {
			wg.Add(1)
			go wg.Done()
		}
		wg.Wait()
	})
	fmt.Printf("go statement + exit:   %d ns per goroutine\n", r.NsPerOp())

	// 2. Memory of n goroutines blocked on a channel.
	const n = 100_000
	var before, after runtime.MemStats
	var wg sync.WaitGroup
	runtime.GC()
	runtime.ReadMemStats(&before)
	block := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() { <-block; wg.Done() }()
	}
	runtime.ReadMemStats(&after)
	fmt.Printf("parked goroutine:      %d B of stack, %d B from the OS in all\n",
		(after.StackInuse-before.StackInuse)/n, (after.Sys-before.Sys)/n)
	close(block)
	wg.Wait()

	// 3. Two goroutines on one P hand a value back and forth over
	// unbuffered channels: each round trip is two switches.
	prev := runtime.GOMAXPROCS(1)
	r = testing.Benchmark(func(b *testing.B) {
		ping, pong := make(chan int), make(chan int)
		go func() {
			for v := range ping {
				pong <- v
			}
		}()
		for i := 0; i < b.N; i++ {
			ping <- i
			<-pong
		}
		close(ping)
	})
	fmt.Printf("goroutine switch:      %d ns (GOMAXPROCS=1 ping-pong)\n", r.NsPerOp()/2)
	runtime.GOMAXPROCS(prev)

	// 4. Threads. Each goroutine locks itself to its thread and blocks, so
	// the next one needs a new thread.
	threads0, kstack0 := field("/proc/self/status", "Threads"), field("/proc/meminfo", "KernelStack")
	release := make(chan struct{})
	start := time.Now()
	for i := 0; i < *nt; i++ {
		started := make(chan struct{})
		wg.Add(1)
		go func() {
			runtime.LockOSThread()
			close(started)
			<-release
			wg.Done()
		}()
		<-started
	}
	elapsed := time.Since(start)
	threads1, kstack1 := field("/proc/self/status", "Threads"), field("/proc/meminfo", "KernelStack")
	d := threads1 - threads0
	fmt.Printf("one more thread:       %d µs (start, park, wake), %d kB of kernel stack (%d threads)\n",
		elapsed.Microseconds()/int64(d), (kstack1-kstack0)/d, d)
	close(release)
	wg.Wait()
}

// field reads a number from a "Key: value" line of a /proc file.
func field(file, key string) int {
	b, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cost:", err)
		os.Exit(1)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, key+":"); ok {
			n, _ := strconv.Atoi(strings.Fields(v)[0])
			return n
		}
	}
	return 0
}
