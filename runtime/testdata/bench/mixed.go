//go:build ignore

// A mixed load for issue 3's numbers: 10,000 goroutines that, at the same
// time, burn CPU (sim.Work, so only asynchronous preemption stops them),
// make blocking system calls (sim.Syscall: sysmon retakes the P of a long
// one), read from the network (sim.Dial + Read: the netpoller), sleep on
// timers and pass values over channels.
//
// The same file runs under gmplab (BenchmarkSimMixed) and, unchanged, on
// the real runtime (BenchmarkRealMixed, GOMAXPROCS=4), where it takes well
// under 2 s: about 0.4 s of CPU in all, calls and waits of at most 20 ms.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

const (
	nCPU     = 8    // CPU-bound: 40 ms each, in 2 ms pieces with no call between
	nSyscall = 500  // 4 blocking system calls of 50 µs to 1.6 ms each
	nNet     = 2000 // one network read, ready after 1 to 20 ms
	nSleep   = 2500 // 4 sleeps of 1 to 10 ms
	nPairs   = 1250 // ping-pong pairs, 20 round trips each
	nWorkers = 2490 // a worker pool fed by one producer
	nJobs    = 10000
)

func main() {
	var wg sync.WaitGroup
	results := make(chan int, 128)
	jobs := make(chan int, 64)
	done := make(chan int)

	// The collector (1 goroutine).
	go func() {
		sum := 0
		for v := range results {
			sum += v
		}
		done <- sum
	}()

	for i := 0; i < nCPU; i++ {
		wg.Add(1)
		go func() {
			for k := 0; k < 20; k++ {
				sim.Work(2 * time.Millisecond)
			}
			results <- 1
			wg.Done()
		}()
	}
	for i := 0; i < nSyscall; i++ {
		wg.Add(1)
		go func(i int) {
			for k := 0; k < 4; k++ {
				sim.Work(20 * time.Microsecond)
				sim.Syscall(time.Duration(50*(1+(i+k)%32)) * time.Microsecond)
			}
			results <- 1
			wg.Done()
		}(i)
	}
	for i := 0; i < nNet; i++ {
		wg.Add(1)
		go func(i int) {
			c := sim.Dial(time.Duration(1+i%20) * time.Millisecond)
			c.Read()
			results <- 1
			wg.Done()
		}(i)
	}
	for i := 0; i < nSleep; i++ {
		wg.Add(1)
		go func(i int) {
			for k := 0; k < 4; k++ {
				time.Sleep(time.Duration(1+(i+k)%10) * time.Millisecond)
			}
			results <- 1
			wg.Done()
		}(i)
	}
	for i := 0; i < nPairs; i++ {
		wg.Add(2)
		ping := make(chan int)
		pong := make(chan int)
		go func() {
			for v := range ping {
				pong <- v + 1
			}
			close(pong)
			wg.Done()
		}()
		go func() {
			n := 0
			for k := 0; k < 20; k++ {
				ping <- k
				n += <-pong - k
			}
			close(ping)
			results <- n / 20
			wg.Done()
		}()
	}

	// The worker pool and its producer.
	var workers sync.WaitGroup
	for i := 0; i < nWorkers; i++ {
		workers.Add(1)
		go func() {
			for j := range jobs {
				sim.Work(time.Duration(1+j%10) * time.Microsecond)
			}
			workers.Done()
		}()
	}
	go func() {
		for j := 0; j < nJobs; j++ {
			jobs <- j
		}
		close(jobs)
	}()

	wg.Wait()
	workers.Wait()
	close(results)
	fmt.Println("done:", <-done)
}
