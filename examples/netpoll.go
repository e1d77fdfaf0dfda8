//go:build ignore

// netpoll: 1,000 goroutines each read from a network connection whose data
// arrives after 1 to 10 ms.
//
// What to look for (gmplab run examples/netpoll.go --gomaxprocs 2 --stats):
// a read that is not ready parks the G ("IO wait") and frees its M, so a
// couple of threads serve all 1,000; when data arrives, netpoll (from
// findRunnable or sysmon) returns the ready Gs and injectglist queues them.
//
// Without the netpoller (--layers stacks,procs,steal,sysmon,preempt) each
// read is a blocking system call that holds a thread: sysmon retakes the
// Ps, and the runtime starts a new M for every blocked reader.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 1000; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			c := sim.Dial(time.Duration(1+i%10) * time.Millisecond)
			c.Read()
		}(i)
	}
	wg.Wait()
	fmt.Println("1000 reads served")
}
