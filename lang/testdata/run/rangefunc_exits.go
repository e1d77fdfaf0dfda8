package main

// Exits out of range-over-func bodies through #next (rangefunc/rewrite.go):
// return with and without results, named results, labelled break and
// continue of range-over-func and plain loops and switches, goto.

import "fmt"

func count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		defer fmt.Println("count defer", n)
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func pairsOf(n int) func(func(int, int) bool) {
	return func(yield func(int, int) bool) {
		for i := range n {
			if !yield(i, i*i) {
				return
			}
		}
	}
}

func find(target int) int {
	for x := range count(10) {
		if x == target {
			return x * 100
		}
	}
	return -1
}

func findNamed(target int) (res int, ok bool) {
	for x := range count(10) {
		for y := range count(10) {
			if x*y == target {
				res = x*10 + y
				return res, true
			}
		}
	}
	return
}

func two() (int, string) {
	for i, sq := range pairsOf(5) {
		if sq > 5 {
			return i, fmt.Sprint("square ", sq)
		}
	}
	return 0, ""
}

func bare() (n int) {
	for x := range count(5) {
		n += x
		if x == 2 {
			return
		}
	}
	return 99
}

func labelled() {
outer:
	for x := range count(4) {
		for y := range count(4) {
			if y > x {
				continue outer
			}
			if x == 3 {
				break outer
			}
			fmt.Print(x, y, " ")
		}
	}
	fmt.Println()
plain:
	for i := 0; i < 3; i++ {
		for x := range count(5) {
			if x == 1 {
				continue plain
			}
			if i == 2 {
				break plain
			}
			fmt.Println("plain", i, x)
		}
	}
	sw := 2
	switch sw {
	case 2:
		for x := range count(3) {
			if x == 1 {
				break
			}
			fmt.Println("in switch", x)
		}
		fmt.Println("after loop in switch")
	}
L:
	switch sw {
	case 2:
		for x := range count(3) {
			if x == 1 {
				break L
			}
			fmt.Println("in switch L", x)
		}
		fmt.Println("not printed")
	}
}

func gotos() {
	i := 0
again:
	i++
	for x := range count(3) {
		if x == 1 && i < 3 {
			goto again
		}
		if i == 3 && x == 2 {
			goto out
		}
	}
	fmt.Println("not reached")
out:
	fmt.Println("gotos", i)
}

func closureReturn() int {
	f := func() int {
		for x := range count(5) {
			if x == 3 {
				return x
			}
		}
		return 0
	}
	for y := range count(2) {
		if y == 1 {
			return f() + 1000
		}
	}
	return -1
}

func main() {
	fmt.Println(find(3), find(20))
	fmt.Println(findNamed(12))
	fmt.Println(findNamed(1000))
	fmt.Println(two())
	fmt.Println(bare())
	labelled()
	gotos()
	fmt.Println(closureReturn())
}
