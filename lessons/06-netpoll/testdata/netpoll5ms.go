//go:build ignore

// netpoll: twenty goroutines each read from a connection that becomes
// ready after 1 to 20 ms. They park in netpollblock; netpoll finds them
// ready and injectglist puts them back on run queues. Try `break netpoll`.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 1; i <= 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			c := sim.Dial(5 * time.Millisecond)
			c.Read()
		}(i)
	}
	wg.Wait()
	fmt.Println("20 reads done")
}
