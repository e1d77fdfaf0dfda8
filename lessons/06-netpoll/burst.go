//go:build ignore

// burst: six goroutines read from connections that all become ready 1 ms
// after they dial. One netpoll call finds several of them at once: the
// poller runs one and injectglist spreads the rest over the global queue
// (one per idle P) and its own P's ring. Try `break injectglist`.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := sim.Dial(time.Millisecond)
			c.Read()
			sim.Work(100 * time.Microsecond) // handle the message
		}()
	}
	wg.Wait()
	fmt.Println("6 reads done")
}
