//go:build ignore

// Control flow: if, for forms, range over ints, switch, labels.
package main

import "fmt"

func classify(n int) string {
	switch {
	case n < 0:
		return "negative"
	case n == 0:
		return "zero"
	case n%2 == 0:
		return "even"
	default:
		return "odd"
	}
}

func weekday(d int) (s string) {
	switch d {
	case 0, 6:
		s = "weekend"
	case 1:
		s = "monday"
		fallthrough
	case 2, 3:
		s += "+early"
	default:
		s = "late"
	case 7:
		s = "invalid"
	}
	return
}

func main() {
	for i := -1; i <= 3; i++ {
		fmt.Print(classify(i), " ")
	}
	fmt.Println()
	for d := range 8 {
		fmt.Print(weekday(d), " ")
	}
	fmt.Println()

	i := 0
	for i < 3 {
		i++
	}
	for {
		i *= 2
		if i > 20 {
			break
		}
	}
	fmt.Println(i)

outer:
	for a := 0; a < 4; a++ {
		for b := 0; b < 4; b++ {
			if b == 2 {
				continue outer
			}
			if a == 3 {
				break outer
			}
			fmt.Print(a, b, " ")
		}
	}
	fmt.Println()

	total := 0
	for range 3 {
		total++
	}
	var k int
	for k = range 4 {
	}
	fmt.Println(total, k)

	if x := classify(4); x == "even" {
		fmt.Println("4 is even")
	} else if x == "odd" {
		fmt.Println("no")
	} else {
		fmt.Println("no")
	}

	switch s := "go"; s + "pher" {
	case "gopher":
		fmt.Println("gopher!")
	case "x":
	}
loop:
	for j := 0; ; j++ {
		switch {
		case j == 5:
			break loop
		case j%2 == 0:
			continue
		}
		fmt.Print(j)
	}
	fmt.Println()
}
