//go:build ignore

// goto and labelled statements: forward and backward jumps, a loop made
// of gotos whose head follows an unconditional jump, leaving nested loops,
// labelled break and continue, a goto inside a closure, and a variable
// declared again on each backward jump (a new variable each time, as the
// closures that capture it show).
package main

import "fmt"

func collatz(n int) int {
	steps := 0
loop:
	if n == 1 {
		goto done
	}
	if n%2 == 0 {
		n /= 2
	} else {
		n = 3*n + 1
	}
	steps++
	goto loop
done:
	return steps
}

func find(grid [][]int, want int) (int, int) {
	for i, row := range grid {
		for j, v := range row {
			if v == want {
				fmt.Println("found", want)
				goto found
			}
			_ = j
		}
		_ = i
	}
	return -1, -1
found:
	return 1, 1
}

func skipAhead() {
	i := 0
	goto start
body:
	fmt.Println("body", i)
	i++
start:
	if i < 3 {
		goto body
	}
	fmt.Println("end", i)
}

func labelled() {
outer:
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			switch {
			case j == 2:
				continue outer
			case i == 3:
				break outer
			}
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()
}

func captures() {
	var fs []func() int
	n := 0
again:
	x := n * 10
	fs = append(fs, func() int { return x })
	n++
	if n < 3 {
		goto again
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}

func main() {
	fmt.Println(collatz(27))
	fmt.Println(find([][]int{{1, 2}, {3, 4}}, 3))
	fmt.Println(find([][]int{{1, 2}}, 9))
	skipAhead()
	labelled()
	captures()
	f := func(k int) (r int) {
	top:
		if k > 0 {
			r += k
			k--
			goto top
		}
		return
	}
	fmt.Println(f(4))
}
