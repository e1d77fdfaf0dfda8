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
