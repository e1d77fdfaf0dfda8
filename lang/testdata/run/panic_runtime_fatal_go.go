//go:build ignore

// go of a nil func value is fatal (newproc1), and fatal prints the panic
// being unwound first (printPreFatalDeferPanic).
package main

import "fmt"

func main() {
	defer func() {
		fmt.Println("recovered", recover())
	}()
	defer func() {
		var f func()
		go f()
	}()
	panic("boom")
}
