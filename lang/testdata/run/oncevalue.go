// sync.OnceValue and OnceValues, compiled from Go's source (generic, so
// instantiated per type argument): f runs once whoever calls first, every
// call returns its results, and a panic in f panics again, with the same
// value, on every call.
package main

import (
	"errors"
	"fmt"
	"sync"
)

type config struct {
	name string
	port int
}

func main() {
	n := 0
	get := sync.OnceValue(func() int {
		n++
		fmt.Println("computing")
		return 6 * 7
	})
	fmt.Println(get(), get(), n)

	var wg sync.WaitGroup
	results := make([]int, 4)
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = get()
		}()
	}
	wg.Wait()
	fmt.Println(results, n)

	cfg := sync.OnceValue(func() config { return config{"srv", 8080} })
	c := cfg()
	c.port = 1
	fmt.Println(cfg(), c)

	calls := 0
	load := sync.OnceValues(func() (string, error) {
		calls++
		return "", errors.New("not found")
	})
	for range 3 {
		v, err := load()
		fmt.Printf("%q %v\n", v, err)
	}
	pair := sync.OnceValues(func() ([]int, bool) { calls++; return []int{1, 2}, true })
	s, ok := pair()
	fmt.Println(s, ok, calls)

	bad := sync.OnceValue(func() string {
		calls++
		panic(fmt.Sprint("bad ", calls))
	})
	for i := range 2 {
		func() {
			defer func() { fmt.Println("call", i, "recovered:", recover()) }()
			fmt.Println(bad())
		}()
	}
	badPair := sync.OnceValues(func() (int, error) { panic(errors.New("twice bad")) })
	defer fmt.Println("deferred in main", calls)
	badPair()
}
