package checker

import (
	"fmt"

	gfreeref "github.com/gmplab/gmplab/exercises/02-gfree/solution"
	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
)

// The signatures of 02-gfree's functions.
type (
	GfputFunc = func(pp *rt.PFree, global *rt.GQueue, gp rt.Guintptr)
	GfgetFunc = func(pp *rt.PFree, global *rt.GQueue) rt.Guintptr
)

// mkFree is a P's free list holding local (head first) and a global list.
func mkFree(local, global []rt.Guintptr) (*rt.PFree, *rt.GQueue) {
	pp := &rt.PFree{NFree: int32(len(local))}
	for i := len(local) - 1; i >= 0; i-- {
		pp.GFree.Push(local[i])
	}
	q := &rt.GQueue{}
	for _, g := range global {
		q.PushBack(g)
	}
	return pp, q
}

func descFree(pp *rt.PFree, q *rt.GQueue) string {
	return fmt.Sprintf("P's free list %s (NFree %d); global %s", short(pp.GFree.Slice()), pp.NFree, short(q.Slice()))
}

// Gfree is exercise 02-gfree: the free lists of dead Gs (gfput, gfget).
func Gfree(put GfputFunc, get GfgetFunc) *Exercise {
	ex := &Exercise{Name: "02-gfree", Funcs: []string{"gfput", "gfget"}}
	var props []test
	puts := []struct {
		name, desc    string
		local, global []rt.Guintptr
	}{
		{"gfput: on the P's list, at its head", "P's list [G1 G2], put G9", gs(1, 2), nil},
		{"gfput: 63 stay on the P", "P's list of 62, put G900", gs(1, 62), nil},
		{"gfput: at 64, 33 go to the global list, 31 stay", "P's list of 63 (G1-G63), put G900", gs(1, 63), gs(500, 501)},
	}
	for _, c := range puts {
		c := c
		props = append(props, prop(c.name, c.desc, func() (string, string) {
			run := func(f GfputFunc) string {
				pp, q := mkFree(c.local, c.global)
				g := rt.Guintptr(9)
				if len(c.local) > 2 {
					g = 900
				}
				f(pp, q, g)
				return descFree(pp, q)
			}
			return run(put), run(gfreeref.Gfput)
		}))
	}
	gets := []struct {
		name, desc    string
		local, global []rt.Guintptr
	}{
		{"gfget: from the P's list's head", "P's list [G1 G2 G3], global [G50]", gs(1, 3), []rt.Guintptr{50}},
		{"gfget: an empty list takes 32 from the global head", "empty P's list, global G100-G199", nil, gs(100, 199)},
		{"gfget: an empty list takes what the global list has", "empty P's list, global [G100 G101 G102]", nil, gs(100, 102)},
		{"gfget: nothing anywhere: 0", "empty lists", nil, nil},
	}
	for _, c := range gets {
		c := c
		props = append(props, prop(c.name, c.desc, func() (string, string) {
			run := func(f GfgetFunc) string {
				pp, q := mkFree(c.local, c.global)
				g := f(pp, q)
				return fmt.Sprintf("%s; %s", gp(g), descFree(pp, q))
			}
			return run(get), run(gfreeref.Gfget)
		}))
	}
	props = append(props, exhaustive("every length of both lists: gfput and gfget", func(check func(string, string, string) bool) {
		for n := 0; n <= 64; n++ {
			for _, m := range []int{0, 1, 2, 31, 32, 33, 100} {
				local, global := gs(1, n), gs(1000, 999+m)
				desc := fmt.Sprintf("P's list of %d, global of %d", n, m)
				if n < 64 {
					run := func(f GfputFunc) string { pp, q := mkFree(local, global); f(pp, q, 777); return descFree(pp, q) }
					if !check(desc+"; gfput G777", run(put), run(gfreeref.Gfput)) {
						return
					}
				}
				run := func(f GfgetFunc) string {
					pp, q := mkFree(local, global)
					g := f(pp, q)
					return gp(g) + "; " + descFree(pp, q)
				}
				if !check(desc+"; gfget", run(get), run(gfreeref.Gfget)) {
					return
				}
			}
		}
	}))
	hooks := &runtime.Hooks{Gfput: put, Gfget: get}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 2, []string{"spawn.go", "yield.go"}, []int{1, 4, 64}, hooks)...)
	return ex
}
