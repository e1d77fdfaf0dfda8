package main

import "runtime"

func main() {
	go func() { println("b") }()
	runtime.Gosched()
	println("a")
}
