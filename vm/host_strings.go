package vm

import (
	"strconv"
	"strings"
	"unicode/utf8"
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
	})

	// strings.Builder: an object of two slots, the text so far (the model
	// copies the text on each write, where Go appends to a growing []byte;
	// the text and lengths are the same) and the address the Builder was
	// first written at (copyCheck: a Builder copied after its first write
	// panics when written to, as Go's).
	builder := func(name string, pop, push int, fn func(b *Value, a, r []Value) string) {
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
			return fn(&obj[0], a[1:], r)
		}})
	}
	builder("WriteString", 2, 2, func(b *Value, a, r []Value) string {
		b.S += a[0].S
		r[0], r[1] = Value{I: int64(len(a[0].S))}, Value{}
		return ""
	})
	builder("WriteByte", 2, 1, func(b *Value, a, r []Value) string {
		b.S += string([]byte{byte(a[0].I)})
		r[0] = Value{}
		return ""
	})
	builder("WriteRune", 2, 2, func(b *Value, a, r []Value) string {
		s := string(utf8.AppendRune(nil, rune(a[0].I)))
		b.S += s
		r[0], r[1] = Value{I: int64(len(s))}, Value{}
		return ""
	})
	builder("String", 1, 1, func(b *Value, a, r []Value) string {
		r[0] = Value{S: b.S}
		return ""
	})
	builder("Len", 1, 1, func(b *Value, a, r []Value) string {
		r[0] = Value{I: int64(len(b.S))}
		return ""
	})
	builder("Reset", 1, 0, func(b *Value, a, r []Value) string {
		b.S = ""
		return ""
	})
	builder("Grow", 2, 0, func(b *Value, a, r []Value) string {
		if a[0].I < 0 {
			return "strings.Builder.Grow: negative count"
		}
		return ""
	})
}
