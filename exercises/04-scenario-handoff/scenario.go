//go:build ignore

// NOT STARTED: delete this line when you begin.
//
// Exercise 04-scenario-handoff: write a program that, run with
// `gmplab run exercises/04-scenario-handoff/scenario.go --gomaxprocs 2`,
// makes sysmon take a P from a goroutine in a system call, and hand it off,
// exactly twice (two retake events). It must end normally.
package main

func main() {
}
