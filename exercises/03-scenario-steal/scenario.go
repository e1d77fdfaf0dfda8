//go:build ignore

// NOT STARTED: delete this line when you begin.
//
// Exercise 03-scenario-steal: write a program that, run with
// `gmplab run exercises/03-scenario-steal/scenario.go --gomaxprocs 2`,
// makes P1 steal exactly three goroutines in all (count the Gs of every
// runqsteal event on P1). It must end normally.
package main

func main() {
}
