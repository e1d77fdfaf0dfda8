//go:build ignore

// One goroutine writes a map while another ranges over it: an iterator
// step that finds m.writing set is fatal.
package main

import "fmt"

func main() {
	m := map[int]int{}
	for i := 0; i < 100; i++ {
		m[i] = i
	}
	done := make(chan int)
	go func() {
		for i := 0; i < 200000; i++ {
			m[i%100] = i
		}
		done <- 0
	}()
	go func() {
		n := 0
		for j := 0; j < 2000; j++ {
			for k := range m {
				n += k
			}
		}
		done <- n % 2
	}()
	<-done
	<-done
	fmt.Println(len(m), "keys")
}
