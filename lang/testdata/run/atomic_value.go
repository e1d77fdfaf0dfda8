package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Config struct {
	Name string
	N    int
}

type node struct {
	v    int
	next *node
}

func try(what string, f func()) {
	defer func() {
		r := recover()
		fmt.Printf("%s: %v (%T)\n", what, r, r)
	}()
	f()
}

func main() {
	var v atomic.Value
	fmt.Println(v.Load() == nil)
	v.Store(Config{"a", 1})
	c := v.Load().(Config)
	fmt.Println(c.Name, c.N)
	old := v.Swap(Config{"b", 2})
	fmt.Println(old, v.Load())
	fmt.Println(v.CompareAndSwap(Config{"x", 0}, Config{"c", 3}), v.Load())
	fmt.Println(v.CompareAndSwap(Config{"b", 2}, Config{"c", 3}), v.Load())

	var w atomic.Value
	fmt.Println(w.CompareAndSwap(1, 2), w.Load())
	fmt.Println(w.CompareAndSwap(nil, 2), w.Load())
	fmt.Println(w.Swap(5), w.Load())

	try("store nil", func() { v.Store(nil) })
	try("store other type", func() { v.Store("s") })
	try("swap nil", func() { v.Swap(nil) })
	try("swap other type", func() { v.Swap(1) })
	try("cas nil", func() { v.CompareAndSwap(nil, nil) })
	try("cas mixed", func() { v.CompareAndSwap(1, "s") })
	try("cas other type", func() { v.CompareAndSwap(1, 2) })
	var s atomic.Value
	s.Store([]int{1})
	try("cas uncomparable", func() { s.CompareAndSwap([]int{1}, []int{2}) })
	var np *atomic.Value
	try("nil Value", func() { np.Load() })

	// A config swapped while readers load it.
	var cfg atomic.Value
	cfg.Store(&Config{"v0", 0})
	var wg sync.WaitGroup
	for i := 1; i <= 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				cur := cfg.Load().(*Config)
				if cfg.CompareAndSwap(cur, &Config{fmt.Sprint("v", cur.N+1), cur.N + 1}) {
					return
				}
			}
		}()
	}
	wg.Wait()
	fmt.Println(cfg.Load().(*Config).N)

	// atomic.Pointer[T].
	var p atomic.Pointer[node]
	fmt.Println(p.Load() == nil)
	n1 := &node{v: 1}
	p.Store(n1)
	fmt.Println(p.Load().v)
	n2 := &node{v: 2, next: n1}
	fmt.Println(p.CompareAndSwap(n2, n1), p.CompareAndSwap(n1, n2), p.Load().v, p.Load().next.v)
	fmt.Println(p.Swap(nil).v, p.Load() == nil)

	// A lock-free stack pushed to by several goroutines.
	var top atomic.Pointer[node]
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 5; j++ {
				n := &node{v: 1}
				for {
					n.next = top.Load()
					if top.CompareAndSwap(n.next, n) {
						break
					}
				}
			}
		}()
	}
	wg.Wait()
	sum := 0
	for n := top.Load(); n != nil; n = n.next {
		sum += n.v
	}
	fmt.Println(sum)
	var ip atomic.Pointer[int]
	x := 7
	ip.Store(&x)
	*ip.Load() += 1
	fmt.Println(x, *ip.Load())
	type holder struct {
		p atomic.Pointer[string]
		v atomic.Value
	}
	h := &holder{}
	str := "hi"
	h.p.Store(&str)
	h.v.Store(42)
	fmt.Println(*h.p.Load(), h.v.Load())
}
