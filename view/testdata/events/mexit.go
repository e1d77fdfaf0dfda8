// A goroutine that exits while locked to its thread, for docs/events.md's
// example of the mexit event: the thread exits with it.
package main

import (
	"fmt"
	"runtime"
)

func main() {
	done := make(chan int)
	go func() {
		runtime.LockOSThread()
		done <- 1
	}()
	<-done
	runtime.Gosched()
	fmt.Println("main goes on")
}
