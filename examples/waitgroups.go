//go:build ignore

// waitgroups: five workers each announce themselves, sleep one second and
// announce they are done, while main waits on a sync.WaitGroup (the
// pattern of Go by Example's "WaitGroups").
//
// What to look for (gmplab run examples/waitgroups.go --gomaxprocs 1):
//   - the workers start in the order 5, 1, 2, 3, 4: the last go statement
//     left worker 5 in runnext;
//   - their five timers are due a few µs apart, but netpoll sleeps in whole
//     milliseconds (epoll_wait's timeout) plus the kernel's timer slack, so
//     one timers.check fires all five: each goready puts its G in runnext,
//     so worker 4, fired last, is done first, then 5, 1, 2, 3.
//
// The same file runs on the real runtime: GOMAXPROCS=1 go run examples/waitgroups.go
package main

import (
	"fmt"
	"sync"
	"time"
)

func worker(id int) {
	fmt.Printf("worker %d: starting\n", id)
	time.Sleep(time.Second)
	fmt.Printf("worker %d: done\n", id)
}

func main() {
	var wg sync.WaitGroup
	for i := 1; i <= 5; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker(i)
		}()
	}
	wg.Wait()
}
