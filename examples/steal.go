//go:build ignore

// steal: a fan-out. main starts 8 workers on its own P and waits for their
// results; the other Ps have nothing, so their Ms must steal.
//
// What to look for (gmplab run examples/steal.go --gomaxprocs 4):
// each go statement wakes a spinning M for an idle P (wakep, startm); the
// spinner finds nothing locally or globally and steals half of main's P's ring
// from its head (runqsteal), running the youngest G it stole.
package main

import "fmt"

// work sums 0..n-1 the slow way: CPU work with no function calls.
func work(n int) int {
	sum := 0
	for i := 0; i < n; i++ {
		sum += i
	}
	return sum
}

func main() {
	results := make(chan int)
	for w := 1; w <= 8; w++ {
		go func(id int) {
			results <- work(20000 * id)
		}(w)
	}
	total := 0
	for w := 1; w <= 8; w++ {
		total += <-results
	}
	fmt.Println("8 workers, total", total)
}
