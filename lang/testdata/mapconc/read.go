//go:build ignore

// One goroutine writes a map while another reads it: a read that finds
// m.writing set is fatal.
package main

import "fmt"

func main() {
	m := map[int]int{}
	done := make(chan int)
	go func() {
		for i := 0; i < 200000; i++ {
			m[i%100] = i
		}
		done <- 0
	}()
	go func() {
		sum := 0
		for i := 0; i < 200000; i++ {
			sum += m[i%100]
		}
		done <- sum % 2
	}()
	<-done
	<-done
	fmt.Println(len(m), "keys")
}
