// Package lang is gmplab's front end: it compiles the Go source of a
// scenario (a package main in a subset of Go) into a *vm.Program for the
// simulated runtime's stack machine.
//
// The pipeline: go/parser, go/types against the library's Go source
// (ssalib.go: lang/stubs, lang/srcpkg, lang/ssasrc), the refusals of what
// gmplab does not simulate (refuse.go), golang.org/x/tools/go/ssa's
// builder, and lang/ssagen's code generator from SSA form (ssa.go).
//
// Errors read like the Go compiler's (file:line:col: message), sorted by
// position, at most 10 and then "too many errors", from every phase (an
// unsupported import hides nothing else, report.go); a construct outside
// the subset is "<construct> is not supported (gmplab supports: …)". No
// input makes the front end crash or hang (FuzzCompile).
package lang

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// maxErrors is how many errors Compile reports, as the Go compiler
// (then "too many errors").
const maxErrors = 10

// Error is a failed compilation: one line per problem, "file:line:col: msg".
type Error struct {
	Lines []string
	// Internal: the compiler failed, not the program (a panic in the code
	// generator, an error in the library's own source): a bug in gmplab,
	// to be told apart from the program's errors (internal/bug).
	Internal bool
}

func (e *Error) Error() string { return strings.Join(e.Lines, "\n") }

// CompileFile reads and compiles the scenario at path.
func CompileFile(path string) (*vm.Program, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Compile(path, src)
}

// Compile compiles the Go source src of a scenario; filename is used in
// positions and error messages. `//go:build` lines are ignored, so scenario
// files can carry `//go:build ignore` and share a folder.
func Compile(filename string, src []byte) (prog *vm.Program, err error) {
	if err := removedFrontend(); err != nil {
		return nil, err
	}
	return CompileSSA(filename, src)
}

// checked is a program parsed and type-checked (parseAndCheck).
type checked struct {
	fset     *token.FileSet
	file     *ast.File
	info     *types.Info
	pkg      *types.Package
	lenient  bool        // the type checker found errors
	typeErrs []token.Pos // where
}

// parseAndCheck parses the program src and type-checks it against the
// library (importer lib, lookup of a supported path) into info, reporting
// into errs as the Go compiler does: syntax errors, a package other than
// main, every unsupported import (the rest checked against an empty
// stand-in), the type checker's errors in the compiler's words, errors in
// the library (libErrors). ok is false when that is all there is to say
// (the program cannot be compiled further, even to report what else is
// not supported); after type errors, lenient says so.
func parseAndCheck(filename string, src []byte, errs *errList, lib types.Importer, lookup func(string) *types.Package, info *types.Info, libErrors func()) (ch *checked, ok bool) {
	fset := errs.fset
	// Comments are kept for the directives (//go:noinline, //go:nosplit).
	f, perr := parser.ParseFile(fset, filename, src, parser.SkipObjectResolution|parser.ParseComments)
	if perr != nil {
		if list, ok := perr.(scanner.ErrorList); ok {
			for _, e := range list {
				msg := syntaxMessage(e.Msg)
				if strings.Contains(msg, "unexpected EOF") {
					e.Pos = endOfFile(filename, src) // where the Go compiler's parser reports it
				}
				errs.addPosition(e.Pos, msg)
			}
		} else {
			errs.addPosition(token.Position{Filename: filename}, perr.Error())
		}
		return nil, false
	}
	if f.Name.Name != "main" {
		errs.add(f.Name.Pos(), "%s", notSupported("package "+f.Name.Name, "gmplab runs a package main"))
		return nil, false
	}
	fakes := fakeImporter{libs: lib, fakes: map[string]*types.Package{}}
	for _, imp := range f.Imports {
		path, perr := strconv.Unquote(imp.Path.Value)
		if perr != nil || isInternalPath(path) || lookup(path) == nil {
			list := "gmplab supports: " + strings.Join(supportedImports(), ", ")
			if a := unsupportedAdvice(path); perr == nil && a != "" {
				list = a
			}
			errs.add(imp.Path.Pos(), "%s", notSupported("import "+imp.Path.Value, list))
			if perr == nil {
				// Type-check the rest against an empty stand-in, so
				// that the errors and unsupported constructs elsewhere
				// are reported too (uses of the package are not).
				fakes.add(path, imp)
			}
		}
	}
	branches := &branchErrors{fset: fset, file: f}
	var typeErrs []token.Pos
	conf := types.Config{
		Importer:  fakes,
		GoVersion: "go1.26",
		Sizes:     types.SizesFor("gc", "amd64"),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				if !fakes.hides(te.Msg) {
					if msg := branches.message(te.Pos, rewriteTypeError(te.Msg)); msg != "" {
						pos := callPos(f, te.Pos, msg)
						errs.add(pos, "%s", msg)
						typeErrs = append(typeErrs, pos)
					}
				}
			} else {
				errs.addPosition(token.Position{Filename: filename}, err.Error())
			}
		},
	}
	pkg, _ := conf.Check("main", fset, []*ast.File{f}, info)
	libErrors()
	if errs.len() >= maxErrors {
		return nil, false
	}
	lenient := errs.len() > 0
	if !lenient && pkg.Scope().Lookup("main") == nil {
		errs.add(f.Name.Pos(), "function main is undeclared in the main package")
		return nil, false
	}
	return &checked{fset: fset, file: f, info: info, pkg: pkg, lenient: lenient, typeErrs: typeErrs}, true
}

// ---- errors -------------------------------------------------------------------

type posError struct {
	pos token.Position
	msg string
}

type errList struct {
	fset *token.FileSet
	list []posError
}

func (e *errList) len() int { return len(e.list) }

func (e *errList) add(pos token.Pos, format string, args ...any) {
	e.addPosition(e.fset.Position(pos), fmt.Sprintf(format, args...))
}

func (e *errList) addPosition(pos token.Position, msg string) {
	for _, x := range e.list {
		if x.pos == pos && x.msg == msg {
			return
		}
	}
	e.list = append(e.list, posError{pos, msg})
}

// err is the list as the Go compiler prints it (cmd/compile/internal/base:
// ErrorfAt): the errors in the order they were found up to the tenth,
// sorted by position, and if there were ten, "too many errors" at the
// tenth's position.
func (e *errList) err() error {
	if len(e.list) == 0 {
		return nil
	}
	list := slices.Clone(e.list[:min(len(e.list), maxErrors)])
	slices.SortStableFunc(list, func(a, b posError) int {
		if c := cmp.Compare(a.pos.Line, b.pos.Line); c != 0 {
			return c
		}
		return cmp.Compare(a.pos.Column, b.pos.Column)
	})
	if len(e.list) >= maxErrors {
		list = append(list, posError{e.list[maxErrors-1].pos, "too many errors"})
	}
	var lines []string
	internal := false
	for _, x := range list {
		p := x.pos.Filename
		if x.pos.Line > 0 {
			p += ":" + strconv.Itoa(x.pos.Line) + ":" + strconv.Itoa(x.pos.Column)
		}
		lines = append(lines, p+": "+x.msg)
		internal = internal || strings.HasPrefix(x.msg, internalPrefix) || strings.HasPrefix(x.msg, internalSourcePrefix)
	}
	return &Error{Lines: lines, Internal: internal}
}

// The words that start an error of gmplab's compiler itself (Error.Internal).
const (
	internalPrefix       = "internal compiler error: "
	internalSourcePrefix = "internal error in library source: "
)

// syntaxMessage turns go/parser's wording into the Go compiler's where the
// two differ in a regular way ("expected X, found Y" → "syntax error:
// unexpected Y, expected X").
func syntaxMessage(msg string) string {
	if m := expectedFound.FindStringSubmatch(msg); m != nil {
		want, got := tokenWord(m[1]), tokenWord(m[2])
		if want == ";" {
			return "syntax error: unexpected " + got + " at end of statement"
		}
		return "syntax error: unexpected " + got + ", expected " + want
	}
	if strings.HasPrefix(msg, "expected ") || strings.HasPrefix(msg, "missing ") {
		return "syntax error: " + msg
	}
	return msg
}

var expectedFound = regexp.MustCompile(`^expected (.+?), found (.+)$`)

func tokenWord(s string) string {
	switch {
	case s == "operand":
		return "expression"
	case s == "newline" || s == "EOF":
		return s
	case strings.HasPrefix(s, "'IDENT' "):
		return "name " + strings.TrimPrefix(s, "'IDENT' ")
	case strings.HasPrefix(s, "'INT' "), strings.HasPrefix(s, "'STRING' "), strings.HasPrefix(s, "'FLOAT' "), strings.HasPrefix(s, "'CHAR' "):
		return "literal " + s[strings.IndexByte(s, ' ')+1:]
	case len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'':
		return s[1 : len(s)-1] // a keyword or an operator
	case token.Lookup(s).IsKeyword():
		return "keyword " + s
	case token.IsIdentifier(s):
		return "name " + s
	case s != "" && (s[0] >= '0' && s[0] <= '9' || s[0] == '"' || s[0] == '`' || s[0] == '\''):
		return "literal " + s
	}
	return s
}

var (
	undefinedQualified = regexp.MustCompile(`^undefined: (\w+)\.(\w+)$`)
	noFieldOrMethod    = regexp.MustCompile(`^(.+)\.(\w+) undefined \(type (\*?)((?:time|sync|sim)\.\w+) has no field or method (\w+)(.*)\)$`)
)

// realPathOf finds the supported package named name (its path's last
// element: "atomic" is sync/atomic) whose real API has member; ok is false
// if there is none. Of two such packages (math/rand and math/rand/v2) the
// first in path order answers: both are "not supported" the same way.
func realPathOf(name, member string) (string, bool) {
	for _, path := range supportedImports() {
		if path[strings.LastIndexByte(path, '/')+1:] == name && isRealAPI(path, member) {
			return path, true
		}
	}
	return "", false
}

// rewriteTypeError turns go/types' "undefined" for a real but unsupported
// part of a library package into "not supported".
func rewriteTypeError(msg string) string {
	if m := undefinedQualified.FindStringSubmatch(msg); m != nil {
		if path, ok := realPathOf(m[1], m[2]); ok {
			if path == "os" && osIO[m[2]] {
				return notSupported(m[1]+"."+m[2], osAdvice(m[2]))
			}
			if path == "iter" { // Pull, Pull2 (lib_iter.go)
				return notSupported(m[1]+"."+m[2], pullAdvice)
			}
			return notSupported(m[1]+"."+m[2], "gmplab supports: "+supportedListed(path))
		}
	}
	if m := noFieldOrMethod.FindStringSubmatch(msg); m != nil {
		pkg := m[4][:strings.IndexByte(m[4], '.')]
		path := pkg
		if pkg == "sim" {
			path = simPath
		}
		if isRealAPI(path, m[5]) {
			return notSupported("method "+m[4]+"."+m[5], "gmplab supports: "+supportedListed(path))
		}
	}
	return msg
}

// endOfFile is the position just past the last byte of src.
func endOfFile(filename string, src []byte) token.Position {
	line := 1 + strings.Count(string(src), "\n")
	col := len(src) - strings.LastIndexByte(string(src), '\n')
	return token.Position{Filename: filename, Offset: len(src), Line: line, Column: col}
}
