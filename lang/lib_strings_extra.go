package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// More of strings and strconv, computed by the VM with the real packages
// (vm/host_strings.go), and strings.Builder: a struct of two slots (the
// text, and the address copyCheck compares), so that a variable or a field of one is an object and its
// pointer-receiver methods work on its address.

var builderMethods = []struct {
	name, params, results string
}{
	{"WriteString", "s", "ie"}, {"WriteByte", "y", "e"}, {"WriteRune", "r", "ie"},
	{"String", "", "s"}, {"Len", "", "i"}, {"Reset", "", ""}, {"Grow", "i", ""},
}

func init() {
	for _, pkg := range []string{"strings", "strconv"} {
		api := hostHandlers(pkg, vm.HostFuncs(pkg))
		supportedAPI[pkg] += ", " + strings.Join(api, ", ")
	}
	var ms []string
	for _, m := range builderMethods {
		libHandlers["strings.Builder."+m.name] = builderCall("strings.Builder." + m.name)
		ms = append(ms, m.name)
	}
	supportedAPI["strings"] += ", strings.Builder (" + strings.Join(ms, ", ") + ")"
	realAPI["strings"] = "Clone ContainsFunc FieldsFunc FieldsFuncSeq FieldsSeq IndexFunc LastIndexFunc Lines Map NewReader NewReplacer Reader Replacer SplitAfterSeq SplitSeq Title ToLowerSpecial ToTitleSpecial ToUpperSpecial ToValidUTF8 TrimFunc TrimLeftFunc TrimRightFunc Cap Write"
	realAPI["strconv"] = "AppendBool AppendFloat AppendInt AppendQuote AppendQuoteRune AppendQuoteRuneToASCII AppendQuoteRuneToGraphic AppendQuoteToASCII AppendQuoteToGraphic AppendUint CanBackquote ErrRange ErrSyntax FormatComplex IntSize NumError ParseComplex QuoteRuneToGraphic QuotedPrefix UnquoteChar"
}

// declareStringsExtras adds the host functions and Builder to the
// strings and strconv packages newLibs built.
func (l *libs) declareStringsExtras() {
	declareHostFuncs(l.strings, vm.HostFuncs("strings"))
	declareHostFuncs(l.strconv, vm.HostFuncs("strconv"))
	l.declareSortExtras()
	p := l.strings
	obj := types.NewTypeName(token.NoPos, p, "Builder", nil)
	st := types.NewStruct([]*types.Var{
		types.NewField(token.NoPos, p, "buf", types.Typ[types.String], false),
		types.NewField(token.NoPos, p, "addr", types.Typ[types.Int64], false), // vm/host_strings.go: copyCheck
	}, nil)
	b := types.NewNamed(obj, st, nil)
	p.Scope().Insert(obj)
	tuple := func(s string) *types.Tuple {
		var vs []*types.Var
		for i := 0; i < len(s); i++ {
			vs = append(vs, types.NewParam(token.NoPos, p, string(rune('a'+i)), hostSpecType(s[i])))
		}
		return types.NewTuple(vs...)
	}
	for _, m := range builderMethods {
		recv := types.NewParam(token.NoPos, p, "b", types.NewPointer(b))
		b.AddMethod(types.NewFunc(token.NoPos, p, m.name, types.NewSignatureType(recv, nil, nil, tuple(m.params), tuple(m.results), false)))
	}
}

// isBuilder reports whether t is strings.Builder.
func isBuilder(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "strings" && n.Obj().Name() == "Builder"
}

// builderCall compiles a method call of strings.Builder: the receiver's
// address, the arguments, the host function.
func builderCall(name string) func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
	return func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		idx, pop, push, _ := vm.Host(name)
		fs.addr(ce.recv)
		fs.args(call, ce.lib.Type().(*types.Signature))
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpHost, idx, 0, pop, push) // the errors it returns are nil

		return push
	}
}
