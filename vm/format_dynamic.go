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
// Error and String methods (fmt's handleMethods, for %v %s %q %x %X, of
// the operand and of every element and exported field) are the program's
// code: they run as ordinary calls, preemptible and able to block. When
// the walk meets the k-th such value and the stack holds fewer than k
// results above the operand, OpFmtAny calls the method with its pc left on
// itself; the result lands on the stack and OpFmtAny runs again, walking
// from the start with one more result (fmtAnyStep).
//
// A panic in such a method is caught as fmt's catchPanic does (fmtCatch
// in panic.go): the text is <nil> for a nil pointer receiver, else
// %!v(PANIC=String method: …). The model simplifies: a pointer below the
// top level, a chan and a func print as a made-up address (0xc000010000
// plus 16 times the object's index), since the simulator has no
// addresses.

// fmtCaught marks a method's result that is catchPanic's text.
const fmtCaught = -0x5f3d_c0de

// The flag bits of OpFmtAny's B (above the width in the low 16 bits).
const (
	FmtAnyMinus = 1 << (16 + iota)
	FmtAnyZero
	FmtAnyPlus
	FmtAnySharp
	FmtAnySpace
	FmtAnyStr // the operand is a string (a method's result), not an interface value
)

// fmtState is one OpFmtAny: the verb and its flags, the results of the
// methods called so far and, once the walk needs another, that call.
type fmtState struct {
	mc    *Machine
	verb  rune
	flags int32
	width int

	prec int // the precision, -1 if none

	hidden int  // inside an unexported field
	raw    bool // the method's result is catchPanic's text

	// A run-time format (fmt_runtime.go).
	dry        bool  // only find the %w operands
	errorf     bool  // %w of an error is %v (Errorf)
	wrapped    []int // the operands of %w
	reordered  bool  // the format has an index [n]
	goodArgNum bool

	results  []Value
	used     int
	needFn   int32
	needArg  Value
	needName string // the method's name, for catchPanic's text
	needNil  bool   // its receiver is a nil pointer
	needVerb rune   // the verb it is called for, for catchPanic's text
}

// fmtAnyStep performs OpFmtAny on v with the methods' results so far:
// the text, or (fn >= 0) the method to call first and its receiver.
func (mc *Machine) fmtAnyStep(v Value, verb rune, b int32, results []Value) (text string, fn int32, recv Value, method string, nilRecv bool, catchVerb rune) {
	f := &fmtState{mc: mc, verb: verb, flags: b &^ 0xffff, width: int(b & 0xffff), prec: -1, results: results, needFn: -1}
	switch {
	case verb >= FmtRunPrintf:
		// A whole format: the []any is the first value above the format.
		f.results = results[1:]
		text = f.run(verb, v.S, results[0].I)
	case verb == 'P' && b&FmtAnyStr != 0:
		text = printindented(v.S)
	case verb == 'P':
		if s, ok := f.method(v.I); ok {
			text = printindented(s)
		} else {
			text = mc.panicText(v.I)
		}
	case b&FmtAnyStr != 0:
		text = f.leaf(v.S)
	default:
		text = f.iface(v.I, 0)
	}
	return text, f.needFn, f.needArg, f.needName, f.needNil, f.needVerb
}

// method is the result of the Error or String method fmt would call on
// interface value i (ok false if none): from the results so far, or
// recorded as the call to make (needFn).
func (f *fmtState) method(i int64) (string, bool) {
	t, v := f.mc.ifaceParts(i)
	if t < 0 {
		return "", false
	}
	return f.methodOf(t, v)
}

func (f *fmtState) methodOf(ti int32, v Value) (string, bool) {
	mc := f.mc
	t := &mc.prog.Types[ti]
	var m *Method
	for _, name := range [...]string{"Error", "String"} {
		for i := range t.Methods {
			if x := &t.Methods[i]; x.Fn >= 0 && mc.prog.Strings[x.Name] == name && mc.prog.Strings[x.Sig] == "func() string" {
				m = x
				break
			}
		}
		if m != nil {
			break
		}
	}
	if m == nil {
		return "", false
	}
	if t.Kind == KindPtr && v.I&refMask == 0 && m.Copy >= 0 {
		f.raw = true
		return "<nil>", true // the value method's wrapper panics: catchPanic
	}
	if f.used < len(f.results) {
		f.used++
		r := f.results[f.used-1]
		f.raw = r.I == fmtCaught
		return r.S, true
	}
	if f.needFn < 0 {
		f.needFn, f.needArg, f.needName = m.Fn, v, mc.prog.Strings[m.Name]
		f.needNil = t.Kind == KindPtr && v.I&refMask == 0
		f.needVerb = f.verb
		if m.Copy >= 0 {
			f.needArg = Value{I: mc.copyObj(v.I, m.Copy)}
		}
	}
	return "", true
}

// handles reports whether fmt calls Error and String methods for the verb.
func (f *fmtState) handles() bool {
	return f.hidden == 0 && !f.sharp() && strings.ContainsRune("vsqxX", f.verb)
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
	b.WriteString(precSuffix(f.prec))
	b.WriteRune(verb)
	return b.String()
}

func (f *fmtState) leaf(x any) string { return fmt.Sprintf(f.directive(f.verb), x) }

// leafOf is leaf for a value of type t: a bad verb's text names t
// (%!s(main.Celsius=5)), not the Go type the value is held as.
func (f *fmtState) leafOf(t *TypeInfo, x any) string {
	s := f.leaf(x)
	if strings.HasPrefix(s, "%!") {
		s = strings.Replace(s, fmt.Sprintf("(%T=", x), "("+t.Name+"=", 1)
	}
	return s
}

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
		case f.verb == 'T' || f.verb == 'v' || depth > 0: // printValue's nil interface
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
	if f.needFn >= 0 {
		return "" // a method must run first: the walk starts again after it
	}
	if f.handles() && len(t.Methods) > 0 {
		if s, ok := f.methodOf(ti, v); ok {
			if f.needFn >= 0 {
				return ""
			}
			if f.raw { // catchPanic's text, which fmt writes as is
				f.raw = false
				return s
			}
			return f.leaf(s)
		}
	}
	if t.ErrorString {
		if f.sharp() {
			return "&errors.errorString{s:" + strconv.Quote(v.S) + "}"
		}
		if !f.handles() && !t.Runtime && depth == 0 {
			return "&{" + f.leaf(v.S) + "}" // printValue of the *errorString
		}
		return f.leaf(v.S)
	}
	switch t.Kind {
	case KindInt:
		return f.leafOf(t, intOfBits(v.I, t.Bits))
	case KindUint:
		return f.leafOf(t, uintOfBits(v.I, t.Bits))
	case KindDuration:
		// Its String method, which fmt does not call on an unexported
		// field (handles).
		if f.handles() {
			return f.leaf(DurationString(v.I))
		}
		return f.leafOf(t, v.I)
	case KindBool:
		return f.leafOf(t, v.I != 0)
	case KindString:
		return f.leafOf(t, v.S)
	case KindFloat:
		x := math.Float64frombits(uint64(v.I))
		if t.Bits == 32 {
			return f.leafOf(t, float32(x))
		}
		return f.leafOf(t, x)
	case KindStruct:
		return f.structValue(t, v, depth)
	case KindPtr:
		if v.I&refMask == 0 {
			if f.sharp() {
				return "(" + t.Name + ")(nil)"
			}
			return f.pad("<nil>")
		}
		if depth == 0 && t.Elem >= 0 && (mc.prog.Types[t.Elem].Kind == KindStruct || mc.prog.Types[t.Elem].Kind == KindArray) {
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
		if s, ok := f.bytes(t, elems[:n]); ok {
			return s
		}
		parts := make([]string, n)
		for i := range parts {
			parts[i] = f.value(t.Elem, elems[i], depth+1)
		}
		if f.sharp() {
			return t.Name + "{" + strings.Join(parts, ", ") + "}"
		}
		return "[" + strings.Join(parts, " ") + "]"
	case KindArray:
		elems := mc.objs[v.I&refMask]
		if s, ok := f.bytes(t, elems[:t.Len]); ok {
			return s
		}
		parts := make([]string, t.Len)
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
	if t.Pointer { // to what is not a struct or an array (pointer.go)
		return f.pointer(t, v, depth)
	}
	return f.pad("?" + t.Name)
}

// pointer formats a pointer to what is not a struct or an array, as
// printValue does: <nil>, &[...] or &map[...] at the top level, else an
// address, made up (fakePointer).
func (f *fmtState) pointer(t *TypeInfo, v Value, depth int) string {
	switch f.verb {
	case 'b', 'o', 'd', 'x', 'X': // fmtPointer: the address as an integer
		var addr uint64
		if v.I != 0 {
			addr, _ = strconv.ParseUint(fakePointer(v.I)[2:], 16, 64)
		}
		return fmt.Sprintf(f.directive(f.verb), addr)
	}
	if v.I == 0 {
		if f.sharp() {
			return "(" + t.Name + ")(nil)"
		}
		return f.pad("<nil>")
	}
	if depth == 0 && t.Elem >= 0 {
		if k := f.mc.prog.Types[t.Elem].Kind; k == KindSlice || k == KindMap {
			if p := f.mc.slotOf(v.I); p != nil {
				return "&" + f.value(t.Elem, *p, depth+1)
			}
		}
	}
	if f.sharp() {
		return "(" + t.Name + ")(" + fakePointer(v.I) + ")"
	}
	return f.pad(fakePointer(v.I))
}

// fakePointer is the address the model prints for pointer p to what is
// not a struct or an array: a variable's box, a global or a slot of an
// object (pointer.go), each kind in a range of its own above fakeAddr's
// objects, 8 bytes a slot.
func fakePointer(p int64) string {
	var addr uint64
	switch p &^ refMask {
	case boxTag:
		addr = 0xc000800000 + 16*uint64(p&refMask)
	case globTag:
		addr = 0x5a0000 + 8*uint64(p&refMask)
	case elemTag:
		addr = 0xc000010000 + 16*uint64(p&elemObjMask) + 8*uint64((p&refMask)>>elemObjBits)
	default:
		return fakeAddr(p)
	}
	return "0x" + strconv.FormatUint(addr, 16)
}

// bytes formats a slice or an array of bytes (any type whose kind is
// uint8) for %s, %q, %x and %X as a string of its bytes, as printValue
// does (fmt/print.go: "Handle byte and uint8 slices and arrays special
// for the above verbs", fmtBytes); ok is false for other elements or
// verbs, which print element by element.
func (f *fmtState) bytes(t *TypeInfo, elems []Value) (string, bool) {
	if !strings.ContainsRune("sqxX", f.verb) || t.Elem < 0 {
		return "", false
	}
	if e := &f.mc.prog.Types[t.Elem]; e.Kind != KindUint || e.Bits != 8 {
		return "", false
	}
	b := make([]byte, len(elems))
	for i, e := range elems {
		b[i] = byte(e.I)
	}
	return f.leaf(b), true
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
		if !fd.Exported {
			// fmt calls no method of an unexported field's value, nor
			// of anything inside it (reflect's CanInterface).
			f.hidden++
		}
		b.WriteString(f.value(fd.Type, fv, depth+1))
		if !fd.Exported {
			f.hidden--
		}
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
	for i, e := range entries {
		if (kt.Kind == KindStruct || kt.Kind == KindArray) && kt.Layout >= 0 && e.k.I == 0 {
			entries[i].k.I, _ = mc.keyObj(e.k.S, kt.Layout) // the key's contents (array.go)
		}
	}
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
	if t.Kind == KindIface || encodedKey(a) || encodedKey(b) {
		return compareStoredKeys(a, b) // mapkey.go
	}
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
