// Senders blocked on a full channel, and main blocked in a WaitGroup.
package main

import (
	"fmt"
	"sync"
)

func produce(ch chan int, n int, wg *sync.WaitGroup) {
	defer wg.Done()
	for i := 0; i < n; i++ {
		ch <- i
	}
}

func main() {
	ch := make(chan int, 2)
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go produce(ch, 3, &wg)
	}
	fmt.Println(<-ch)
	wg.Wait()
}
