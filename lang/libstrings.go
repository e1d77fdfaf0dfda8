package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// strings, strconv and sort: the common functions, computed by the VM
// with the real packages (vm/strings.go).

type strFunc struct {
	pkg, name string
	code      int32
	params    []types.Type
	results   []types.Type
}

var strFuncs = func() []strFunc {
	var (
		s  = types.Typ[types.String]
		i  = types.Typ[types.Int]
		i6 = types.Typ[types.Int64]
		b  = types.Typ[types.Bool]
		e  = errorType
		ss = types.NewSlice(s)
	)
	return []strFunc{
		{"strings", "Repeat", vm.StrRepeat, []types.Type{s, i}, []types.Type{s}},
		{"strings", "ToUpper", vm.StrToUpper, []types.Type{s}, []types.Type{s}},
		{"strings", "ToLower", vm.StrToLower, []types.Type{s}, []types.Type{s}},
		{"strings", "TrimSpace", vm.StrTrimSpace, []types.Type{s}, []types.Type{s}},
		{"strings", "Contains", vm.StrContains, []types.Type{s, s}, []types.Type{b}},
		{"strings", "HasPrefix", vm.StrHasPrefix, []types.Type{s, s}, []types.Type{b}},
		{"strings", "HasSuffix", vm.StrHasSuffix, []types.Type{s, s}, []types.Type{b}},
		{"strings", "Index", vm.StrIndex, []types.Type{s, s}, []types.Type{i}},
		{"strings", "Join", vm.StrJoin, []types.Type{ss, s}, []types.Type{s}},
		{"strings", "Split", vm.StrSplit, []types.Type{s, s}, []types.Type{ss}},
		{"strings", "Fields", vm.StrFields, []types.Type{s}, []types.Type{ss}},
		{"strings", "ReplaceAll", vm.StrReplaceAll, []types.Type{s, s, s}, []types.Type{s}},
		{"strings", "TrimPrefix", vm.StrTrimPrefix, []types.Type{s, s}, []types.Type{s}},
		{"strings", "TrimSuffix", vm.StrTrimSuffix, []types.Type{s, s}, []types.Type{s}},
		{"strings", "Count", vm.StrCount, []types.Type{s, s}, []types.Type{i}},
		{"strconv", "Itoa", vm.StrItoa, []types.Type{i}, []types.Type{s}},
		{"strconv", "Atoi", vm.StrAtoi, []types.Type{s}, []types.Type{i, e}},
		{"strconv", "Quote", vm.StrQuote, []types.Type{s}, []types.Type{s}},
		{"strconv", "FormatInt", vm.StrFormatInt, []types.Type{i6, i}, []types.Type{s}},
		{"strconv", "ParseInt", vm.StrParseInt, []types.Type{s, i, i}, []types.Type{i6, e}},
		{"strconv", "ParseBool", vm.StrParseBool, []types.Type{s}, []types.Type{b, e}},
		{"strconv", "FormatBool", vm.StrFormatBool, []types.Type{b}, []types.Type{s}},
		{"sort", "Ints", vm.SortInts, []types.Type{types.NewSlice(i)}, nil},
		{"sort", "Strings", vm.SortStrings, []types.Type{ss}, nil},
	}
}()

// declareStrings builds the two packages.
func (l *libs) declareStrings() {
	l.strings = types.NewPackage("strings", "strings")
	l.strconv = types.NewPackage("strconv", "strconv")
	l.sort = types.NewPackage("sort", "sort")
	for _, f := range strFuncs {
		p := map[string]*types.Package{"strings": l.strings, "strconv": l.strconv, "sort": l.sort}[f.pkg]
		tuple := func(ts []types.Type) *types.Tuple {
			var vs []*types.Var
			for k, t := range ts {
				vs = append(vs, types.NewParam(token.NoPos, p, "a"+string(rune('0'+k)), t))
			}
			return types.NewTuple(vs...)
		}
		sig := types.NewSignatureType(nil, nil, nil, tuple(f.params), tuple(f.results), false)
		p.Scope().Insert(types.NewFunc(token.NoPos, p, f.name, sig))
	}
	l.strings.MarkComplete()
	l.strconv.MarkComplete()
	l.sort.MarkComplete()
}

// stringsCall compiles a call of strings or strconv (false for others).
func (fs *fnState) stringsCall(call *ast.CallExpr, key string) (int, bool) {
	for _, f := range strFuncs {
		if key != f.pkg+"."+f.name {
			continue
		}
		for k, a := range call.Args {
			fs.exprTo(a, f.params[k])
		}
		fs.setPos(call.Lparen)
		var errType int32
		if len(f.results) == 2 {
			errType = fs.c.errorStringID()
		}
		fs.emitOp(vm.OpStrings, f.code, errType, len(f.params), len(f.results))
		return len(f.results), true
	}
	return 0, false
}

// strAPI lists the functions for the error messages and the subset page.
func strAPI(pkg string) string {
	s := ""
	for _, f := range strFuncs {
		if f.pkg == pkg {
			if s != "" {
				s += ", "
			}
			s += pkg + "." + f.name
		}
	}
	return s
}
