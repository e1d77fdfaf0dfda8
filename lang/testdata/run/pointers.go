//go:build ignore

// Pointers to anything: &x of locals, globals, fields and slice elements,
// new, *p reads and writes (op= and ++ too), pointers to pointers,
// swapping through pointers, pointer receivers on non-struct types (a
// stack on a named slice), pointers as map keys, a pointer into a slice's
// old array after append moved it, per-iteration loop variables, and
// goroutines adding through a shared pointer under a mutex.
package main

import (
	"fmt"
	"sync"
)

type Counter int

func (c *Counter) Inc()        { *c++ }
func (c Counter) Get() Counter { return c }

type Stack []int

func (s *Stack) Push(v int) { *s = append(*s, v) }

func (s *Stack) Pop() int {
	old := *s
	n := len(old)
	x := old[n-1]
	*s = old[:n-1]
	return x
}

type Point struct {
	X, Y int
	tag  string
}

var total int
var global Stack

func set(p *int, v int) { *p = v }

func swap(a, b *string) { *a, *b = *b, *a }

func newInt(v int) *int {
	x := v
	return &x
}

func main() {
	x := 1
	p := &x
	*p = 2
	fmt.Println(x, *p, p == nil, p == &x)
	set(&x, 5)
	*p += 10
	*p++
	fmt.Println(x)

	q := new(int)
	*q = 3
	pp := &p
	**pp = 7
	*pp = q
	**pp = 8
	fmt.Println(x, *q, *p)

	a, b := newInt(1), newInt(1)
	fmt.Println(*a == *b, a == b)

	pt := Point{X: 1, Y: 2, tag: "p"}
	px, ptag := &pt.X, &pt.tag
	*px = 10
	*ptag += "!"
	fmt.Println(pt)
	pts := []Point{{1, 1, "a"}, {2, 2, "b"}}
	py := &pts[1].Y
	*py = 20
	fmt.Println(pts)

	s := make([]int, 1)
	e := &s[0]
	s = append(s, 2)
	*e = 9
	fmt.Println(s, *e)

	u, v := "u", "v"
	swap(&u, &v)
	fmt.Println(u, v)

	var c Counter
	c.Inc()
	c.Inc()
	pc := &c
	pc.Inc()
	fmt.Println(c, pc.Get())

	var st Stack
	for i := range 4 {
		st.Push(i * i)
	}
	fmt.Println(st.Pop(), st.Pop(), st, len(st))
	global.Push(1)
	global.Push(2)
	fmt.Println(global)

	keys := map[*int]string{a: "a", b: "b"}
	fmt.Println(keys[a], keys[b], len(keys))

	var ptrs []*int
	for i := range 3 {
		ptrs = append(ptrs, &i)
	}
	for _, p := range ptrs {
		fmt.Print(*p, " ")
	}
	fmt.Println()

	var mu sync.Mutex
	var wg sync.WaitGroup
	sum := &total
	for i := 1; i <= 10; i++ {
		wg.Add(1)
		go func(n int) {
			defer wg.Done()
			mu.Lock()
			*sum += n
			mu.Unlock()
		}(i)
	}
	wg.Wait()
	fmt.Println(total)

	var np *int
	fmt.Println(np == nil)
	defer fmt.Println("deferred")
	*np = 1
}
