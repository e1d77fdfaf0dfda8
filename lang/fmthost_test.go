package lang

import (
	"regexp"
	"testing"
)

// %p prints a made-up address (the simulator has no real one): shaped
// like a Go heap address, 0x0 for nil, the same on every run, and never
// the host's (a slice formatted by the host's fmt would print the
// host's).
func TestFmtPointer(t *testing.T) {
	src := `package main

import "fmt"

type T struct{ A int }

func main() {
	p := &T{1}
	var q *T
	s := []int{1}
	m := map[string]int{}
	fmt.Printf("%p %p %v %5.1f|%20p|%-14p|%p\n", p, q, p, 2.5, s, m, []string{})
}
`
	prog, err := Compile("p.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	out := simulate(t, prog, 1)
	want := regexp.MustCompile(`^0xc0000[0-9a-f]{5} 0x0 &\{1\}   2\.5\| {8}0xc0000[0-9a-f]{5}\|0xc0000[0-9a-f]{5}  \|0xc0000[0-9a-f]{5}\n$`)
	if !want.MatchString(out) {
		t.Errorf("got %q, want it to match %s", out, want)
	}
	if again := simulate(t, prog, 2); again != out {
		t.Errorf("a second run printed %q, the first %q", again, out)
	}
}
