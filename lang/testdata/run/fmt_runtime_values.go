// fmt.Print and Sprint with f(xs...) (Go's doPrint: a space between
// operands when neither is a string), and the print functions as values.
package main

import (
	"errors"
	"fmt"
	"os"
)

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type Point struct{ X, Y int }

func apply(f func(format string, a ...any) string, format string, a ...any) string {
	return f(format, a...)
}

func main() {
	xs := []any{1, 2, "a", "b", 3, Celsius(4), nil, Point{1, 2}, errors.New("e")}
	fmt.Print(xs...)
	fmt.Print("\n")
	s := fmt.Sprint(xs...)
	fmt.Println(len(s), s)
	fmt.Print()
	fmt.Print([]any{}...)
	fmt.Println(fmt.Sprint([]any{"x", 1, 2, "y"}...))
	fmt.Fprint(os.Stdout, xs[:3]...)
	fmt.Fprint(os.Stdout, "\n")
	fmt.Fprint(os.Stderr, xs[3:6]...)
	fmt.Fprintln(os.Stderr)

	printf := fmt.Printf
	sprintf := fmt.Sprintf
	sprint := fmt.Sprint
	print := fmt.Print
	errorf := fmt.Errorf
	fprint := fmt.Fprint
	fprintf := fmt.Fprintf
	n, err := printf("%v %s %d\n", Point{3, 4}, Celsius(1), 7)
	fmt.Println(n, err)
	fmt.Println(sprintf("%05.1f|%x", 3.14159, "hi"))
	fmt.Println(sprint("a", 1, 2, Celsius(3)))
	n, err = print(1, 2, "\n")
	fmt.Println(n, err)
	base := errors.New("base")
	e := errorf("wrapped: %w", base)
	fmt.Println(e, errors.Is(e, base), errors.Unwrap(e) == base)
	n, err = fprint(os.Stdout, "x", 1, "\n")
	fmt.Println(n, err)
	fprintf(os.Stderr, "to stderr %v\n", Point{5, 6})
	fmt.Println(apply(fmt.Sprintf, "%d-%d", 1, 2))
	fs := []func(a ...any) string{fmt.Sprint, fmt.Sprintln}
	for _, f := range fs {
		fmt.Printf("%q\n", f("p", 1, 2, "q"))
	}
}
