package lang

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gmplab/gmplab/vm"
)

// The heap allocations the gc layer counts (vm/malloc.go) are where the
// front end puts them: runtime.newobject for new(T) and &T{} of a struct or
// an array (OpNewobject with the size and the bytes up to the last pointer, 0 for noscan), runtime.makeslice
// (OpMakeSlice's element size and noscan; go/ssa's constant-length make is
// an array object: the same bytes), and neither a slice literal's
// array, a local struct, nor a handle (a WaitGroup a closure captures is a
// runtime record, not an object of the VM's heap).
func TestHeapSites(t *testing.T) {
	const src = `package main

import (
	"fmt"
	"sync"
)

type node struct {
	next *node
	pad  [7]int
}

type point struct{ x, y int }

func main() {
	var wg sync.WaitGroup
	a := &node{}
	b := new(point)
	c := make([]int, 64)
	d := make([]*node, 8)
	e := []int{1, 2, 3}
	var local point
	local.x = 1
	wg.Add(1)
	go func() { defer wg.Done(); a.next = a }()
	wg.Wait()
	fmt.Println(a.next == a, b.x, len(c), len(d), e[0], local.x)
}
`
	sites := func(p *vm.Program) []string {
		var out []string
		for _, f := range p.Funcs {
			if f.Name != "main.main" {
				continue
			}
			for _, in := range f.Code {
				switch in.Op {
				case vm.OpNewobject:
					out = append(out, fmt.Sprintf("newobject %d B ptrs %d B", in.A, in.B))
				case vm.OpMakeSlice:
					if in.B == 0 {
						continue // a slice literal's array: not counted
					}
					out = append(out, fmt.Sprintf("makeslice elem %d B noscan=%d", in.B>>1, in.B&1))
				}
			}
		}
		slices.Sort(out)
		return out
	}
	ssa, err := CompileSSA("sites.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// go/ssa makes make([]T, n) of a constant n new([n]T)[:n]: the same
	// bytes as one object, 64 ints (512 B, noscan) and 8 pointers (64 B);
	// a node's one pointer is its first word (PtrBytes 8).
	want := []string{"newobject 16 B ptrs 0 B", "newobject 512 B ptrs 0 B", "newobject 64 B ptrs 64 B", "newobject 64 B ptrs 8 B"}
	if got := sites(ssa); !slices.Equal(got, want) {
		t.Errorf("the go/ssa front end's sites: %q, want %q", got, want)
	}
}
