//go:build ignore

// Goroutines sleep, wake, print and then block forever on a nil channel
// and in an empty select; main blocks sending on a full channel.
package main

import (
	"fmt"
	"time"
)

func main() {
	full := make(chan int, 1)
	full <- 0
	go func() {
		time.Sleep(time.Millisecond)
		fmt.Println("first sleeper woke")
		var nilc chan int
		<-nilc
	}()
	go func() {
		time.Sleep(2 * time.Millisecond)
		fmt.Println("second sleeper woke")
		select {}
	}()
	full <- 1
}
