package main

import (
	"fmt"
	"os"
)

type point struct {
	x, y int
}

func pick(err bool) *os.File {
	fmt.Println("pick", err)
	if err {
		return os.Stderr
	}
	return os.Stdout
}

func main() {
	fmt.Fprintln(os.Stdout, "to stdout", 1, 2.5)
	fmt.Fprintln(os.Stderr, "to stderr", true)
	fmt.Fprint(os.Stdout, "a", 1, 2, "b\n")
	fmt.Fprintf(os.Stderr, "io: an %s\n", "error")
	n, err := fmt.Fprintf(os.Stdout, "%5d|%-4s|\n", 42, "go")
	fmt.Println(n, err)
	n, _ = fmt.Fprintln(pick(true), "chosen at run time")
	fmt.Println(n)
	fmt.Fprint(pick(false), "also at run time\n")
	w := os.Stderr
	if w == os.Stderr {
		fmt.Fprintln(w, "w is os.Stderr")
	}
	xs := []any{"spread", 3, point{1, 2}}
	fmt.Fprintln(os.Stdout, xs...)
	fmt.Printf("%#v %#v\n", point{3, 4}, []int{5, 6})
	fmt.Printf("%#v|%#v|\n", &point{5, 6}, map[string]int{"a": 1})
	n, err = fmt.Print("print results\n")
	fmt.Println(n, err)
}
