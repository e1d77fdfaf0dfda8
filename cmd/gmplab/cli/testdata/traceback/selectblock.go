// A select with no ready case, and an empty select.
package main

import "fmt"

func waitBoth(a, b chan int) {
	select {
	case v := <-a:
		fmt.Println("a", v)
	case b <- 1:
		fmt.Println("sent b")
	}
}

func main() {
	a := make(chan int)
	b := make(chan int)
	go waitBoth(a, b)
	fmt.Println("main waits forever")
	select {}
}
