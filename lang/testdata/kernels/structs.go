// structs: methods with value and pointer receivers on small structs, some
// inlined by the compiler and one not.
// Usage: structs [n] (default 80,000,000 steps).
package main

import (
	"fmt"
	"os"
	"strconv"
)

type vec struct{ x, y int }

func (v vec) add(w vec) vec { return vec{v.x + w.x, v.y + w.y} }

func (v vec) dot(w vec) int { return v.x*w.x + v.y*w.y }

type body struct {
	pos, vel vec
	mass     int
}

func (b *body) step() {
	b.pos = b.pos.add(b.vel)
	if b.pos.x > 1000 || b.pos.x < -1000 {
		b.vel.x = -b.vel.x
	}
	if b.pos.y > 1000 || b.pos.y < -1000 {
		b.vel.y = -b.vel.y
	}
}

//go:noinline
func (b body) energy() int { return b.mass * b.vel.dot(b.vel) }

func main() {
	n := 80_000_000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	bs := []body{{vec{0, 0}, vec{3, 5}, 2}, {vec{10, -10}, vec{-7, 2}, 3}, {vec{5, 5}, vec{1, -4}, 1}}
	e := 0
	for i := 0; i < n; i++ {
		b := &bs[i%3]
		b.step()
		if i&15 == 0 {
			e += b.energy()
		}
	}
	fmt.Println(bs[0].pos, bs[1].pos, bs[2].pos, e)
}
