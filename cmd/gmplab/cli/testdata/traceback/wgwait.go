// A deadlock at wg.Wait: Go's traceback shows the line of the Wait call.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		fmt.Println("one done")
		wg.Done()
	}()
	wg.Wait()
	fmt.Println("never")
}
