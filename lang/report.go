package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"
)

// Reporting every error of a program, from every phase (issue 8: "an
// unsupported import does not hide the rest").
//
// An import outside the library is reported, then type-checked as an
// empty stand-in package (fakeImporter), whose uses go/types would call
// "undefined: os.Exit": those errors, and "imported and not used" of the
// stand-in, are dropped, so what is left are the program's own errors.
// The refusals (refuse.go) are still looked for when the type checker
// found errors, to report the constructs outside the subset too; they skip
// (taintedSpans) the expressions go/types could not type, whose errors
// would only repeat the type checker's.

// fakeImporter imports the library, and stand-ins for other packages.
type fakeImporter struct {
	libs  types.Importer
	fakes map[string]*types.Package // import path → stand-in
}

// add makes the stand-in of the import path (named as the file uses it).
func (f fakeImporter) add(path string, imp *ast.ImportSpec) {
	if _, ok := f.fakes[path]; ok {
		return
	}
	p := types.NewPackage(path, guessPackageName(path))
	p.MarkComplete()
	f.fakes[path] = p
}

// guessPackageName is the name a package of this path most likely
// declares: the last element, without a major-version element (v2) or a
// gopkg.in-style suffix (yaml.v3), and without a go- prefix.
func guessPackageName(path string) string {
	elems := strings.Split(path, "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && majorVersion.MatchString(name) {
		name = elems[len(elems)-2]
	}
	if i := strings.IndexByte(name, '.'); i > 0 {
		name = name[:i]
	}
	name = strings.TrimPrefix(name, "go-")
	name = strings.ReplaceAll(name, "-", "_")
	if !token.IsIdentifier(name) {
		return "_"
	}
	return name
}

var majorVersion = regexp.MustCompile(`^v[0-9]+$`)

func (f fakeImporter) Import(path string) (*types.Package, error) {
	if p, ok := f.fakes[path]; ok {
		return p, nil
	}
	return f.libs.Import(path)
}

// hides reports whether a type error only repeats that an import is not
// supported: a use of the stand-in, or the stand-in unused.
func (f fakeImporter) hides(msg string) bool {
	if m := undefinedQualified.FindStringSubmatch(msg); m != nil {
		for _, p := range f.fakes {
			if p.Name() == m[1] {
				return true
			}
		}
	}
	for path := range f.fakes {
		if strings.HasPrefix(msg, strconv.Quote(path)+" imported") {
			return true
		}
	}
	return false
}

// span is a range of source positions [from, to).
type span struct{ from, to token.Pos }

// taintedSpans are the spans of file that the type checker could not type
// (the innermost simple statement around each type error, every
// expression of an invalid type), whose "not supported" errors would only
// repeat a type error.
func taintedSpans(file *ast.File, info *types.Info, typeErrs []token.Pos) []span {
	var tainted []span
	// The innermost simple statement around each type error (not the
	// go statement whose closure holds it).
	inner := make([]span, len(typeErrs))
	ast.Inspect(file, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt, *ast.ReturnStmt, *ast.IncDecStmt,
			*ast.SendStmt, *ast.GoStmt, *ast.DeferStmt:
			for i, p := range typeErrs {
				if n.Pos() <= p && p < n.End() {
					inner[i] = span{n.Pos(), n.End()}
				}
			}
		}
		return true
	})
	for _, s := range inner {
		if s.from.IsValid() {
			tainted = append(tainted, s)
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		bad := false
		if id, ok := e.(*ast.Ident); ok {
			obj := info.Defs[id]
			if obj == nil {
				obj = info.Uses[id]
			}
			bad = obj == nil && id.Name != "_" || obj != nil && invalidType(obj.Type())
		} else {
			tv, ok := info.Types[e]
			switch e.(type) {
			case *ast.CallExpr, *ast.SelectorExpr, *ast.IndexExpr, *ast.IndexListExpr,
				*ast.BinaryExpr, *ast.UnaryExpr, *ast.StarExpr, *ast.CompositeLit,
				*ast.BasicLit, *ast.FuncLit, *ast.SliceExpr, *ast.TypeAssertExpr, *ast.ParenExpr:
				// Always recorded when they could be typed.
				bad = !ok || invalidType(tv.Type)
			default:
				bad = ok && invalidType(tv.Type)
			}
		}
		if bad {
			tainted = append(tainted, span{e.Pos(), e.End()})
			return false
		}
		return true
	})
	return tainted
}

func invalidType(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.(*types.Basic)
	return ok && b.Kind() == types.Invalid
}

// callPos is where the Go compiler reports an error go/types reports at
// a generic function's name in a call (type inference, constraints): the
// call's opening parenthesis.
func callPos(f *ast.File, pos token.Pos, msg string) token.Pos {
	if !strings.Contains(msg, "does not satisfy") && !strings.Contains(msg, "cannot infer") {
		return pos
	}
	at := pos
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && call.Fun.Pos() == pos {
			at = call.Lparen
			return false
		}
		return at == pos
	})
	return at
}

// errUnsupportedImport is the library importer's error for a path outside
// the library (parseAndCheck has reported the import already).
var errUnsupportedImport error = importError{}

type importError struct{}

func (importError) Error() string { return "not supported" }
