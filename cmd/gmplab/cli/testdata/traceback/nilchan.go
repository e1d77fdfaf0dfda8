// Receiving from a nil channel blocks forever.
package main

import "fmt"

func main() {
	var ch chan int
	fmt.Println("before")
	v := <-ch
	fmt.Println(v)
}
