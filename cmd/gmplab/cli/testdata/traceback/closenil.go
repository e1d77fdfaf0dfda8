// Closing a nil channel panics at the close.
package main

import "fmt"

func shut(ch chan int) {
	close(ch)
}

func main() {
	var ch chan int
	fmt.Println("closing")
	shut(ch)
}
