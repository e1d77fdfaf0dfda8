// fmt.Printf, Sprintf and Fprintf with a format known at run time only
// and operands of every kind (vm/fmt_runtime.go): Go's doPrintf.
package main

import (
	"fmt"
	"os"
	"time"
)

type Celsius float64

func (c Celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type Point struct {
	X, Y int
}

type Temp int

type Pair struct {
	Name string
	T    Celsius
}

type myErr struct{ code int }

func (e *myErr) Error() string { return fmt.Sprint("code ", e.code) }

type Loud struct{}

func (Loud) String() string { panic("too loud") }

func logf(format string, args ...any) {
	fmt.Printf("[log] "+format+"\n", args...)
}

func errf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "[err] "+format+"\n", args...)
}

func sf(format string, args ...any) string {
	return fmt.Sprintf(format, args...)
}

func main() {
	logf("hello")
	logf("%d + %d = %d", 1, 2, 3)
	logf("%s is %v", "water", Celsius(21.5))
	logf("point %v %+v %#v", Point{1, 2}, Point{3, 4}, Point{5, 6})
	logf("ptr %v, slice %v, map %v", &Point{7, 8}, []int{1, 2}, map[string]int{"b": 2, "a": 1})
	logf("%T %T %T %T", 1, "s", Point{}, Celsius(0))
	logf("%8.3f|%-8d|%08d|%+d|%x|%X|%o|%b|%e", 3.14159, 42, 42, 42, 255, 255, 8, 5, 1234.5678)
	logf("%q %v %t", "quote", true, false)
	logf("%*d|%-*d|%.*f", 5, 1, 5, 2, 2, 3.14159)
	logf("%[2]d %[1]d", 1, 2)
	logf("%[3]*.[2]*[1]f", 12.0, 2, 6)
	logf("%d %d %#[1]x %#x", 16, 17)
	logf("err %v", &myErr{7})
	logf("dur %v %d", 1500*time.Millisecond, time.Second)
	logf("nil %v %d", nil, nil)
	logf("stringer in struct %v", Pair{"x", 4})
	logf("%x %X %q", Celsius(1), Temp(10), Celsius(2))
	logf("%v", Loud{})
	logf("%6.2v|%-10s|%10v|", 3.14159, Celsius(5), Point{1, 2})

	// The error forms.
	logf("%d", "x")
	logf("%s", Temp(5))
	logf("%d %d", 1)
	logf("%d", 1, 2, "three", nil)
	logf("%[5]d", 1)
	logf("%[0]d", 1)
	logf("%[x]d", 1)
	logf("%")
	logf("%-")
	logf("%*d", "w", 1)
	logf("%.*d", "p", 1)
	logf("%*d", 10000000, 1)
	logf("%!")
	logf("%z", 3)
	logf("%w", &myErr{1})
	logf("%w", 3)
	logf("%[2]d %d", 1, 2, 3)
	logf("%%d %d%%", 5)
	logf("100%")
	logf("%[2]3d", 1, 2)
	logf("%.[2]d", 1, 2)

	xs := []any{1, "a", Point{1, 1}}
	fmt.Println(sf("%v|%v|%v", xs...))
	fmt.Println(sf("%v", xs))
	errf("warning: %v after %v", &myErr{3}, time.Second)
	n, err := fmt.Printf("%v\n", xs...)
	fmt.Println(n, err)
	f := "%s=%v\n"
	fmt.Printf(f, "p", Point{9, 9})
	s := fmt.Sprintf(f, "c", Celsius(1))
	fmt.Print(s)
}
