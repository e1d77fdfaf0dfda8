// A send on a closed channel panics at the send.
package main

import "fmt"

func send(ch chan int) {
	ch <- 1
}

func main() {
	ch := make(chan int, 1)
	close(ch)
	fmt.Println("closed")
	send(ch)
}
