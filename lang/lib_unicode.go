package lang

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// unicode: rune classification and case mapping, computed by the VM with
// the real package (vm/host_unicode.go). This file is also the pattern for
// a library package declared on its own: registerPackage declares it,
// each function's call compiles to its host function (hostCall).

var unicodeBools = []string{"IsControl", "IsDigit", "IsGraphic", "IsLetter", "IsLower", "IsMark", "IsNumber", "IsPrint", "IsPunct", "IsSpace", "IsSymbol", "IsTitle", "IsUpper"}
var unicodeMaps = []string{"ToLower", "ToTitle", "ToUpper"}

func init() {
	var api []string
	for _, n := range append(append([]string{}, unicodeBools...), unicodeMaps...) {
		api = append(api, "unicode."+n)
		libHandlers["unicode."+n] = hostCall("unicode."+n, nil)
	}
	api = append(api, "unicode.MaxRune", "unicode.ReplacementChar", "unicode.MaxASCII", "unicode.MaxLatin1")
	registerPackage("unicode", strings.Join(api, ", "),
		"In Is IsOneOf SimpleFold To CaseRange CaseRanges Range16 Range32 RangeTable SpecialCase TurkishCase AzeriCase Categories Scripts Properties FoldCategory FoldScript GraphicRanges PrintRanges UpperCase LowerCase TitleCase Version "+
			"Letter L Lu Ll Lt Lm Lo Digit Nd Number N Punct P Space White_Space Symbol S Upper Lower Title Mark M Control Cc Latin Greek Han",
		func(l *libs) *types.Package {
			p := types.NewPackage("unicode", "unicode")
			r := types.Universe.Lookup("rune").Type()
			sig := func(res types.Type) *types.Signature {
				return types.NewSignatureType(nil, nil, nil,
					types.NewTuple(types.NewParam(token.NoPos, p, "r", r)),
					types.NewTuple(types.NewParam(token.NoPos, p, "", res)), false)
			}
			for _, n := range unicodeBools {
				p.Scope().Insert(types.NewFunc(token.NoPos, p, n, sig(types.Typ[types.Bool])))
			}
			for _, n := range unicodeMaps {
				p.Scope().Insert(types.NewFunc(token.NoPos, p, n, sig(r)))
			}
			for _, c := range []struct {
				name string
				v    int64
			}{{"MaxRune", 0x10FFFF}, {"ReplacementChar", 0xFFFD}, {"MaxASCII", 0x7F}, {"MaxLatin1", 0xFF}} {
				p.Scope().Insert(types.NewConst(token.NoPos, p, c.name, types.Typ[types.UntypedRune], constant.MakeInt64(c.v)))
			}
			p.MarkComplete()
			return p
		})
}
