//go:build ignore

// Strings and formatting.
package main

import (
	"fmt"
	"time"
)

func greet(name string) string { return "hello, " + name }

func main() {
	s := greet("gopher")
	fmt.Println(s, len(s), s[0], s[7:], s[:5], s[2:4], s[:], s < "help", s == "hello, gopher", s > "z")
	t := ""
	for i := 0; i < 5; i++ {
		t += string("abcde"[i:i+1]) + "-"
	}
	fmt.Println(t, len(t))
	fmt.Printf("[%5d][%-5d][%05d][%d][%v]\n", 42, 42, -42, -7, 8)
	fmt.Printf("[%8s][%-8s][%q][%v][%t][%5t][%%]\n", "ab", "cd", "q\"x", "v", true, false)
	d := 1500 * time.Microsecond
	fmt.Printf("[%v][%s][%d][%10v][%-10v][%q]\n", d, d, d, d, d, d)
	fmt.Println(d, 2*time.Second+d, time.Duration(0), -d, time.Duration(1), 90*time.Minute)
	fmt.Println(d.Milliseconds(), d.Microseconds(), d.Nanoseconds(), d.String()+"!")
	fmt.Print("a", 1, 2, "b", true, false, "c\n")
	fmt.Print(1, 2, "\n")
	x := fmt.Sprint("x", 3, 4) + fmt.Sprintln("y", 5) + fmt.Sprintf("%03d|%s", 7, "z")
	fmt.Println(x)
	fmt.Println(struct{}{}, nil, 'a', "é")
	var empty string
	fmt.Printf("%q %v|%5s|%-3v|\n", empty, empty, "é", "ab")
	n, w := 3, "w"
	fmt.Printf("%d %s %v %v\n", n, w, n > 2, w+w)
	println("to stderr", 1, true, -5, w)
	print("no", "spaces", 1, 2, "\n")
}
