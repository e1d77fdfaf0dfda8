//go:build ignore

// server: a small service under load. 200 requests arrive in 20 waves of
// 10, one wave per millisecond; each reads its request from the network,
// computes for 300 µs, and one request in five also writes a log file
// with a blocking 2 ms system call. Read its schedtrace: idle Ps, threads,
// the global and local queues.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func handle(id int) {
	c := sim.Dial(time.Duration(id%7+1) * 100 * time.Microsecond) // the request arrives
	c.Read()
	sim.Work(300 * time.Microsecond) // compute the response
	if id%5 == 0 {
		sim.Syscall(2 * time.Millisecond) // append to a log file
	}
}

func main() {
	var wg sync.WaitGroup
	for wave := 0; wave < 20; wave++ {
		for i := 0; i < 10; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				handle(wave*10 + i)
			}()
		}
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	fmt.Println("200 requests served")
}
