// A goroutine blocked in Lock on a mutex main never unlocks.
package main

import (
	"fmt"
	"sync"
)

var mu sync.Mutex

func critical(done chan bool) {
	mu.Lock()
	fmt.Println("in")
	mu.Unlock()
	done <- true
}

func main() {
	done := make(chan bool)
	mu.Lock()
	go critical(done)
	<-done
	mu.Unlock()
}
