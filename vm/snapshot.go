package vm

import (
	"slices"
	"unsafe"
)

// Snapshots that share what did not change.
//
// A debugger snapshot is a clone that never runs: restoring one clones it
// again (Clone, which shares nothing mutable). So a snapshot may share
// storage with the snapshot taken before it, as long as neither is ever
// written: CloneSharing copies only what differs from that previous
// snapshot, comparing instead of copying. A program with a big heap that
// changes little between snapshots (a 100,000-element slice, a map, a few
// counters) then costs each snapshot its changed objects, not its whole
// heap. The live machine never shares with a snapshot, so no write in the
// interpreter or a library needs a copy-on-write check: the sharing is
// between frozen copies only.
//
// Granularity: an object (a struct, a slice's backing array, a map's
// table) is shared whole when its slots are equal, and one bigger than
// 2*snapPage slots is kept in pages of snapPage (objPages), each shared when
// equal, so that a big slice with one element changed costs a page; Clone
// joins the pages back when a snapshot is restored. The globals, the boxes
// and the closure table each whole when equal (they are flat slices that
// the interpreter indexes directly, so they cannot be split into pages
// without a check on every access); a Thread's frames and values whole when
// equal, and its deep chunks always (they never change).

// snapPage is the slots of a page of a big object in a snapshot.
const snapPage = 1024

// CloneSharing returns a copy of mc, as Clone does, for a snapshot that will
// never run: what equals the same storage in prev (an earlier snapshot,
// itself never run; nil for none) is shared with prev rather than copied.
// It also returns the bytes shared, what a copy would have cost on top.
func (mc *Machine) CloneSharing(prev *Machine) (Machine, int64) {
	if prev == nil {
		prev = &Machine{}
	}
	c := *mc
	var shared int64
	c.globals = shareOrClone(mc.globals, prev.globals, &shared)
	c.boxes = shareOrClone(mc.boxes, prev.boxes, &shared)
	if mc.closures != nil && slices.EqualFunc(mc.closures, prev.closures, sameClosure) {
		c.closures = prev.closures
		shared += int64(len(c.closures)) * int64(unsafe.Sizeof(closure{}))
	} else {
		c.closures = slices.Clone(mc.closures)
	}
	c.objs = make([][]Value, len(mc.objs))
	c.objPages = nil
	live := mc.objs
	if len(mc.gc.freeObj) > 0 {
		// A freed id's slots are garbage (Collect leaves them for
		// allocObj): nil in the snapshot.
		live = slices.Clone(mc.objs)
		for _, id := range mc.gc.freeObj {
			live[id] = nil
		}
	}
	for i, o := range live {
		var po []Value
		var pp [][]Value
		if i < len(prev.objs) {
			po = prev.objs[i]
			if prev.objPages != nil {
				pp = prev.objPages[i]
			}
		}
		if len(o) > 2*snapPage {
			if c.objPages == nil {
				c.objPages = make([][][]Value, len(mc.objs))
			}
			pages := make([][]Value, (len(o)+snapPage-1)/snapPage)
			for p := range pages {
				seg := o[p*snapPage : min(len(o), (p+1)*snapPage)]
				if p < len(pp) && slices.Equal(seg, pp[p]) {
					pages[p] = pp[p]
					shared += int64(len(seg)) * int64(unsafe.Sizeof(Value{}))
				} else {
					pages[p] = slices.Clone(seg)
				}
			}
			c.objPages[i] = pages
			continue
		}
		if o != nil && po != nil && slices.Equal(o, po) {
			c.objs[i] = po
			shared += int64(len(o)) * int64(unsafe.Sizeof(Value{}))
		} else {
			c.objs[i] = slices.Clone(o)
		}
	}
	c.gc.freeObj = slices.Clone(mc.gc.freeObj)
	c.gc.freeClo = slices.Clone(mc.gc.freeClo)
	c.gc.freeBox = slices.Clone(mc.gc.freeBox)
	c.gc.markClo, c.gc.markBox, c.gc.markObj, c.gc.work = nil, nil, nil, nil
	c.sbufs = nil
	c.gc.spare = [spareSlots + 1][][]Value{}
	c.heap.objMeta = shareOrClone(mc.heap.objMeta, prev.heap.objMeta, &shared)
	return c, shared
}

// joinPages puts back, in a clone of a snapshot, the objects the snapshot
// keeps in pages.
func (mc *Machine) joinPages() {
	for i, pages := range mc.objPages {
		if pages != nil {
			mc.objs[i] = slices.Concat(pages...)
		}
	}
	mc.objPages = nil
}

// sameClosure: a closure's boxes never change once made, so two closures
// with the same function and the same boxes slice are the same.
func sameClosure(a, b closure) bool {
	return a.fn == b.fn && len(a.boxes) == len(b.boxes) && (len(a.boxes) == 0 || &a.boxes[0] == &b.boxes[0])
}

// shareOrClone returns prev if it equals s, adding its size to *shared,
// else a copy of s.
func shareOrClone[T comparable](s, prev []T, shared *int64) []T {
	if s != nil && prev != nil && slices.Equal(s, prev) {
		var zero T
		*shared += int64(len(s)) * int64(unsafe.Sizeof(zero))
		return prev
	}
	return slices.Clone(s)
}

// CloneSharing returns a copy of t, as Clone does, for a snapshot that will
// never run, sharing its frames and values with prev's when they are equal
// (see Machine.CloneSharing), and the bytes it shared.
func (t *Thread) CloneSharing(prev *Thread) (Thread, int64) {
	var shared int64
	c := t.cloneRest()
	c.frames = shareOrClone(t.frames, prev.frames, &shared)
	c.vals = shareOrClone(t.vals, prev.vals, &shared)
	c.deep = shareOrClone(t.deep, prev.deep, &shared)
	return c, shared
}
