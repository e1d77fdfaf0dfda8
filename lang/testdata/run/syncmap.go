// sync.Map: every method, from several goroutines. Range's order differs
// from run to run in Go (it follows the keys' hashes under a random seed),
// so what Range visits is sorted before it is printed.
package main

import (
	"fmt"
	"sort"
	"sync"
)

func main() {
	var m sync.Map
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.Store(fmt.Sprint("k", i%4), i)
			actual, loaded := m.LoadOrStore(i%3, "first")
			_, _ = actual, loaded
		}()
	}
	wg.Wait()
	var keys []string
	m.Range(func(k, v any) bool {
		keys = append(keys, fmt.Sprintf("%v:%T", k, k))
		return true
	})
	sort.Strings(keys)
	fmt.Println(keys)

	v, ok := m.Load(1)
	fmt.Println(v, ok)
	v, ok = m.Load("missing")
	fmt.Println(v, ok)
	prev, loaded := m.Swap(1, "second")
	fmt.Println(prev, loaded)
	prev, loaded = m.Swap(99, "new")
	fmt.Println(prev, loaded)
	fmt.Println(m.CompareAndSwap(1, "first", "third"), m.CompareAndSwap(1, "second", "third"))
	v, _ = m.Load(1)
	fmt.Println(v)
	fmt.Println(m.CompareAndDelete(99, "old"), m.CompareAndDelete(99, "new"))
	v, loaded = m.LoadAndDelete(2)
	fmt.Println(v, loaded)
	v, loaded = m.LoadAndDelete(2)
	fmt.Println(v, loaded)
	m.Delete(0)
	n := 0
	m.Range(func(k, v any) bool {
		n++
		return n < 2
	})
	fmt.Println("stopped after", n)
	m.Clear()
	count := 0
	m.Range(func(k, v any) bool { count++; return true })
	fmt.Println("after Clear", count)

	type point struct{ x, y int }
	m.Store(point{1, 2}, "p")
	v, ok = m.Load(point{1, 2})
	fmt.Println(v, ok)
}
