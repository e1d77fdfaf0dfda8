package lang

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// unicode/utf8: the functions on strings and runes, computed by the VM
// with the real package (vm/host_utf8.go).

func init() {
	var (
		s = types.Typ[types.String]
		i = types.Typ[types.Int]
		b = types.Typ[types.Bool]
		r = types.Universe.Lookup("rune").Type()
	)
	funcs := []struct {
		name    string
		params  []types.Type
		results []types.Type
	}{
		{"DecodeLastRuneInString", []types.Type{s}, []types.Type{r, i}},
		{"DecodeRuneInString", []types.Type{s}, []types.Type{r, i}},
		{"FullRuneInString", []types.Type{s}, []types.Type{b}},
		{"RuneCountInString", []types.Type{s}, []types.Type{i}},
		{"RuneLen", []types.Type{r}, []types.Type{i}},
		{"ValidRune", []types.Type{r}, []types.Type{b}},
		{"ValidString", []types.Type{s}, []types.Type{b}},
	}
	var api []string
	for _, f := range funcs {
		api = append(api, "utf8."+f.name)
		libHandlers["utf8."+f.name] = hostCall("utf8."+f.name, nil)
	}
	api = append(api, "utf8.RuneError", "utf8.RuneSelf", "utf8.MaxRune", "utf8.UTFMax")
	registerPackage("unicode/utf8", strings.Join(api, ", "),
		"AppendRune DecodeLastRune DecodeRune EncodeRune FullRune RuneCount RuneStart Valid",
		func(l *libs) *types.Package {
			p := types.NewPackage("unicode/utf8", "utf8")
			tuple := func(ts []types.Type) *types.Tuple {
				var vs []*types.Var
				for _, t := range ts {
					vs = append(vs, types.NewParam(token.NoPos, p, "", t))
				}
				return types.NewTuple(vs...)
			}
			for _, f := range funcs {
				sig := types.NewSignatureType(nil, nil, nil, tuple(f.params), tuple(f.results), false)
				p.Scope().Insert(types.NewFunc(token.NoPos, p, f.name, sig))
			}
			for _, c := range []struct {
				name string
				t    types.Type
				v    int64
			}{{"RuneError", types.Typ[types.UntypedRune], 0xFFFD}, {"RuneSelf", types.Typ[types.UntypedInt], 0x80},
				{"MaxRune", types.Typ[types.UntypedRune], 0x10FFFF}, {"UTFMax", types.Typ[types.UntypedInt], 4}} {
				p.Scope().Insert(types.NewConst(token.NoPos, p, c.name, c.t, constant.MakeInt64(c.v)))
			}
			p.MarkComplete()
			return p
		})
}
