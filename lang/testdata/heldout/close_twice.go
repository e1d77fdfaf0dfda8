//go:build ignore

// Closing a channel twice panics, from a nested call in a goroutine.
package main

import (
	"fmt"
	"time"
)

func shutdown(c chan int) {
	close(c)
}

func stop(c chan int) {
	shutdown(c)
}

func main() {
	c := make(chan int)
	stop(c)
	fmt.Println("closed once")
	go func() {
		stop(c)
	}()
	time.Sleep(time.Millisecond)
	fmt.Println("not reached")
}
