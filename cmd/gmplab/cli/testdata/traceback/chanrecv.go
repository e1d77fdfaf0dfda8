// A receive nobody sends to, two calls deep, and main waiting for it.
package main

import "fmt"

func get(ch chan int) int {
	v := <-ch
	return v
}

func worker(ch chan int, done chan bool) {
	fmt.Println("got", get(ch))
	done <- true
}

func main() {
	ch := make(chan int)
	done := make(chan bool)
	go worker(ch, done)
	<-done
}
