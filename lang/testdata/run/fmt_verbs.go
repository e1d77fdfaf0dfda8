package main

import (
	"errors"
	"fmt"
)

type Level int

type Name string

func main() {
	n, i8, u, s, ok := 42, int8(-5), uint(7), "gopher", true
	fmt.Printf("|%d|%5d|%-5d|%05d|%+d|% d|%x|%X|%#x|%o|%#o|%O|%b|%c|%q|%U|%#U|\n", n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n)
	fmt.Printf("|%d|%x|%b|%v|%08b|%3d|%-4d|%+d|\n", i8, i8, i8, i8, uint8(i8), u, u, u)
	fmt.Printf("|%s|%10s|%-10s|%.3s|%q|%x|%X|% x|%#q|%+q|\n", s, s, s, s, s, s, s, s, "`x`", "héllo")
	fmt.Printf("|%t|%6t|%-6t|%v|%d|\n", ok, ok, !ok, ok, ok)
	fmt.Printf("|%v|%d|%s|%T|%T|%T|\n", Level(3), Level(3), Name("n"), Level(3), 'x', u)
	fmt.Printf("|%*d|%-*d|%.*s|%[2]d %[1]d|%[1]*[2]d|%d %d %[1]d %d|\n", 6, 7, 4, 8, 2, "abcdef", 3, 9)
	fmt.Printf("%d %s\n", "str", 5)
	fmt.Printf("%d\n")
	fmt.Printf("%d %d\n", 1, 2, 3, "x")
	fmt.Printf("%!\n", 1)
	fmt.Printf("%-+08.3f|%+.2e|%g|%G|%.3g|%10.4v|\n", 3.14159, 123456.789, 1e-7, 1e21, 2.0/3, 1.0/3)
	format := "%s has %d items costing %.2f\n"
	fmt.Printf(format, "cart", 3, 9.5)
	fmt.Print(fmt.Sprintf(format+"%v", "x", 1, 2.0, true), "\n")
	err := fmt.Errorf("value %.1f out of range [%d, %d]", 7.25, 0, 5)
	fmt.Println(err)
	fmt.Println(errors.New(fmt.Sprintf("%05.1f%%", 12.345)))
	w := fmt.Sprint(3.5, 4, "a", "b", 5.0, true)
	fmt.Println(w, len(w))
	fmt.Println(fmt.Sprintln(1.5, "x", 2) + "|")
	fmt.Printf("%v %.1f %x\n", []float64{1, 2.5}, []float64{1, 2.25}, []string{"hi", "yo"})
	fmt.Printf("%q %v %d\n", []string{"a b", "c"}, []int8{-1, 2}, []uint{3})
	type pt struct{ X, Y int }
	fmt.Printf("%T|%T|%T|%-12T|%T|%T\n", []byte("x"), map[string]rune{}, &pt{1, 2}, 2.5, pt{}, []Level{})
}
