//go:build ignore

// More generics: cmp.Ordered, cmp.Compare and cmp.Less; a generic binary
// search tree with pointers to generic nodes; a generic cache keyed by a
// comparable type with a mutex, used by goroutines; generic recursion;
// closures capturing variables of a type parameter's type; a generic
// type with an array field; a pointer-receiver method of the type
// argument called through a constraint; and a panic in generic code.
package main

import (
	"cmp"
	"fmt"
	"sync"
)

type Tree[T cmp.Ordered] struct {
	root *node[T]
	size int
}

type node[T cmp.Ordered] struct {
	val         T
	left, right *node[T]
}

func (t *Tree[T]) Insert(v T) {
	p := &t.root
	for *p != nil {
		switch c := cmp.Compare(v, (*p).val); {
		case c < 0:
			p = &(*p).left
		case c > 0:
			p = &(*p).right
		default:
			return
		}
	}
	*p = &node[T]{val: v}
	t.size++
}

func (t *Tree[T]) Walk(f func(T)) { walk(t.root, f) }

func walk[T cmp.Ordered](n *node[T], f func(T)) {
	if n == nil {
		return
	}
	walk(n.left, f)
	f(n.val)
	walk(n.right, f)
}

type Cache[K comparable, V any] struct {
	mu   sync.Mutex
	data map[K]V
	hits int
}

func NewCache[K comparable, V any]() *Cache[K, V] {
	return &Cache[K, V]{data: make(map[K]V)}
}

func (c *Cache[K, V]) GetOr(k K, make func() V) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.data[k]; ok {
		c.hits++
		return v
	}
	v := make()
	c.data[k] = v
	return v
}

func Counter[T any](start T, next func(T) T) func() T {
	cur := start
	return func() T {
		v := cur
		cur = next(cur)
		return v
	}
}

type Ring[T any] struct {
	buf  [4]T
	head int
}

func (r *Ring[T]) Put(v T) {
	r.buf[r.head%len(r.buf)] = v
	r.head++
}

type Resetter interface{ Reset() }

type Meter struct{ n int }

func (m *Meter) Reset() { m.n = 0 }

func ResetAll[T any, PT interface {
	*T
	Resetter
}](xs []T) {
	for i := range xs {
		PT(&xs[i]).Reset()
	}
}

func MustPositive[T ~int](v T) T {
	if v <= 0 {
		panic(fmt.Sprintf("not positive: %d", int(v)))
	}
	return v
}

func main() {
	var t Tree[int]
	for _, v := range []int{5, 3, 8, 1, 4, 8, 9} {
		t.Insert(v)
	}
	t.Walk(func(v int) { fmt.Print(v, " ") })
	fmt.Println(t.size)
	var ts Tree[string]
	for _, w := range []string{"go", "chan", "select", "defer"} {
		ts.Insert(w)
	}
	ts.Walk(func(w string) { fmt.Print(w, " ") })
	fmt.Println(cmp.Compare(2, 1), cmp.Less("a", "b"))

	cache := NewCache[string, int]()
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cache.GetOr([]string{"a", "b"}[i%2], func() int { return len("xyz") })
		}()
	}
	wg.Wait()
	fmt.Println(cache.hits, len(cache.data), cache.data["a"])

	next := Counter(1, func(x int) int { return x * 3 })
	fmt.Println(next(), next(), next())
	letters := Counter("a", func(s string) string { return s + "a" })
	letters()
	fmt.Println(letters())

	var r Ring[string]
	for _, s := range []string{"p", "q", "r", "s", "t"} {
		r.Put(s)
	}
	fmt.Println(r.buf, r.head)

	ms := []Meter{{3}, {4}}
	ResetAll(ms)
	fmt.Println(ms)

	fmt.Println(MustPositive(3))
	fmt.Println(MustPositive(-2))
}
