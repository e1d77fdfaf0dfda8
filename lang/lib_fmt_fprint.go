package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"

	"github.com/gmplab/gmplab/vm"
)

// fmt.Fprint, Fprintf and Fprintln to os.Stdout and os.Stderr: the text
// is formatted as Sprint* would and written with one write(2), as
// Print* (OpPrint with the stream). A *os.File is its file descriptor (1
// for os.Stdout, 2 for os.Stderr); the writer is any other value only in
// the front end's error message.
//
// Simplified: the writer parameter is declared as *os.File rather than
// io.Writer (there is no io package); the type checker's error for
// another writer becomes a clear "not supported" (rewriteTypeError), and
// the type of fmt.Fprintln as a value says *os.File. A nil *os.File
// writes nothing and reports no error (Go's returns os.ErrInvalid).

// The streams printOut writes to: the *os.File values of os.Stdout and
// os.Stderr.
const (
	osStdout = 1
	osStderr = 2
)

func init() {
	registerLibVar("os.Stdout", func(fs *fnState) { fs.pushInt(osStdout) })
	registerLibVar("os.Stderr", func(fs *fnState) { fs.pushInt(osStderr) })
	for key, sprint := range map[string]string{"fmt.Fprint": "fmt.Sprint", "fmt.Fprintf": "fmt.Fprintf", "fmt.Fprintln": "fmt.Sprintln"} {
		libHandlers[key] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
			return fs.fprint(call, sprint, want)
		}
	}
	spreadable["fmt.Fprintln"] = true
}

// declareFprint declares Fprint, Fprintf and Fprintln in fmt package p.
func (l *libs) declareFprint(p *types.Package) {
	anyT := types.Universe.Lookup("any").Type()
	param := func(name string, t types.Type) *types.Var { return types.NewParam(token.NoPos, p, name, t) }
	res := types.NewTuple(param("n", types.Typ[types.Int]), param("err", errorType))
	anys := param("a", types.NewSlice(anyT))
	fn := func(name string, params ...*types.Var) {
		sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), res, true)
		p.Scope().Insert(types.NewFunc(token.NoPos, p, name, sig))
	}
	w := param("w", types.NewPointer(l.handMade("os").Scope().Lookup("File").Type()))
	fn("Fprint", w, anys)
	fn("Fprintf", w, param("format", types.Typ[types.String]), anys)
	fn("Fprintln", w, anys)
}

// declareOSFiles declares os.File, os.Stdout and os.Stderr in package p.
func declareOSFiles(p *types.Package) {
	obj := types.NewTypeName(token.NoPos, p, "File", nil)
	file := types.NewNamed(obj, types.NewStruct([]*types.Var{types.NewField(token.NoPos, p, "fd", types.Typ[types.Int], false)}, nil), nil)
	p.Scope().Insert(obj)
	for _, n := range []string{"Stdout", "Stderr"} {
		p.Scope().Insert(types.NewVar(token.NoPos, p, n, types.NewPointer(file)))
	}
}

// isOSFile reports whether t is os.File.
func isOSFile(t *types.Named) bool {
	return t.Obj().Pkg() != nil && t.Obj().Pkg().Path() == "os" && t.Obj().Name() == "File"
}

// fprintAPI is what the message about another writer lists.
const fprintAPI = "gmplab supports: fmt.Fprint, fmt.Fprintf and fmt.Fprintln to os.Stdout and os.Stderr"

// otherWriter matches the type checker's error for another writer.
var otherWriter = regexp.MustCompile(`^cannot use .* \(.*of type (.+)\) as \*os\.File value in argument to (fmt\.Fprint\w*)$`)

// fprint compiles fmt.Fprint* (key) of call, formatted as sprint.
func (fs *fnState) fprint(call *ast.CallExpr, sprint string, want int) int {
	w := call.Args[0]
	rest := &ast.CallExpr{Fun: call.Fun, Lparen: call.Lparen, Args: call.Args[1:], Ellipsis: call.Ellipsis, Rparen: call.Rparen}
	if stream := fs.c.osStream(w); stream != 0 {
		fs.fmtCall(rest, sprint)
		fs.setPos(call.Lparen)
		return fs.printOut(stream, want)
	}
	// A *os.File known at run time: evaluated first, as Go does.
	ws, text := fs.newSlot(8), fs.newSlot(16)
	fs.expr(w)
	fs.emit(vm.OpStore, ws, 0, 1, 0)
	fs.fmtCall(rest, sprint)
	fs.emit(vm.OpStore, text, 0, 1, 0)
	fs.setPos(call.Lparen)
	end := fs.newLabel()
	for _, stream := range []int64{osStderr, osStdout} {
		next := fs.newLabel()
		fs.emit(vm.OpLoad, ws, 0, 0, 1)
		fs.pushInt(stream)
		fs.emit(vm.OpEq, 0, 0, 2, 1)
		fs.jump(vm.OpJumpIfNot, next)
		fs.emit(vm.OpLoad, text, 0, 0, 1)
		fs.printOut(int(stream), 0)
		fs.jump(vm.OpJump, end)
		fs.bind(next)
	}
	fs.bind(end)
	if want == 0 {
		return 0
	}
	fs.emit(vm.OpLoad, text, 0, 0, 1)
	return fs.printResults(want)
}

// osStream is the stream w names if it is os.Stdout or os.Stderr itself
// (0 if not).
func (c *compiler) osStream(w ast.Expr) int {
	var id *ast.Ident
	switch w := unparen(w).(type) {
	case *ast.SelectorExpr:
		id = w.Sel
	case *ast.Ident:
		id = w
	}
	if id == nil {
		return 0
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Pkg().Path() != "os" {
		return 0
	}
	switch v.Name() {
	case "Stdout":
		return osStdout
	case "Stderr":
		return osStderr
	}
	return 0
}

// printOut writes the string on top of the stack to stream with one
// write(2) (os.Stderr's as os.Stderr.Write does, as log's), then pushes
// the results of the print function that want uses (n, err).
func (fs *fnState) printOut(stream, want int) int {
	if want != 0 {
		fs.emit(vm.OpDup, 0, 0, 1, 2)
	}
	if stream == osStderr {
		fs.emitOp(vm.OpPrint, 1, 1, 1, 0)
	} else {
		fs.emitOp(vm.OpPrint, 0, 0, 1, 0)
	}
	if want == 0 {
		return 0
	}
	return fs.printResults(want)
}

// printResults replaces the text written on top of the stack by the
// results want uses: its length in bytes, then a nil error.
func (fs *fnState) printResults(want int) int {
	fs.emit(vm.OpSLen, 0, 0, 1, 1)
	if want > 0 {
		return 1
	}
	fs.zeroValue(errorType)
	return 2
}

// fmtAsAny formats a with %#v (and width and flags) as fmt does any
// value: converted to an interface, at run time (fmt_any.go), which Go
// syntax of structs, slices and maps needs.
func (fs *fnState) fmtAsAny(b *sbuild, a ast.Expr, width int, flags string) {
	b.dyn(func() {
		fs.exprTo(a, types.Universe.Lookup("any").Type())
		fs.fmtAny('v', width, flags)
	})
}
