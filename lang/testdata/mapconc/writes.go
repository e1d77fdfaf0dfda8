//go:build ignore

// Two goroutines write one map with no lock: with GOMAXPROCS > 1 their
// writes overlap and the runtime stops the program (mapassign finds
// m.writing set). With one P they never overlap.
package main

import "fmt"

func main() {
	m := map[int]int{}
	done := make(chan bool)
	for g := 0; g < 2; g++ {
		go func() {
			for i := 0; i < 200000; i++ {
				m[i%100] = i
			}
			done <- true
		}()
	}
	<-done
	<-done
	fmt.Println(len(m), "keys")
}
