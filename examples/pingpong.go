//go:build ignore

// pingpong: two goroutines hand a ball back and forth over unbuffered
// channels, three times.
//
// What to look for (gmplab run examples/pingpong.go --gomaxprocs 2):
// a send to a waiting receiver readies it into the sender's runnext
// (goready), so the two Gs take turns on one P and the second P stays idle
// or spins briefly: handing off through runnext beats stealing.
package main

import "fmt"

func main() {
	ping := make(chan int)
	pong := make(chan int)
	done := make(chan bool)
	go func() {
		for ball := range ping {
			fmt.Println("pong", ball)
			pong <- ball + 1
		}
		done <- true
	}()
	ball := 0
	for i := 0; i < 3; i++ {
		ping <- ball
		ball = <-pong
		fmt.Println("ping", ball)
	}
	close(ping)
	<-done
}
