//go:build ignore

// 100,000 goroutines parked on network reads at the same time (issue 3's
// netpoll scale benchmark). Every read becomes ready at an absolute time
// between 101 and 150 ms after main starts, so all 100,000 are parked
// ("IO wait") before the first one is ready, and readiness is then spread
// over 50 ms: the netpoller (findRunnable, the blocking netpoll, sysmon)
// finds them and injectglist queues them.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	start := time.Now()
	var wg sync.WaitGroup
	for i := 0; i < 100000; i++ {
		wg.Add(1)
		go func(i int) {
			ready := 100*time.Millisecond + time.Duration(1+i%50)*time.Millisecond
			c := sim.Dial(ready - time.Since(start))
			c.Read()
			wg.Done()
		}(i)
	}
	wg.Wait()
	fmt.Println("100000 reads served")
}
