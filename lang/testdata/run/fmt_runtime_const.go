// Constant formats with a directive the compile-time lowering does not
// cover (a verb like %x on a map, * and [n] with a struct operand, a
// precision on an interface value, %+d of a time.Duration): they run on
// the run-time formatter, with Go's output and error forms.
package main

import (
	"errors"
	"fmt"
	"os"
	"time"
)

type P struct {
	X, Y int
}

type Name string

func (n Name) String() string { return "<" + string(n) + ">" }

func main() {
	m := map[string]int{"a": 10, "b": 255}
	var s fmt.Stringer = Name("long name")
	fmt.Printf("%x %X %o\n", m, []int{10, 11}, P{8, 9})
	fmt.Printf("%*v|%-*v|\n", 8, P{1, 2}, 8, P{3, 4})
	fmt.Printf("%[2]v %[1]v %v\n", P{1, 1}, P{2, 2})
	fmt.Printf("%.4v|%8.3s|\n", s, s)
	fmt.Printf("%+d %x %08.2f\n", 3*time.Second, 2*time.Millisecond, P{})
	fmt.Printf("%e %6.2f\n", []float64{1, 2.5}, map[int]float64{1: 3.14159})
	fmt.Printf("% d|%+q|%#x\n", P{-1, 2}, []string{"é"}, P{255, 16})
	fmt.Printf("%p\n", P{})
	str := fmt.Sprintf("%[3]*.[2]*[1]f|%s", 3.14159, 2, 8, P{})
	fmt.Println(str)
	fmt.Fprintf(os.Stderr, "%x\n", m)
	base := errors.New("base")
	err := fmt.Errorf("%[2]s: %[1]w (%x)", base, "op", P{10, 11})
	fmt.Println(err, errors.Is(err, base), errors.Unwrap(err) == base)
	err = fmt.Errorf("%v %.1w", P{1, 2}, base)
	fmt.Println(err, errors.Is(err, base))
}
