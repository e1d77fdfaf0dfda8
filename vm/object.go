package vm

import "slices"

// Objects: the storage of structs.
//
// A struct value lives in an object, a slice of slots (one per field, in
// declaration order), named by objTag | index into Machine.objs. A
// variable, a field or a parameter of struct type holds the id of its own
// object, which never changes while it lives: assigning to it copies the
// contents in (OpObjAssign), so that a pointer to it (which is the same
// id) sees the change; reading it as a value copies the object
// (OpObjCopy), which is what makes structs values (where nothing can
// write the object while the value is used, the code generator reads
// the object itself: lang/ssagen/share.go). A pointer to a struct
// is the id of its object (0 is nil). A field of struct type is a nested
// object, copied and compared with its parent (Program.Layouts).
//
// Objects are freed by the collector like closures and boxes (mgc.go),
// or at once where a temporary's contents are moved into a variable
// (OpObjMove: moveObj); a snapshot copies the slots of the live ones.
//
// The model simplifies: a struct holding a sync.Mutex or sync.WaitGroup
// holds the scheduler object's id, so a copy of such a struct shares the
// lock, where Go copies its state (go vet reports such copies).

// newObj allocates an object of n zeroed slots.
func (mc *Machine) newObj(n int) int64 {
	id, o, fresh := mc.allocObj(n)
	if !fresh {
		for i := range o {
			o[i] = Value{} // a loop: clear's call costs more for a few slots
		}
	}
	return id
}

// allocObj allocates an object of n slots whose contents are left as they
// were (zero when fresh: a new host slice): the caller sets every slot
// (copyObj) or clears them (newObj). Its host slice is, first, the
// one its id had when it was freed (Collect leaves a small object's slots
// in place, also past the end of objs once it shrank, so that a program
// that copies small structs in a loop touches the same memory again and
// moves no slice around), then a spare one of the size, then a new one.
func (mc *Machine) allocObj(n int) (int64, []Value, bool) {
	mc.gc.alloc++
	var id int
	if k := len(mc.gc.freeObj); k > 0 {
		id = int(mc.gc.freeObj[k-1])
		mc.gc.freeObj = mc.gc.freeObj[:k-1]
	} else {
		id = len(mc.objs)
		if id < cap(mc.objs) {
			mc.objs = mc.objs[:id+1]
		} else {
			mc.objs = append(mc.objs, nil)
		}
	}
	o := mc.objs[id]
	if cap(o) >= n && cap(o) <= spareSlots {
		if len(o) != n {
			o = o[:n]
			mc.objs[id] = o
		}
		return objTag | int64(id), o, false
	}
	fresh := false
	if n <= spareSlots && len(mc.gc.spare[n]) > 0 {
		// A slice a collection freed (mgc.go: spare).
		k := len(mc.gc.spare[n]) - 1
		o = mc.gc.spare[n][k]
		mc.gc.spare[n][k] = nil
		mc.gc.spare[n] = mc.gc.spare[n][:k]
	} else {
		o, fresh = make([]Value, n), true
	}
	if old := mc.objs[id]; old != nil && cap(old) <= spareSlots && len(mc.gc.spare[cap(old)]) < spareMax {
		mc.gc.spare[cap(old)] = append(mc.gc.spare[cap(old)], old[:cap(old)]) // too small here: kept for its size
	}
	mc.objs[id] = o
	return objTag | int64(id), o, fresh
}

// copyObj returns a new object with o's contents, its nested structs
// copied too (layout li).
func (mc *Machine) copyObj(o int64, li int32) int64 {
	src := mc.objs[o&refMask]
	id, dst, _ := mc.allocObj(len(src))
	nested := mc.prog.Layouts[li].Nested
	for i := range dst {
		if i < len(nested) && nested[i] >= 0 {
			dst[i] = Value{I: mc.copyObj(src[i].I, nested[i])}
		} else {
			dst[i] = src[i]
		}
	}
	return id
}

// assignObj copies s's contents into d (layout li), nested structs in place.
func (mc *Machine) assignObj(d, s int64, li int32) {
	if d == s {
		return
	}
	dst, src := mc.objs[d&refMask], mc.objs[s&refMask]
	for i, nl := range mc.prog.Layouts[li].Nested {
		if nl >= 0 {
			mc.assignObj(dst[i].I, src[i].I, nl)
		} else {
			dst[i] = src[i]
		}
	}
}

// moveObj copies the slots of s, a temporary no other value holds (a
// call's result object, made for the store it is used in: OpObjMove),
// into d, and frees s at once: its id goes back on the free list with
// its slots (as Collect leaves a freed small object's), for the next
// allocation to reuse, so that a loop storing a call's struct result
// reuses one object instead of leaving one for the collector each
// iteration. The layout has no nested struct, so s owns no other object.
func (mc *Machine) moveObj(d, s int64) {
	copy(mc.objs[d&refMask], mc.objs[s&refMask])
	mc.gc.freeObj = append(mc.gc.freeObj, int32(s&refMask))
	mc.gc.alloc-- // not garbage for the next collection to find
}

// eqObj compares two structs field by field (layout li); an interface
// field (LayoutIface) compares as interface values do, and msg is Go's
// panic for an uncomparable dynamic type.
func (mc *Machine) eqObj(a, b int64, li int32) (eq bool, msg string) {
	x, y := mc.objs[a&refMask], mc.objs[b&refMask]
	for i, nl := range mc.prog.Layouts[li].Nested {
		switch {
		case nl >= 0:
			if eq, msg := mc.eqObj(x[i].I, y[i].I, nl); !eq || msg != "" {
				return eq, msg
			}
		case nl == LayoutIface:
			if eq, msg := mc.ifaceEq(x[i].I, y[i].I); !eq || msg != "" {
				return eq, msg
			}
		case nl == LayoutFloat:
			if F64(x[i]) != F64(y[i]) {
				return false, ""
			}
		case x[i] != y[i]:
			return false, ""
		}
	}
	return true, ""
}

// cloneObjs copies every live object's slots (a snapshot); a freed id
// (free) is nil in the copy, as the slots Collect left there are garbage.
func cloneObjs(objs [][]Value, free []int32) [][]Value {
	c := slices.Clone(objs)
	for _, id := range free {
		c[id] = nil
	}
	for i := range c {
		c[i] = slices.Clone(c[i])
	}
	return c
}
