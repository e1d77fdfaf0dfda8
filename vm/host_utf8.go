package vm

import "unicode/utf8"

// unicode/utf8: counting, measuring and decoding the UTF-8 of strings,
// with the real package.

func init() {
	reg := func(name string, pop, push int, fn func(a, r []Value)) {
		RegisterHost(HostFunc{Name: name, Pop: pop, Push: push, Fn: func(_ *Machine, _ int32, a, r []Value) string {
			fn(a, r)
			return ""
		}})
	}
	reg("utf8.RuneCountInString", 1, 1, func(a, r []Value) { r[0].I = int64(utf8.RuneCountInString(a[0].S)) })
	reg("utf8.ValidString", 1, 1, func(a, r []Value) { r[0].I = boolInt(utf8.ValidString(a[0].S)) })
	reg("utf8.RuneLen", 1, 1, func(a, r []Value) { r[0].I = int64(utf8.RuneLen(rune(a[0].I))) })
	reg("utf8.ValidRune", 1, 1, func(a, r []Value) { r[0].I = boolInt(utf8.ValidRune(rune(a[0].I))) })
	reg("utf8.FullRuneInString", 1, 1, func(a, r []Value) { r[0].I = boolInt(utf8.FullRuneInString(a[0].S)) })
	reg("utf8.DecodeRuneInString", 1, 2, func(a, r []Value) {
		c, n := utf8.DecodeRuneInString(a[0].S)
		r[0].I, r[1].I = int64(c), int64(n)
	})
	reg("utf8.DecodeLastRuneInString", 1, 2, func(a, r []Value) {
		c, n := utf8.DecodeLastRuneInString(a[0].S)
		r[0].I, r[1].I = int64(c), int64(n)
	})
}
