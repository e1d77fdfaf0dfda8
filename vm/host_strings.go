package vm

import (
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// strings and strconv beyond OpStrings' functions (strings.go), on the
// host with the real packages, and strings.Builder.

func init() {
	registerFuncs("strings", map[string]any{
		"Cut": strings.Cut, "CutPrefix": strings.CutPrefix, "CutSuffix": strings.CutSuffix,
		"EqualFold": strings.EqualFold, "IndexByte": strings.IndexByte, "IndexRune": strings.IndexRune,
		"IndexAny": strings.IndexAny, "LastIndex": strings.LastIndex, "LastIndexByte": strings.LastIndexByte,
		"LastIndexAny": strings.LastIndexAny, "ContainsRune": strings.ContainsRune, "ContainsAny": strings.ContainsAny,
		"Compare": strings.Compare, "SplitN": strings.SplitN, "SplitAfter": strings.SplitAfter,
		"SplitAfterN": strings.SplitAfterN, "Trim": strings.Trim, "TrimLeft": strings.TrimLeft,
		"TrimRight": strings.TrimRight, "Replace": strings.Replace, "ToTitle": strings.ToTitle,
	})
	registerFuncs("strconv", map[string]any{
		"FormatFloat": strconv.FormatFloat, "ParseFloat": strconv.ParseFloat, "FormatUint": strconv.FormatUint,
		"ParseUint": strconv.ParseUint, "QuoteRune": strconv.QuoteRune, "QuoteToASCII": strconv.QuoteToASCII,
		"QuoteRuneToASCII": strconv.QuoteRuneToASCII, "QuoteToGraphic": strconv.QuoteToGraphic,
		"Unquote": strconv.Unquote, "IsPrint": strconv.IsPrint, "IsGraphic": strconv.IsGraphic,
		"CanBackquote": strconv.CanBackquote,
	})

	// strings.Builder: an object of two slots, the text so far and the
	// address the Builder was first written at (copyCheck: a Builder copied
	// after its first write panics when written to, as Go's). The text is
	// a string over a growing host []byte, appended to as Go's Builder
	// appends to its buf (builderAppend), so that n writes cost the host
	// O(n) bytes copied, not O(n²).
	builder := func(name string, pop, push int, fn func(mc *Machine, id int32, b *Value, a, r []Value) string) {
		check := name != "String" && name != "Len" && name != "Reset"
		RegisterHost(HostFunc{Name: "strings.Builder." + name, Pop: pop, Push: push, Fn: func(mc *Machine, _ int32, a, r []Value) string {
			o := a[0].I
			if o&refMask == 0 {
				return errNilFunc
			}
			obj := mc.objs[o&refMask]
			switch {
			case name == "Reset":
				obj[1].I = 0
			case !check:
			case obj[1].I == 0:
				obj[1].I = o
			case obj[1].I != o:
				return "strings: illegal use of non-zero Builder copied by value"
			}
			return fn(mc, int32(o&refMask), &obj[0], a[1:], r)
		}})
	}
	builder("WriteString", 2, 2, func(mc *Machine, id int32, b *Value, a, r []Value) string {
		mc.builderAppend(id, b, a[0].S)
		r[0], r[1] = Value{I: int64(len(a[0].S))}, Value{}
		return ""
	})
	builder("WriteByte", 2, 1, func(mc *Machine, id int32, b *Value, a, r []Value) string {
		c := [1]byte{byte(a[0].I)}
		mc.builderAppend(id, b, unsafe.String(&c[0], 1))
		r[0] = Value{}
		return ""
	})
	builder("WriteRune", 2, 2, func(mc *Machine, id int32, b *Value, a, r []Value) string {
		var rb [utf8.UTFMax]byte
		n := utf8.EncodeRune(rb[:], rune(a[0].I))
		mc.builderAppend(id, b, unsafe.String(&rb[0], n))
		r[0], r[1] = Value{I: int64(n)}, Value{}
		return ""
	})
	builder("String", 1, 1, func(_ *Machine, _ int32, b *Value, a, r []Value) string {
		r[0] = Value{S: b.S}
		return ""
	})
	builder("Len", 1, 1, func(_ *Machine, _ int32, b *Value, a, r []Value) string {
		r[0] = Value{I: int64(len(b.S))}
		return ""
	})
	builder("Reset", 1, 0, func(_ *Machine, _ int32, b *Value, a, r []Value) string {
		b.S = ""
		return ""
	})
	builder("Grow", 2, 0, func(_ *Machine, _ int32, b *Value, a, r []Value) string {
		if a[0].I < 0 {
			return "strings.Builder.Grow: negative count"
		}
		return ""
	})
}

// builderAppend appends s to the text b of the strings.Builder object id,
// as Go's Builder does: into the spare capacity of the host buffer the text
// is a view of, growing it as append grows a slice when it is full. The
// text stays a string: the bytes a view shows are never written again
// (appends go past every view's end), which is what makes Go's
// Builder.String safe without a copy. The buffer is this machine's own
// (mc.sbufs, which a clone does not inherit), and b must still be a view
// of all of it: a text set otherwise (Reset, a copied Builder, a restored
// snapshot) starts a new buffer.
func (mc *Machine) builderAppend(id int32, b *Value, s string) {
	if len(s) == 0 {
		return
	}
	buf, ok := mc.sbufs[id]
	if !ok || len(buf) != len(b.S) || len(buf) == 0 || unsafe.SliceData(buf) != unsafe.StringData(b.S) {
		buf = append(make([]byte, 0, 2*(len(b.S)+len(s))), b.S...)
	}
	buf = append(buf, s...)
	if mc.sbufs == nil {
		mc.sbufs = make(map[int32][]byte)
	}
	mc.sbufs[id] = buf
	b.S = unsafe.String(unsafe.SliceData(buf), len(buf))
}
