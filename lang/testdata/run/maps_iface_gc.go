package main

import "fmt"

type T struct{ n int }

type K struct {
	Name string
	V    any
}

type S struct{ P *T }

func main() {
	// The keys are the only references to these objects: the collector
	// must keep them while the map holds them.
	m := map[any]int{}
	km := map[K]int{}
	sm := map[S]int{}
	for i := 0; i < 200; i++ {
		m[&T{i}] = i
		km[K{"k", &T{i}}] = i
		sm[S{&T{i}}] = i
	}
	sum := 0
	for i := 0; i < 30000; i++ {
		p := &T{i}
		s := make([]int, 2)
		sum += p.n + len(s)
	}
	bad := 0
	for k, v := range m {
		if k.(*T).n != v {
			bad++
		}
	}
	for k, v := range km {
		if k.V.(*T).n != v {
			bad++
		}
	}
	for k, v := range sm {
		if k.P.n != v {
			bad++
		}
	}
	fmt.Println(len(m), len(km), len(sm), bad, sum)
	var x any = map[any]string{2: "b", 1: "a", 3: "c"}
	fmt.Println(x)
	fmt.Printf("%v\n", map[[2]any]int{{1, "x"}: 1, {0, "y"}: 2})
}
