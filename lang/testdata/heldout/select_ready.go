//go:build ignore

// A select with several ready cases picks one at random; the program only
// prints what does not depend on the pick (the totals).
package main

import "fmt"

func main() {
	a := make(chan int, 100)
	b := make(chan int, 100)
	c := make(chan int, 100)
	for i := 0; i < 100; i++ {
		a <- 1
		b <- 2
		c <- 3
	}
	sum, n := 0, 0
	for n < 300 {
		select {
		case v := <-a:
			sum += v
		case v := <-b:
			sum += v
		case v := <-c:
			sum += v
		}
		n++
	}
	fmt.Println("received", n, "sum", sum)
}
