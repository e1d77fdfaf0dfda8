//go:build ignore

// goids: three goroutines block forever, and so does main: the deadlock's
// traceback lists their goids, which say on which P's goid batch
// (_GoidCacheBatch = 16) main was when it spawned them.
package main

import "fmt"

func main() {
	c := make(chan int)
	for i := 0; i < 3; i++ {
		go func() { c <- 1 }()
	}
	fmt.Println("start")
	<-make(chan int)
}
