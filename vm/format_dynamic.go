package vm

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// fmt of an interface value at run time (OpFmtAny): the dynamic type's
// descriptor (TypeInfo) says how to walk the value, as fmt's printValue
// walks it with reflect: structs {a b} (%+v {A:a B:b}, %#v main.T{A:a,
// B:b}), a pointer to a struct &{…} at the top level, slices [a b], maps
// map[k:v] sorted by key (internal/fmtsort), nil values as fmt spells
// them, %T the type's name. A leaf (a number, a string, a bool) is
// formatted by the real fmt with the same verb, flags and width, which is
// how fmt applies them to every leaf of a composite value.
//
// The front end calls an Error or String method of the top-level value
// itself (fmt's handleMethods), as ordinary code, and gives OpFmtAny the
// string (FmtAnyStr). The model simplifies: methods of values nested
// inside a composite are not called (except those the VM knows:
// errors.New's Error, time.Duration's String), and a pointer below the
// top level, a chan and a func print as a made-up address
// (0xc000010000 plus 16 times the object's index), since the simulator has
// no addresses.

// The flag bits of OpFmtAny's B (above the width in the low 16 bits).
const (
	FmtAnyMinus = 1 << (16 + iota)
	FmtAnyZero
	FmtAnyPlus
	FmtAnySharp
	FmtAnySpace
	FmtAnyStr // the operand is a string (a method's result), not an interface value
)

// fmtState is one OpFmtAny: the verb and its flags.
type fmtState struct {
	mc    *Machine
	verb  rune
	flags int32
	width int
}

// fmtAny performs OpFmtAny on v.
func (mc *Machine) fmtAny(v Value, verb rune, b int32) string {
	f := &fmtState{mc: mc, verb: verb, flags: b &^ 0xffff, width: int(b & 0xffff)}
	if verb == 'P' {
		if b&FmtAnyStr != 0 {
			return printindented(v.S)
		}
		return mc.panicText(v.I)
	}
	if b&FmtAnyStr != 0 {
		return f.leaf(v.S)
	}
	return f.iface(v.I, 0)
}

// directive is the verb with the flags and width, for the real fmt.
func (f *fmtState) directive(verb rune) string {
	var b strings.Builder
	b.WriteByte('%')
	for _, x := range []struct {
		bit int32
		c   byte
	}{{FmtAnyMinus, '-'}, {FmtAnyZero, '0'}, {FmtAnyPlus, '+'}, {FmtAnySharp, '#'}, {FmtAnySpace, ' '}} {
		if f.flags&x.bit != 0 && !(verb == 'v' && x.c == '+') {
			b.WriteByte(x.c)
		}
	}
	if f.width > 0 {
		b.WriteString(strconv.Itoa(f.width))
	}
	b.WriteRune(verb)
	return b.String()
}

func (f *fmtState) leaf(x any) string { return fmt.Sprintf(f.directive(f.verb), x) }

// pad pads text that is not a leaf (%T, <nil>) to the width.
func (f *fmtState) pad(s string) string {
	return fmtPad(s, f.width, (f.flags>>16)&1)
}

func (f *fmtState) sharp() bool { return f.flags&FmtAnySharp != 0 && f.verb == 'v' }
func (f *fmtState) plus() bool  { return f.flags&FmtAnyPlus != 0 && f.verb == 'v' }

// iface formats interface value i (depth 0: the operand itself).
func (f *fmtState) iface(i int64, depth int) string {
	t, v := f.mc.ifaceParts(i)
	if t < 0 {
		switch {
		case f.verb == 'T' || f.verb == 'v':
			return f.pad("<nil>")
		}
		return "%!" + string(f.verb) + "(<nil>)"
	}
	if f.verb == 'T' {
		return f.pad(f.mc.prog.Types[t].Name)
	}
	return f.value(t, v, depth)
}

// value formats v of type ti.
func (f *fmtState) value(ti int32, v Value, depth int) string {
	mc := f.mc
	t := &mc.prog.Types[ti]
	if t.ErrorString {
		if f.sharp() {
			return "&errors.errorString{s:" + strconv.Quote(v.S) + "}"
		}
		return f.leaf(v.S)
	}
	switch t.Kind {
	case KindInt:
		return f.leaf(intOfBits(v.I, t.Bits))
	case KindUint:
		return f.leaf(uintOfBits(v.I, t.Bits))
	case KindDuration:
		if strings.ContainsRune("vsqxX", f.verb) && !f.sharp() {
			return f.leaf(DurationString(v.I))
		}
		return f.leaf(v.I)
	case KindBool:
		return f.leaf(v.I != 0)
	case KindString:
		return f.leaf(v.S)
	case KindFloat:
		x := math.Float64frombits(uint64(v.I))
		if t.Bits == 32 {
			return f.leaf(float32(x))
		}
		return f.leaf(x)
	case KindStruct:
		return f.structValue(t, v, depth)
	case KindPtr:
		if v.I&refMask == 0 {
			if f.sharp() {
				return "(" + t.Name + ")(nil)"
			}
			return f.pad("<nil>")
		}
		if depth == 0 && t.Elem >= 0 && mc.prog.Types[t.Elem].Kind == KindStruct {
			return "&" + f.value(t.Elem, v, depth+1)
		}
		if f.sharp() {
			return "(" + t.Name + ")(" + fakeAddr(v.I) + ")"
		}
		return f.pad(fakeAddr(v.I))
	case KindSlice:
		if v.I&refMask == 0 && f.sharp() {
			return t.Name + "(nil)"
		}
		elems, n, _ := mc.sliceParts(v.I)
		parts := make([]string, n)
		for i := range parts {
			parts[i] = f.value(t.Elem, elems[i], depth+1)
		}
		if f.sharp() {
			return t.Name + "{" + strings.Join(parts, ", ") + "}"
		}
		return "[" + strings.Join(parts, " ") + "]"
	case KindMap:
		return f.mapValue(t, v, depth)
	case KindIface:
		if v.I&refMask == 0 && f.sharp() {
			return t.Name + "(nil)"
		}
		return f.iface(v.I, depth+1)
	case KindChan, KindFunc:
		if v.I&refMask == 0 {
			if f.sharp() {
				return "(" + t.Name + ")(nil)"
			}
			return f.pad("<nil>")
		}
		return f.pad(fakeAddr(v.I))
	}
	return f.pad("?" + t.Name)
}

func (f *fmtState) structValue(t *TypeInfo, v Value, depth int) string {
	var b strings.Builder
	if f.sharp() {
		b.WriteString(t.Name)
	}
	b.WriteByte('{')
	var slots []Value
	if v.I&refMask != 0 {
		slots = f.mc.objs[v.I&refMask]
	}
	for i, fd := range t.Fields {
		if i > 0 {
			if f.sharp() {
				b.WriteString(", ")
			} else {
				b.WriteByte(' ')
			}
		}
		if f.plus() || f.sharp() {
			b.WriteString(fd.Name + ":")
		}
		var fv Value
		if i < len(slots) {
			fv = slots[i]
		}
		b.WriteString(f.value(fd.Type, fv, depth+1))
	}
	b.WriteByte('}')
	return b.String()
}

func (f *fmtState) mapValue(t *TypeInfo, v Value, depth int) string {
	mc := f.mc
	if v.I&refMask == 0 && f.sharp() {
		return t.Name + "(nil)"
	}
	type kv struct{ k, v Value }
	var entries []kv
	if v.I&refMask != 0 {
		tab := mc.objs[v.I&refMask]
		for i := mapHeader; i+2 < len(tab); i += 3 {
			if tab[i].I == bucketFull {
				entries = append(entries, kv{tab[i+1], tab[i+2]})
			}
		}
	}
	kt := &mc.prog.Types[t.Key]
	slices.SortFunc(entries, func(a, b kv) int { return mc.compareKeys(kt, a.k, b.k) })
	var b strings.Builder
	if f.sharp() {
		b.WriteString(t.Name + "{")
	} else {
		b.WriteString("map[")
	}
	for i, e := range entries {
		if i > 0 {
			if f.sharp() {
				b.WriteString(", ")
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(f.value(t.Key, e.k, depth+1) + ":" + f.value(t.Elem, e.v, depth+1))
	}
	if f.sharp() {
		b.WriteByte('}')
	} else {
		b.WriteByte(']')
	}
	return b.String()
}

// compareKeys orders map keys as internal/fmtsort does for the kinds a
// key can have here.
func (mc *Machine) compareKeys(t *TypeInfo, a, b Value) int {
	switch t.Kind {
	case KindString:
		return cmp.Compare(a.S, b.S)
	case KindUint:
		return cmp.Compare(uint64(a.I), uint64(b.I))
	case KindFloat:
		return cmp.Compare(math.Float64frombits(uint64(a.I)), math.Float64frombits(uint64(b.I)))
	}
	if c := cmp.Compare(a.I, b.I); c != 0 {
		return c
	}
	return cmp.Compare(a.S, b.S)
}

func intOfBits(v int64, bits int8) any {
	switch bits {
	case 8:
		return int8(v)
	case 16:
		return int16(v)
	case 32:
		return int32(v)
	}
	return v
}

func uintOfBits(v int64, bits int8) any {
	switch bits {
	case 8:
		return uint8(v)
	case 16:
		return uint16(v)
	case 32:
		return uint32(v)
	}
	return uint64(v)
}

// fakeAddr is the address the model prints for a pointer, chan or func
// below the top level (see the comment at the top).
func fakeAddr(id int64) string {
	return "0x" + strconv.FormatUint(0xc000010000+16*uint64(id&refMask), 16)
}

// panicText is printpanicval of interface value i after preprintpanics
// (the front end calls Error and String itself): the value as the
// runtime's print prints it, a named type's as Name(v), other kinds as
// (T) and an address.
func (mc *Machine) panicText(i int64) string {
	ti, v := mc.ifaceParts(i)
	if ti < 0 {
		return "nil"
	}
	t := &mc.prog.Types[ti]
	var s string
	switch t.Kind {
	case KindString:
		if t.Named {
			return t.Name + `("` + printindented(v.S) + `")`
		}
		return printindented(v.S)
	case KindInt, KindDuration:
		s = strconv.FormatInt(v.I, 10)
	case KindUint:
		s = strconv.FormatUint(uint64(v.I), 10)
	case KindBool:
		s = strconv.FormatBool(v.I != 0)
	case KindFloat:
		s = printfloat(math.Float64frombits(uint64(v.I)))
	default:
		return "(" + t.Name + ") " + fakeAddr(v.I)
	}
	if t.Named {
		return t.Name + "(" + s + ")"
	}
	return s
}

// printindented is the runtime's: each newline is followed by a tab.
func printindented(s string) string { return strings.ReplaceAll(s, "\n", "\n\t") }

// printfloat is the runtime's print of a float64 (runtime/print.go):
// +d.dddddde±ddd, or NaN, +Inf, -Inf.
func printfloat(v float64) string {
	switch {
	case v != v:
		return "NaN"
	case v+v == v && v > 0:
		return "+Inf"
	case v+v == v && v < 0:
		return "-Inf"
	}
	const n = 7 // digits printed
	var buf [n + 7]byte
	buf[0] = '+'
	e := 0 // exp
	if v == 0 {
		if 1/v < 0 {
			buf[0] = '-'
		}
	} else {
		if v < 0 {
			v = -v
			buf[0] = '-'
		}
		// normalize
		for v >= 10 {
			e++
			v /= 10
		}
		for v < 1 {
			e--
			v *= 10
		}
		// round
		h := 5.0
		for i := 0; i < n; i++ {
			h /= 10
		}
		v += h
		if v >= 10 {
			e++
			v /= 10
		}
	}
	// format +d.dddd+edd
	for i := 0; i < n; i++ {
		s := int(v)
		buf[i+2] = byte(s + '0')
		v -= float64(s)
		v *= 10
	}
	buf[1] = buf[2]
	buf[2] = '.'
	buf[n+2] = 'e'
	buf[n+3] = '+'
	if e < 0 {
		e = -e
		buf[n+3] = '-'
	}
	buf[n+4] = byte(e/100 + '0')
	buf[n+5] = byte(e/10)%10 + '0'
	buf[n+6] = byte(e%10) + '0'
	return string(buf[:])
}
