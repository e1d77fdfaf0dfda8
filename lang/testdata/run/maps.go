//go:build ignore

// Maps: nil maps (reads, len, delete), make, literals, index and
// comma-ok, assignment and op-assignment, delete, clear, len, range
// (its order checked only through order-independent results), maps of
// structs and slices, maps in structs, fmt's sorted printing, and the
// SafeCounter of A Tour of Go.
package main

import (
	"fmt"
	"sync"
)

type SafeCounter struct {
	mu sync.Mutex
	v  map[string]int
}

func (c *SafeCounter) Inc(key string) {
	c.mu.Lock()
	c.v[key]++
	c.mu.Unlock()
}

func (c *SafeCounter) Value(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.v[key]
}

type Vertex struct{ Lat, Long int }

func main() {
	var nilm map[string]int
	fmt.Println(nilm, len(nilm), nilm["x"], nilm == nil)
	delete(nilm, "x")

	m := make(map[string]int)
	m["a"] = 1
	m["b"] = 2
	m["a"] += 10
	m["c"]++
	v, ok := m["a"]
	w, ok2 := m["zz"]
	fmt.Println(m, len(m), v, ok, w, ok2)
	delete(m, "b")
	if _, ok := m["b"]; !ok {
		fmt.Println("b gone", len(m))
	}

	ages := map[string]int{"bob": 31, "alice": 29, "carol": 40}
	total := 0
	names := 0
	for name, age := range ages {
		total += age
		names += len(name)
	}
	fmt.Println(total, names)
	for k := range ages {
		if k == "bob" {
			delete(ages, k)
		}
	}
	fmt.Println(ages)

	sq := map[int]int{}
	for i := 0; i < 1000; i++ {
		sq[i] = i * i
	}
	for i := 0; i < 1000; i += 2 {
		delete(sq, i)
	}
	s := 0
	for _, x := range sq {
		s += x
	}
	fmt.Println(len(sq), s, sq[999], sq[998])

	locs := map[string]Vertex{"Bell Labs": {40, -74}, "Google": {37, -122}}
	g := locs["Google"]
	g.Lat = 0
	fmt.Println(locs, g, locs["none"])

	groups := map[bool][]int{}
	for i := 1; i <= 6; i++ {
		groups[i%2 == 0] = append(groups[i%2 == 0], i)
	}
	fmt.Println(groups)
	clear(groups)
	fmt.Println(len(groups), groups)

	c := SafeCounter{v: make(map[string]int)}
	var wg sync.WaitGroup
	for i := 0; i < 1000; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc("somekey")
		}()
	}
	wg.Wait()
	fmt.Println(c.Value("somekey"))
	fmt.Printf("%v %d\n", map[int]string{3: "c", 1: "a", 2: "b"}, len(c.v))
}
