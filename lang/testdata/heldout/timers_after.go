//go:build ignore

// time.After in a select against a channel that is fed later: the timeout
// wins the first two rounds and the value the third.
package main

import (
	"fmt"
	"time"
)

func main() {
	c := make(chan string)
	go func() {
		time.Sleep(5 * time.Millisecond)
		c <- "value"
	}()
	for i := 0; i < 3; i++ {
		select {
		case v := <-c:
			fmt.Println("got", v)
		case <-time.After(2 * time.Millisecond):
			fmt.Println("timeout", i)
		}
	}
}
