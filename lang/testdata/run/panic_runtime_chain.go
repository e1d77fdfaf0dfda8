//go:build ignore

// A run-time error raised while a panic unwinds joins the chain that
// printpanics prints, and deferred calls run before a runtime panic ends
// the program.
package main

import "fmt"

func main() {
	defer fmt.Println("main's deferred call runs")
	defer func() {
		var ch chan int
		close(ch) // while "boom" unwinds
	}()
	defer func() {
		r := recover()
		fmt.Println("recovered", r)
		panic(fmt.Sprint("again: ", r))
	}()
	ch := make(chan int, 1)
	close(ch)
	ch <- 1
}
