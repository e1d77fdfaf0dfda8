package main

// Misbehaving iterators: the runtime's runtime.panicrangestate errors
// (rangeDoneError, rangeExhaustedError, rangeMissingPanicError,
// rangePanicError in runtime/panic.go), recovered and not.

import "fmt"

var saved func(int) bool

// keeps calls yield after it returned false
func keeps(yield func(int) bool) {
	yield(1)
	yield(2)
}

// retains keeps yield and calls it after the loop
func retains(yield func(int) bool) {
	saved = yield
	yield(1)
}

// swallows recovers from the body's panic and goes on
func swallows(yield func(int) bool) {
	defer func() { recover() }()
	yield(1)
}

// swallowsAndCalls calls yield again after a body panic
func swallowsAndCalls(yield func(int) bool) {
	func() {
		defer func() { fmt.Println("iterator recovered:", recover()) }()
		yield(1)
	}()
	yield(2)
}

func try(name string, f func()) {
	defer func() {
		r := recover()
		if e, ok := r.(error); ok {
			fmt.Printf("%s: %v (%T is error)\n", name, e, r)
			return
		}
		fmt.Println(name+":", r)
	}()
	f()
}

func main() {
	try("break then call", func() {
		for x := range keeps {
			fmt.Println("got", x)
			break
		}
	})
	try("after exit", func() {
		for x := range retains {
			fmt.Println("got", x)
		}
		saved(5)
	})
	try("swallowed", func() {
		for x := range swallows {
			fmt.Println("got", x)
			panic("body panic")
		}
		fmt.Println("not reached")
	})
	try("continued after panic", func() {
		for x := range swallowsAndCalls {
			fmt.Println("got", x)
			panic("body panic 2")
		}
	})
	for x := range keeps {
		fmt.Println("final", x)
		break
	}
}
