package gfree

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 02-gfree: write the functions below, then run
// `gmplab check 02-gfree` (or `go test ./exercises/02-gfree`). Delete each
// rt.TODO line as you start on its function.

// gfput puts the dead G gp on pp's free list (a LIFO: Push and Pop at its
// head; NFree is its length). When the list reaches 64 Gs, Gs move from
// its head to the global free list's tail until 31 are left
// (proc.go: gfput).
func gfput(pp *rt.PFree, global *rt.GQueue, gp rt.Guintptr) {
	rt.TODO("gfput")
}

// gfget takes a dead G from pp's free list for newproc to reuse; an empty
// list is first refilled with up to 32 Gs from the global free list's
// head. It returns 0 when there is none anywhere (proc.go: gfget).
func gfget(pp *rt.PFree, global *rt.GQueue) rt.Guintptr {
	rt.TODO("gfget")
	return 0
}
