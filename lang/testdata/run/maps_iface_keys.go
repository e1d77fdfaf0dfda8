package main

import (
	"errors"
	"fmt"
	"sort"
)

type P struct{ X, Y int }

type K struct {
	Name string
	V    any
}

type Color int

func (c Color) String() string { return [...]string{"red", "green", "blue"}[c] }

func try(what string, f func()) {
	defer func() { fmt.Println(what+":", recover()) }()
	f()
}

func main() {
	// Keys compare by dynamic type and value.
	m := map[any]int{}
	m[1] = 1
	m["a"] = 2
	m[int8(1)] = 3
	m[P{1, 2}] = 4
	m[nil] = 5
	m[1] += 10
	m[P{1, 2}]++
	var x any = 1
	fmt.Println(m[x], m[int64(1)], m[int8(1)], m[P{1, 2}], len(m))
	_, ok := m[P{2, 1}]
	fmt.Println(ok)
	delete(m, "a")
	delete(m, "absent")
	fmt.Println(len(m), m[nil])

	// One dynamic type: fmt sorts the keys as their values.
	ints := map[any]string{3: "c", 1: "a", 2: "b", -7: "z"}
	fmt.Println(ints)
	strs := map[any]bool{"pear": true, "apple": false, "fig": true}
	fmt.Println(strs)
	fmt.Printf("%v %d\n", map[any]float64{2.5: 1, -1.5: 2}, len(ints))

	// Range gives the keys back as interface values.
	var keys []int
	sum := 0
	for k, v := range ints {
		keys = append(keys, k.(int))
		sum += len(v)
	}
	sort.Ints(keys)
	fmt.Println(keys, sum)

	// errors.New values are equal only to themselves.
	e1 := errors.New("x")
	e2 := errors.New("x")
	em := map[error]bool{e1: true}
	fmt.Println(em[e1], em[e2], len(em))
	em[e2] = false
	fmt.Println(len(em))

	// A named interface type as the key type.
	sm := map[fmt.Stringer]int{Color(0): 1, Color(2): 3}
	sm[Color(0)] += 5
	fmt.Println(sm[Color(0)], sm[Color(1)], sm)

	// Pointers and channels compare by identity.
	p1, p2 := &P{1, 1}, &P{1, 1}
	ch := make(chan int)
	pm := map[any]string{p1: "p1", ch: "ch"}
	fmt.Println(pm[p1], pm[p2] == "", pm[ch])

	// Structs and arrays with interfaces inside.
	km := map[K]int{{"a", 1}: 1, {"a", "1"}: 2}
	km[K{"a", 1}]++
	fmt.Println(km[K{"a", 1}], km[K{"a", "1"}], km[K{"a", nil}], len(km))
	for k := range km {
		k.Name = "changed"
	}
	fmt.Println(km[K{"a", 1}])
	am := map[[2]any]int{{1, "x"}: 1}
	fmt.Println(am[[2]any{1, "x"}], am[[2]any{"x", 1}], am)
	nested := map[any]int{K{"n", P{1, 2}}: 7}
	fmt.Println(nested[K{"n", P{1, 2}}], nested[K{"n", P{2, 1}}])

	// -0 and +0 are one key; an assignment stores the new key.
	f := map[any]int{0.0: 1}
	negz := 0.0
	negz = -negz
	f[negz] = 2
	fmt.Println(f, len(f))

	// Keys whose dynamic type is not comparable panic, as Go words it.
	try("index of an empty map", func() { _ = map[any]int{}[[]int{1}] })
	try("delete from a nil map", func() {
		var nm map[any]int
		delete(nm, map[string]int{})
	})
	try("index", func() { _ = m[[]int{1}] })
	try("comma-ok", func() { _, ok := m[func() {}]; fmt.Println(ok) })
	try("assignment to an empty map", func() { map[any]int{}[[]string{}] = 1 })
	try("literal", func() { _ = map[any]int{1: 1, []int{}: 2} })
	try("inside a struct", func() { km[K{"s", []int{}}] = 1 })
	try("inside a struct in an interface", func() { m[K{"s", []byte("x")}] = 1 })
	fmt.Println(len(m), len(km))
}
