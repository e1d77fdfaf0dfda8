package main

import (
	"errors"
	"fmt"
)

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	q = a / b
	return q, nil
}

func noNamed() int {
	defer func() { recover() }()
	panic("lost")
}

func helper() any { return recover() }

func indirect() (r any) {
	defer func() {
		r = helper() // not called directly by the deferred function: nil
		if r == nil {
			r = recover()
		}
	}()
	panic(errors.New("boom"))
}

func index(xs []int, i int) (v int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(error)
		}
	}()
	return xs[i], nil
}

func main() {
	fmt.Println(safeDiv(7, 2))
	fmt.Println(safeDiv(1, 0))
	fmt.Println(noNamed())
	fmt.Println(indirect())
	fmt.Println(recover())
	_, err := index([]int{1}, 3)
	fmt.Println(err)
	defer fmt.Println("deferred in main runs")
	defer func() {
		r := recover()
		fmt.Println("got", r)
		panic(fmt.Sprintf("again: %v", r))
	}()
	var m map[string]int
	m["x"] = 1
}
