// Package solution is the reference gfput and gfget: the free lists of
// dead Gs that newproc reuses (proc.go: gfput, gfget).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

// Gfput puts a dead G on pp's free list. When the list reaches 64 Gs,
// Gs move from its head to the global list until 31 are left: the P keeps
// enough for a burst of go statements, and other Ps can have the rest.
func Gfput(pp *rt.PFree, global *rt.GQueue, gp rt.Guintptr) {
	pp.GFree.Push(gp)
	pp.NFree++
	if pp.NFree >= 64 {
		// Move half to the global list, leaving 31.
		for pp.NFree >= 32 {
			global.PushBack(pp.GFree.Pop())
			pp.NFree--
		}
	}
}

// Gfget takes a dead G from pp's free list. An empty list is refilled
// first with up to 32 Gs from the global list's head, one batch under one
// lock. It returns 0 when there is none anywhere (newproc then allocates
// a new G, malg).
func Gfget(pp *rt.PFree, global *rt.GQueue) rt.Guintptr {
	if pp.GFree.Empty() && !global.Empty() {
		for pp.NFree < 32 && !global.Empty() {
			pp.GFree.Push(global.Pop())
			pp.NFree++
		}
	}
	gp := pp.GFree.Pop()
	if gp == 0 {
		return 0
	}
	pp.NFree--
	return gp
}
