//go:build ignore

// workerpools: three workers take five jobs from a buffered channel; each
// job takes one second (time.Sleep), and main collects the results (the
// pattern of Go by Example's "Worker Pools").
//
// What to look for (gmplab run examples/workerpools.go --gomaxprocs 1):
//   - the jobs' timers fire in batches: netpoll sleeps in whole
//     milliseconds plus the timer slack, so timers due within that window
//     fire in one timers.check, and the last one fired runs first;
//   - a worker that finishes a job takes the next one from the channel at
//     once, so which worker gets jobs 4 and 5 follows the timers' order.
//
// The same file runs on the real runtime: GOMAXPROCS=1 go run examples/workerpools.go
package main

import (
	"fmt"
	"time"
)

func worker(id int, jobs <-chan int, results chan<- int) {
	for j := range jobs {
		fmt.Println("worker", id, "took job", j)
		time.Sleep(time.Second)
		fmt.Println("worker", id, "finished job", j)
		results <- j * 2
	}
}

func main() {
	const numJobs = 5
	jobs := make(chan int, numJobs)
	results := make(chan int, numJobs)
	for w := 1; w <= 3; w++ {
		go worker(w, jobs, results)
	}
	for j := 1; j <= numJobs; j++ {
		jobs <- j
	}
	close(jobs)
	for a := 1; a <= numJobs; a++ {
		<-results
	}
}
