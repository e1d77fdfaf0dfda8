package vm

import (
	"cmp"
	"math"
)

// Map keys that hold interface values: keys of an interface type
// (map[any]int, map[error]bool) and array or struct keys with an
// interface somewhere inside (map[[2]any]int, map[struct{ e error }]T).
//
// The table (hashmap.go) compares keys as whole Values, and two equal
// interface values are two different objects, so such a key is stored
// encoded: Value{I: keeper, S: enc}. enc is the key's identity, equal
// for keys Go finds equal (runtime/alg.go: interhash, efaceeq): a marker
// and the dynamic type's id, then the value (an integer, a float with -0
// made +0, a string, a struct or an array field by field, a pointer or a
// channel as its id, errors.New's value as itself, since only it equals
// itself). keeper is what the program gets back (range, fmt): the
// interface value itself, or a copy of the array or struct, and what keeps
// alive, for the collector, whatever the key points to. Both are plain
// Values in the map's object, so a snapshot copies them as any other slot.
// The nil interface is the key Value{} (no keeper, no enc). Array and
// struct keys with pointers but no interface inside are kept the same way
// (vm/array.go: OpKeyOf), with the plain encoding.
//
// A key whose dynamic type is not comparable panics, as Go's maps do,
// even on an empty or nil map, in two wordings (internal/runtime/maps):
// an index or a delete on an empty map reports mapKeyError's
// "hash of unhashable type: []int"; an assignment, or any use of a map
// with entries, hashes the key (runtime/alg.go: interhash) and reports
// "runtime error: hash of unhashable type []int".

// The encoding keeps fmt's order (internal/fmtsort) within one dynamic
// type: integers and floats numerically, strings bytewise, false before
// true, nil first. Between two dynamic types Go orders by the address of
// their type descriptors, which the linker lays out by size and load
// order; here they follow the order the program's types were numbered in
// (a simplification: docs/assumptions.md).

// encodedKey reports whether map key v is stored encoded.
func encodedKey(v Value) bool { return v.I != 0 && v.S != "" }

// keyEq reports whether two map keys are the same key.
func keyEq(a, b Value) bool {
	if a == b {
		return true
	}
	return encodedKey(a) && encodedKey(b) && a.S == b.S
}

// compareStoredKeys orders two map keys of one map: encoded keys (and the
// nil interface) by their encoding, others as Values.
func compareStoredKeys(a, b Value) int {
	if encodedKey(a) || encodedKey(b) {
		return cmp.Compare(a.S, b.S)
	}
	if c := cmp.Compare(a.I, b.I); c != 0 {
		return c
	}
	return cmp.Compare(a.S, b.S)
}

// mapKeyOf is the map key of v, of an interface type (li < 0) or of an
// array or struct type with an interface inside (layout li), or the name
// of the unhashable dynamic type it holds.
func (mc *Machine) mapKeyOf(v Value, li int32) (k Value, bad string) {
	if li >= 0 {
		b, bad, _ := mc.keyOf(nil, v.I, li)
		return Value{I: mc.copyObj(v.I, li), S: string(b)}, bad
	}
	if v.I&refMask == 0 {
		return Value{}, ""
	}
	b, bad := mc.appendDyn(nil, v.I)
	return Value{I: v.I, S: string(b)}, bad
}

// appendDyn appends the encoding of interface value i, or reports the
// name of its dynamic type if that is not comparable.
func (mc *Machine) appendDyn(b []byte, i int64) (_ []byte, bad string) {
	if i&refMask == 0 {
		return append(b, 0), ""
	}
	ti, v := mc.ifaceParts(i)
	t := &mc.prog.Types[ti]
	b = append(b, 1, byte(ti>>24), byte(ti>>16), byte(ti>>8), byte(ti))
	if !t.Comparable {
		return b, t.Name
	}
	switch {
	case t.ErrorString:
		return appendUint(b, uint64(i)), ""
	case (t.Kind == KindStruct || t.Kind == KindArray) && t.Layout >= 0:
		b, bad, _ := mc.keyOf(b, v.I, t.Layout)
		return b, bad
	case t.Kind == KindString:
		return appendKeyString(b, v.S), ""
	case t.Kind == KindFloat:
		return appendUint(b, floatKeyBits(v.I)), ""
	case t.Kind == KindUint:
		return appendUint(b, uint64(v.I)), ""
	}
	return appendKeyString(appendUint(b, uint64(v.I)^1<<63), v.S), ""
}

// floatKeyBits orders float64 bits f as the floats compare, with -0 as +0.
func floatKeyBits(f int64) uint64 {
	u := math.Float64bits(math.Float64frombits(uint64(f)) + 0)
	if u>>63 != 0 {
		return ^u
	}
	return u | 1<<63
}

func appendUint(b []byte, u uint64) []byte {
	return append(b, byte(u>>56), byte(u>>48), byte(u>>40), byte(u>>32), byte(u>>24), byte(u>>16), byte(u>>8), byte(u))
}

// appendKeyString appends s with its 0 bytes escaped and ended by 0 0, so
// that the encoding orders as the strings do.
func appendKeyString(b []byte, s string) []byte {
	for j := 0; j < len(s); j++ {
		b = append(b, s[j])
		if s[j] == 0 {
			b = append(b, 0xFF)
		}
	}
	return append(b, 0, 0)
}

func init() {
	// The front end's access to the encoding (lang/ssagen: the map
	// instructions). map.key: m v → m k, with B = layout+1 (0: an interface)
	// <<1 | 1 for an assignment (which picks the panic's wording).
	RegisterHost(HostFunc{Name: "map.key", Pop: 2, Push: 2, Fn: func(mc *Machine, b int32, a, r []Value) string {
		k, bad := mc.mapKeyOf(a[1], b>>1-1)
		r[0], r[1] = a[0], k
		switch {
		case bad == "":
			return ""
		case b&1 == 0 && mc.mapLen(a[0].I) == 0:
			return "hash of unhashable type: " + bad
		}
		return "runtime error: hash of unhashable type " + bad
	}})
	RegisterHost(HostFunc{Name: "map.ifaceKeyValue", Pop: 1, Push: 1, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		r[0] = Value{I: a[0].I}
		return ""
	}})
}
