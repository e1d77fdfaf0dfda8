//go:build ignore

// busy: three goroutines wait on the network while two others keep the only
// P busy for 20 ms, handing it to each other through a channel. With local
// work always waiting, findRunnable never reaches its netpoll step; sysmon
// polls the network once 10 ms have passed since the last poll and puts the
// readers on the global queue. Try `break netpoll`.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	start := time.Now()
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := sim.Dial(time.Millisecond)
			c.Read()
			fmt.Println("read done after", time.Since(start).Milliseconds(), "ms")
		}()
	}
	runtime.Gosched() // let the readers park first

	ping, pong := make(chan bool), make(chan bool)
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 0; i < 20; i++ {
			sim.Work(200 * time.Microsecond)
			ping <- true
			<-pong
		}
		close(ping)
	}()
	go func() {
		defer wg.Done()
		for range ping {
			sim.Work(200 * time.Microsecond)
			pong <- true
		}
	}()
	wg.Wait()
	fmt.Println("ping-pong done after", time.Since(start).Milliseconds(), "ms")
}
