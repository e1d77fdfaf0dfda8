package vm

import "slices"

// Maps.
//
// A map value is the id of an object (0 is the nil map) holding an open
// addressing hash table in its slots: slot 0 the number of entries, slot
// 1 the slots in use (entries and tombstones), then per bucket three
// slots: the state (0 empty, 1 full, 2 deleted), the key and the value.
// The table doubles in place (the object keeps its id, so every copy of
// the map value sees it) when three quarters of it are in use. Keys are
// Values compared whole: the integer kinds, bool, string, pointers and
// channels; keys holding interface values are encoded (mapkey.go).
//
// Iteration order. Go randomizes it (each range starts at a random place);
// here each range also starts at a random bucket, drawn from the runtime
// source that --seed seeds, so a run is reproducible and a program that
// depends on the order is caught as it would be with Go. range takes the
// keys when it starts and yields each one still present (with its current
// value), so entries deleted during the loop are not produced and entries
// added are not, which the spec allows. fmt prints maps sorted by key, as
// Go's fmt does.

const (
	mapCount = iota
	mapUsed
	mapHeader
)

const (
	bucketEmpty = iota
	bucketFull
	bucketDeleted
)

func hashValue(v Value) uint64 {
	h := uint64(v.I) * 0x9e3779b97f4a7c15
	if encodedKey(v) {
		h = 0 // the encoding alone is the key (mapkey.go)
	}
	if v.S != "" {
		f := uint64(14695981039346656037)
		for i := 0; i < len(v.S); i++ {
			f ^= uint64(v.S[i])
			f *= 1099511628211
		}
		h ^= f
	}
	return h ^ h>>29
}

// makeMap makes a map with room for hint entries.
func (mc *Machine) makeMap(hint int64) int64 {
	n := 8
	for int64(n)*3/4 < hint {
		n *= 2
	}
	id := mc.newObj(mapHeader + 3*n)
	mc.mallocObj(id, mapBytes(n), false)
	return id
}

// mapBytes is what Go's swiss map allocates for a table of n slots
// (runtime/map: the Map header and the array of groups, each a control
// word and eight slots): two words a slot, as for a map[int]int.
// Simplified: the key's and the value's sizes are not known here, and the
// directory of a map over 1024 slots is left out.
func mapBytes(n int) uint64 {
	const mapHeaderBytes, slotBytes, groupSlots = 48, 16, 8
	groups := max(1, n/groupSlots)
	return SizeClass(mapHeaderBytes, false) + SizeClass(uint64(groups)*(8+groupSlots*slotBytes), false)
}

// mapFind is the bucket of key k in table t, or -1, and the first free
// bucket on its probe path.
func mapFind(t []Value, k Value) (at, free int) {
	nb := (len(t) - mapHeader) / 3
	free = -1
	for i, b := int(hashValue(k)&uint64(nb-1)), 0; b < nb; i, b = (i+1)&(nb-1), b+1 {
		s := t[mapHeader+3*i:]
		switch s[0].I {
		case bucketEmpty:
			if free < 0 {
				free = i
			}
			return -1, free
		case bucketDeleted:
			if free < 0 {
				free = i
			}
		case bucketFull:
			if keyEq(s[1], k) {
				return i, free
			}
		}
	}
	return -1, free
}

// mapGet is m[k] and whether it is present.
func (mc *Machine) mapGet(m int64, k Value) (Value, bool) {
	if m&refMask == 0 {
		return Value{}, false
	}
	t := mc.objs[m&refMask]
	at, _ := mapFind(t, k)
	if at < 0 {
		return Value{}, false
	}
	return t[mapHeader+3*at+2], true
}

// mapSet is m[k] = v.
func (mc *Machine) mapSet(m int64, k, v Value) {
	t := mc.objs[m&refMask]
	at, free := mapFind(t, k)
	if at >= 0 {
		// Go stores the new key too (mapassign: NeedKeyUpdate), which
		// shows for an equal key that is not identical (-0 for +0).
		t[mapHeader+3*at+1], t[mapHeader+3*at+2] = k, v
		return
	}
	nb := (len(t) - mapHeader) / 3
	if (t[mapUsed].I+1)*4 > int64(nb)*3 {
		t = mc.mapGrow(m)
		_, free = mapFind(t, k)
	}
	s := t[mapHeader+3*free:]
	if s[0].I == bucketEmpty {
		t[mapUsed].I++
	}
	s[0].I, s[1], s[2] = bucketFull, k, v
	t[mapCount].I++
}

// mapGrow rehashes m into a table twice as big (or as big, if mostly
// tombstones), in place.
func (mc *Machine) mapGrow(m int64) []Value {
	old := mc.objs[m&refMask]
	nb := (len(old) - mapHeader) / 3
	if old[mapCount].I*2 >= int64(nb) {
		nb *= 2
	}
	t := make([]Value, mapHeader+3*nb)
	for i := mapHeader; i < len(old); i += 3 {
		if old[i].I == bucketFull {
			_, free := mapFind(t, old[i+1])
			s := t[mapHeader+3*free:]
			s[0].I, s[1], s[2] = bucketFull, old[i+1], old[i+2]
			t[mapCount].I++
			t[mapUsed].I++
		}
	}
	mc.objs[m&refMask] = t
	mc.mallocObj(m, mapBytes(nb), false) // the new groups; the old ones are garbage
	return t
}

// mapDelete is delete(m, k).
func (mc *Machine) mapDelete(m int64, k Value) {
	if m&refMask == 0 {
		return
	}
	t := mc.objs[m&refMask]
	if at, _ := mapFind(t, k); at >= 0 {
		s := t[mapHeader+3*at:]
		s[0].I, s[1], s[2] = bucketDeleted, Value{}, Value{}
		t[mapCount].I--
	}
}

// mapLen is len(m).
func (mc *Machine) mapLen(m int64) int64 {
	if m&refMask == 0 {
		return 0
	}
	return mc.objs[m&refMask][mapCount].I
}

// mapClear is clear(m).
func (mc *Machine) mapClear(m int64) {
	if m&refMask == 0 {
		return
	}
	t := mc.objs[m&refMask]
	clear(t)
}

// mapKeys returns a new slice of m's keys: sorted (fmt's order) or from a
// random bucket on (range's).
func (mc *Machine) mapKeys(m int64, sorted bool) int64 {
	var keys []Value
	if m&refMask != 0 {
		t := mc.objs[m&refMask]
		nb := (len(t) - mapHeader) / 3
		start := 0
		if !sorted {
			start = int(genUint64(mc.gen(0)) & uint64(nb-1))
		}
		for b := 0; b < nb; b++ {
			i := mapHeader + 3*((start+b)&(nb-1))
			if t[i].I == bucketFull {
				keys = append(keys, t[i+1])
			}
		}
	}
	if sorted {
		slices.SortFunc(keys, compareStoredKeys)
	}
	arr := mc.newObj(len(keys))
	copy(mc.objs[arr&refMask], keys)
	return mc.newSlice(arr, 0, len(keys), len(keys))
}
