package lang

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"runtime/debug"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/lang/inline"
	"github.com/gmplab/gmplab/lang/ssagen"
	"github.com/gmplab/gmplab/vm"
)

// The go/ssa front end: the program is parsed and type-checked against
// the library's Go source (ssalib.go), built into SSA form by
// golang.org/x/tools/go/ssa, and generated into the VM's program form by
// lang/ssagen. It is Compile's only front end: the syntax-tree lowering it
// replaced is gone (issue 17), and the environment variable that selected
// it is refused by Compile with a message saying so (removedFrontendEnv).

// removedFrontendEnv is the environment variable that selected the
// syntax-tree front end ("ast") while both were there. Set to "ast" it
// makes Compile fail with a message that the front end is gone, rather
// than silently compile with another one; any other value is ignored.
const removedFrontendEnv = "GMPLAB_FRONTEND"

// removedFrontend is Compile's error when removedFrontendEnv asks for the
// syntax-tree front end, or nil.
func removedFrontend() error {
	if os.Getenv(removedFrontendEnv) != "ast" {
		return nil
	}
	return &Error{Lines: []string{removedFrontendEnv + "=ast: the syntax-tree front end was removed; gmplab compiles every program with go/ssa (unset " + removedFrontendEnv + ")"}}
}

// CompileSSA compiles the Go source src of a scenario with the go/ssa
// front end; filename is used in positions and error messages.
func CompileSSA(filename string, src []byte) (prog *vm.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			prog = nil
			err = &Error{Lines: []string{filename + ": " + internalPrefix + fmt.Sprint(r) + "\n" + string(debug.Stack())}, Internal: true}
		}
	}()
	lib := loadSSALib()
	errs := &errList{fset: newSSAFileSet(lib)}
	lookup := func(path string) *types.Package { return lib.pkgs[path] }
	importer := importerFunc(func(path string) (*types.Package, error) {
		if p := lib.pkgs[path]; p != nil {
			return p, nil
		}
		return nil, errUnsupportedImport
	})
	ch, ok := parseAndCheck(filename, src, errs, importer, lookup, newInfo(), func() {
		for _, e := range lib.errs {
			errs.addPosition(e.pos, "internal error in library source: "+e.msg)
		}
	})
	if !ok {
		return nil, errs.err()
	}
	fset, f, pkg, info := ch.fset, ch.file, ch.pkg, ch.info
	refuse(ch, errs)
	if errs.len() > 0 {
		return nil, errs.err()
	}
	sp, mainPkg := buildSSA(fset, lib, pkg, f, info)
	if ssaHook != nil {
		ssaHook(sp, mainPkg)
	}
	initsOS := false
	for _, imp := range f.Imports {
		if path, err := strconv.Unquote(imp.Path.Value); err == nil && (path == "fmt" || path == simPath || path == "os") {
			initsOS = true
		}
	}
	goCalls := goCallsOf(f)
	model := inlineModel(f, info)
	if inlineHook != nil {
		inlineHook(fset, model)
	}
	out, gerr := ssagen.Generate(sp, mainPkg, ssagen.Options{
		InitsOS: initsOS,
		Inline:  model,
		Release: srcRelease,
		GoCall: func(pos token.Pos) token.Pos {
			if p, ok := goCalls[pos]; ok {
				return p
			}
			return lib.goCalls[pos]
		},
		PackagePos: func(path string) token.Pos {
			if path == "main" {
				return f.Name.Pos()
			}
			if files := lib.byPkg[path]; len(files) > 0 {
				return files[0].Name.Pos()
			}
			return token.NoPos
		},
		Source: func(name string) []byte {
			if name == filename {
				return src
			}
			for _, sf := range lib.files {
				if sf.name == name {
					return sf.src
				}
			}
			return nil
		},
	})
	if gerr != nil {
		if ge, ok := gerr.(*ssagen.Error); ok && !ge.Internal {
			errs.addPosition(ge.Pos, ge.Msg)
			return nil, errs.err()
		}
		return nil, &Error{Lines: []string{filename + ": " + internalPrefix + gerr.Error()}, Internal: true}
	}
	return out, nil
}

// inlineHook, if set (by tests: TestInlineAgainstCompiler), sees every
// program's inlining model, with the file set of its positions.
var inlineHook func(*token.FileSet, *inline.Package)

// ssaHook, if set (by tests), sees every program's SSA before the code
// is generated.
var ssaHook func(*ssa.Program, *ssa.Package)

// buildSSA builds the SSA form of package main (pkg, of file f) and of
// the library packages it imports.
func buildSSA(fset *token.FileSet, lib *ssaLib, pkg *types.Package, f *ast.File, info *types.Info) (*ssa.Program, *ssa.Package) {
	sp := ssa.NewProgram(fset, ssa.InstantiateGenerics)
	created := map[*types.Package]bool{}
	var create func(p *types.Package)
	create = func(p *types.Package) {
		if created[p] {
			return
		}
		created[p] = true
		for _, imp := range p.Imports() {
			create(imp)
		}
		sp.CreatePackage(p, lib.byPkg[p.Path()], lib.infos[p.Path()], true)
	}
	for _, imp := range pkg.Imports() {
		create(imp)
	}
	mainPkg := sp.CreatePackage(pkg, []*ast.File{f}, info, false)
	sp.Build()
	return sp, mainPkg
}

// inlineModel is the model of the compiler's inliner (lang/inline) over
// the program's functions. The library's source is type-checked apart
// from the program (ssalib.go), so its functions are what the model's
// table of the standard library says of them (inline.Std), not bodies of
// its own: a simplification (docs/assumptions.md).
func inlineModel(f *ast.File, info *types.Info) *inline.Package {
	var decls []*ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			decls = append(decls, fd)
		}
	}
	return inline.Analyze(inline.Config{Info: info}, decls)
}
