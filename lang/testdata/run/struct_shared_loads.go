// Struct loads the code generator does not copy (a copy nobody can see:
// lang/ssagen/share.go) and call results it frees at their store
// (OpObjMove), beside the loads and results it must keep copies of.
package main

import "fmt"

type vec struct{ x, y int }

func (v vec) add(w vec) vec { return vec{v.x + w.x, v.y + w.y} }

func (v vec) sum() int { return v.x + v.y }

// keep returns its parameter: not an object made for the result.
func (v vec) keep() vec { return v }

// twice changes its parameter, its own copy.
func twice(v vec) vec {
	v.x *= 2
	return v
}

// bump writes through p.
func bump(p *vec) int {
	p.x += 100
	return p.x
}

// sumAfter reads v after writing through p, which may be where v came from.
func sumAfter(v vec, p *vec) int {
	p.y = -1
	return v.sum()
}

type body struct{ pos, vel vec }

func main() {
	b := &body{vec{1, 2}, vec{3, 4}}

	// Read by a function that only reads its parameters: no copy.
	b.pos = b.pos.add(b.vel)
	fmt.Println(b.pos, b.pos.sum())

	// The source is written while the loaded value is still used.
	v := b.pos
	b.pos.x = 50
	fmt.Println(v, b.pos)

	// A callee that writes the source through a pointer.
	fmt.Println(sumAfter(b.vel, &b.vel), b.vel)
	w := b.vel
	fmt.Println(bump(&b.vel), w.sum(), b.vel)

	// A result that is the callee's parameter, not an object of its own.
	c := b.vel
	b.pos = c.keep()
	b.pos.y = 7
	fmt.Println(c, b.pos, b.vel)

	// A callee that changes its own copy.
	b.pos = twice(b.vel)
	fmt.Println(b.pos, b.vel)

	// In a loop, each result freed at its store; pointers to the fields
	// still see the variables.
	p, q := &b.pos, &b.vel
	for i := 0; i < 5; i++ {
		b.pos = b.pos.add(b.vel)
	}
	fmt.Println(*p, *q, p == &b.pos)

	// Elements of a slice.
	arr := []vec{{1, 1}, {2, 2}}
	arr[0] = arr[0].add(arr[1])
	pp := &arr[1]
	u := arr[1]
	pp.x = 99
	fmt.Println(arr, u.add(u))

	// A nil pointer's field: the panic is the field address's, as before.
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var nb *body
		nb.pos = nb.pos.add(nb.vel)
	}()
}
