package vm

import unicode "github.com/gmplab/gmplab/internal/unicode126"

// unicode: the classification and case mapping of runes, with Go 1.26's
// package and tables (internal/unicode126: Unicode 15.0.0), whichever
// toolchain built gmplab.

func init() {
	for name, f := range map[string]func(rune) bool{
		"unicode.IsDigit": unicode.IsDigit, "unicode.IsLetter": unicode.IsLetter,
		"unicode.IsLower": unicode.IsLower, "unicode.IsUpper": unicode.IsUpper,
		"unicode.IsNumber": unicode.IsNumber, "unicode.IsPunct": unicode.IsPunct,
		"unicode.IsSpace": unicode.IsSpace, "unicode.IsPrint": unicode.IsPrint,
		"unicode.IsControl": unicode.IsControl, "unicode.IsGraphic": unicode.IsGraphic,
		"unicode.IsSymbol": unicode.IsSymbol, "unicode.IsTitle": unicode.IsTitle,
		"unicode.IsMark": unicode.IsMark,
	} {
		RegisterHost(HostFunc{Name: name, Pop: 1, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
			r[0].I = boolInt(f(rune(a[0].I)))
			return ""
		}})
	}
	for name, f := range map[string]func(rune) rune{
		"unicode.ToLower": unicode.ToLower, "unicode.ToUpper": unicode.ToUpper, "unicode.ToTitle": unicode.ToTitle,
		"unicode.SimpleFold": unicode.SimpleFold,
	} {
		RegisterHost(HostFunc{Name: name, Pop: 1, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
			r[0].I = int64(f(rune(a[0].I)))
			return ""
		}})
	}
}

// unicode's range tables (Letter, Latin, White_Space, ...): in Go they are
// static data the linker lays out, and it keeps only those a program
// refers to. gmplab builds one the same way: the front end asks
// UnicodeTable for each table variable the program's code refers to and
// builds it before package initialisation (unicode.rangeTable), at no
// virtual cost, so a program that imports unicode without naming a table
// loads none of Go 1.26's 247.

// unicodeTableIndex is each table variable's canonical index: that of the
// first name holding the same table (Letter and L share one).
var unicodeTableIndex = func() map[string]int {
	first := map[*unicode.RangeTable]int{}
	m := make(map[string]int, len(unicode.Tables))
	for i, t := range unicode.Tables {
		if _, ok := first[t.Table]; !ok {
			first[t.Table] = i
		}
		m[t.Name] = first[t.Table]
	}
	return m
}()

// UnicodeTable is the canonical index of package unicode's range-table
// variable name (the operand of unicode.rangeTable), with ok false for
// any other name.
func UnicodeTable(name string) (index int, ok bool) {
	index, ok = unicodeTableIndex[name]
	return index, ok
}

func init() {
	RegisterHost(HostFunc{Name: "unicode.rangeTable", Pop: 1, Push: 1, Cost: CostNone, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		r[0].I = mc.newRangeTable(rangeTableAt(a[0].I))
		return ""
	}})
}

// newRangeTable builds t as a *unicode.RangeTable of the program: an
// object of R16, R32 and LatinOffset, each range an object of Lo, Hi and
// Stride in its slice's array (object.go, slice.go).
func (mc *Machine) newRangeTable(t *unicode.RangeTable) int64 {
	id := mc.newObj(3)
	r16 := make([][3]int64, len(t.R16))
	for i, r := range t.R16 {
		r16[i] = [3]int64{int64(r.Lo), int64(r.Hi), int64(r.Stride)}
	}
	r32 := make([][3]int64, len(t.R32))
	for i, r := range t.R32 {
		r32[i] = [3]int64{int64(r.Lo), int64(r.Hi), int64(r.Stride)}
	}
	s16, s32 := mc.newRanges(r16), mc.newRanges(r32)
	o := mc.objs[id&refMask]
	o[0].I, o[1].I, o[2].I = s16, s32, int64(t.LatinOffset)
	return id
}

// newRanges is a slice of Range16 or Range32 values (nil when empty, as
// tables.go leaves an absent R16 or R32).
func (mc *Machine) newRanges(rs [][3]int64) int64 {
	if len(rs) == 0 {
		return 0
	}
	arr := mc.newObj(len(rs))
	for i, r := range rs {
		e := mc.newObj(3)
		copy(mc.objs[e&refMask], []Value{{I: r[0]}, {I: r[1]}, {I: r[2]}})
		mc.objs[arr&refMask][i].I = e
	}
	return mc.newSlice(arr, 0, len(rs), len(rs))
}

func init() {
	RegisterHost(HostFunc{Name: "unicode.To", Pop: 2, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
		r[0].I = int64(unicode.To(int(a[0].I), rune(a[1].I)))
		return ""
	}})
}
