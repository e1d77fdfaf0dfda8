//go:build ignore

// A done channel closed while workers wait in select on it and on their
// own input channel.
package main

import (
	"fmt"
	"sync"
	"time"
)

func worker(id int, in <-chan int, done <-chan struct{}, wg *sync.WaitGroup) {
	defer wg.Done()
	for {
		select {
		case v := <-in:
			fmt.Println("worker", id, "got", v)
		case <-done:
			fmt.Println("worker", id, "stops")
			return
		}
	}
}

func main() {
	done := make(chan struct{})
	var wg sync.WaitGroup
	ins := make([]chan int, 4)
	for i := range ins {
		ins[i] = make(chan int)
		wg.Add(1)
		go worker(i, ins[i], done, &wg)
	}
	for i, c := range ins {
		c <- i * 10
	}
	time.Sleep(500 * time.Microsecond)
	close(done)
	wg.Wait()
}
