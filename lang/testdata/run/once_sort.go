//go:build ignore

// sync.Once (the first Do runs f, from any goroutine) and sort.Ints,
// sort.Strings.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type Config struct {
	once sync.Once
	vals map[string]int
}

func (c *Config) get(k string) int {
	c.once.Do(func() {
		fmt.Println("loading")
		c.vals = map[string]int{"a": 1}
	})
	return c.vals[k]
}

func main() {
	var once sync.Once
	var wg sync.WaitGroup
	calls := 0
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once.Do(func() { calls++ })
		}()
	}
	wg.Wait()
	fmt.Println("calls:", calls)
	c := &Config{}
	fmt.Println(c.get("a"), c.get("b"))

	xs := []int{5, 2, 8, -1, 3}
	sort.Ints(xs)
	names := []string{"carol", "alice", "bob"}
	sort.Strings(names)
	fmt.Println(xs, names)
}
