//go:build ignore

// A consumer selects over two producers whose sends are a millisecond
// apart, so only one case is ready at a time; a nil channel disables a
// closed producer's case.
package main

import (
	"fmt"
	"time"
)

func produce(name string, c chan<- string, offset time.Duration) {
	time.Sleep(offset)
	for i := 0; i < 3; i++ {
		c <- fmt.Sprint(name, i)
		time.Sleep(2 * time.Millisecond)
	}
	close(c)
}

func main() {
	a := make(chan string)
	b := make(chan string)
	go produce("a", a, 0)
	go produce("b", b, time.Millisecond)
	for a != nil || b != nil {
		select {
		case v, ok := <-a:
			if !ok {
				a = nil
				fmt.Println("a closed")
				continue
			}
			fmt.Println(v)
		case v, ok := <-b:
			if !ok {
				b = nil
				fmt.Println("b closed")
				continue
			}
			fmt.Println(v)
		}
	}
}
