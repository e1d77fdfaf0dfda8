package main

// More range-over-func shapes: generic iterators (a type parameter's core
// type too), a body run on another goroutine, package initialisers.

import (
	"fmt"
	"iter"
	"sync"
)

type P struct{ X, Y int }

func pts(yield func(int, P) bool) {
	for i := range 4 {
		if !yield(i, P{i, i * i}) {
			return
		}
	}
}

func floats(yield func(float64, any) bool) {
	_ = yield(1.5, "a") && yield(2.25, 3) && yield(-0.5, nil)
}

func Sum[S ~func(func(int) bool)](seq S) (total int) {
	for v := range seq {
		total += v
	}
	return
}

func First[V any](seq iter.Seq[V]) (V, bool) {
	for v := range seq {
		return v, true
	}
	var zero V
	return zero, false
}

func upto(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 1; i <= n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

type Counter struct{ n int }

func (c *Counter) AddAll(seq iter.Seq[int]) int {
	for v := range seq {
		if v > 4 {
			return c.n
		}
		c.n += v
	}
	return -c.n
}

func biggest() P {
	for _, p := range pts {
		if p.Y > 3 {
			return p
		}
	}
	return P{}
}

// onGoroutine calls yield from another goroutine and waits for it.
func onGoroutine(yield func(int) bool) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range 3 {
			if !yield(i * 7) {
				return
			}
		}
	}()
	wg.Wait()
}

func deep() string {
	out := ""
A:
	for a := range upto(3) {
		for b := range upto(3) {
			for c := range upto(3) {
				if c == 2 {
					continue A
				}
				if a == 3 {
					break A
				}
				out += fmt.Sprint(a, b, c, " ")
			}
		}
	}
	return out
}

var initSum = func() int {
	s := 0
	for v := range upto(4) {
		s += v
	}
	return s
}()

func main() {
	var arr [2]int
	var q P
	for arr[0], q = range pts {
		q.X += 10
	}
	fmt.Println(arr, q)
	for _, p := range pts {
		fmt.Print(p, " ")
	}
	fmt.Println()
	for f, a := range floats {
		fmt.Printf("%v %v %T\n", f, a, a)
	}
	fmt.Println(Sum(upto(4)), Sum(func(yield func(int) bool) { yield(40); yield(2) }))
	fmt.Println(First(upto(3)))
	fmt.Println(First(upto(0)))
	c := &Counter{}
	fmt.Println(c.AddAll(upto(3)), c.AddAll(upto(10)))
	fmt.Println(biggest())
	for v := range onGoroutine {
		fmt.Println("from goroutine", v)
	}
	fmt.Println(deep())
	fmt.Println(initSum)
	done := make(chan bool)
	go func() {
		for v := range upto(3) {
			select {
			case <-done:
				break
			default:
				fmt.Println("goroutine loop", v)
			}
		}
		done <- true
	}()
	<-done
	results := make(chan int, 3)
	var wg sync.WaitGroup
	for v := range upto(3) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results <- v * v
		}()
	}
	wg.Wait()
	close(results)
	total := 0
	for r := range results {
		total += r
	}
	fmt.Println("total", total)
	for i := range upto(5) {
		if i%2 == 0 {
			goto next
		}
		fmt.Println("odd", i)
	next:
	}
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		for v := range upto(3) {
			if v == 2 {
				var m map[string]int
				m["x"] = v
			}
		}
	}()
	for v := range upto(3) {
		if v == 2 {
			panic(fmt.Sprint("body panic ", v))
		}
	}
}
