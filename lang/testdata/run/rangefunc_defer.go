package main

// Defers in range-over-func bodies run when the enclosing function returns
// (runtime.deferrangefunc and runtime.deferprocat: vm/defer_rangefunc.go),
// after the iterator's own deferred calls, also while a panic unwinds.

import (
	"errors"
	"fmt"
)

func count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		defer fmt.Println("iterator defer", n)
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func deferred() {
	defer fmt.Println("before loop")
	for x := range count(3) {
		defer fmt.Println("body defer", x)
		fmt.Println("body", x)
	}
	defer fmt.Println("after loop")
	fmt.Println("end of function")
}

func nested() {
	for x := range count(2) {
		for y := range count(2) {
			defer func() { fmt.Println("nested defer", x, y) }()
		}
	}
	fmt.Println("nested end")
}

func doubled() (r int) {
	for x := range count(5) {
		defer func() { r *= 2 }()
		if x == 2 {
			return x + 10
		}
	}
	return -1
}

func recovered() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	for x := range count(3) {
		if x == 1 {
			panic("boom in body")
		}
	}
	return nil
}

func bodyRecovers() (s string) {
	for x := range count(3) {
		defer func() {
			if r := recover(); r != nil {
				s = fmt.Sprint("body defer recovered ", r)
			}
		}()
		if x == 2 {
			panic(errors.New("late"))
		}
	}
	return "no panic"
}

func main() {
	deferred()
	nested()
	fmt.Println(doubled())
	fmt.Println(recovered())
	fmt.Println(bodyRecovers())
}
