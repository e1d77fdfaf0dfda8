package lang

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"os"
	"runtime/debug"
	"slices"
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
	lookup := func(path string) *types.Package { return lib.pkg(path) }
	importer := importerFunc(func(path string) (*types.Package, error) {
		if p := lib.pkg(path); p != nil {
			return p, nil
		}
		return nil, errUnsupportedImport
	})
	ch, ok := parseAndCheck(filename, src, errs, importer, lookup, newInfo(), func() {
		for _, e := range lib.errors() {
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
	out, gerr := ssagen.Generate(sp, mainPkg, ssagen.Options{
		InitsOS: initsOS,
		Inline:  inlineModel(fset, f, info, lib),
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
		sp.CreatePackage(p, lib.byPkg[p.Path()], lib.info(p.Path()), true)
	}
	for _, imp := range pkg.Imports() {
		create(imp)
	}
	mainPkg := sp.CreatePackage(pkg, []*ast.File{f}, info, false)
	sp.Build()
	return sp, mainPkg
}

// inlineModel makes the model of the compiler's inliner (lang/inline)
// over the program's functions and the library functions generated with
// them: gmplab's library is Go's source (ssalib.go), so a library
// function is judged by its body as the compiler judges it when it
// compiles that package, and its cost and inlinability are what a call
// from another package sees, as the compiler's export data carries them
// (cross-package inlining). What gmplab declares itself (lang/stubs: a
// function the host runs, or a body of gmplab's own) is the model's
// table of the standard library (inline.Std), measured on the real
// compiler, and so is a call of a library function whose body the model
// judges otherwise than the table does (an adapted source, a call of an
// intrinsic: inline's judgeByTable). The library's packages are
// type-checked apart from the
// program, each into its own types.Info: the model is given one, the
// program's with the library entries of the functions it analyzes.
func inlineModel(fset *token.FileSet, f *ast.File, info *types.Info, lib *ssaLib) func([]*ssa.Function) *inline.Package {
	return func(generated []*ssa.Function) *inline.Package {
		var decls []*ast.FuncDecl
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				decls = append(decls, fd)
			}
		}
		libDecls, libInfo := libraryDecls(lib, generated, info)
		model := inline.Analyze(inline.Config{Info: libInfo}, append(decls, libDecls...))
		if inlineHook != nil {
			inlineHook(fset, model)
		}
		return model
	}
}

// libraryDecls is the declarations of the library functions of Go's
// source among generated, in source order (the order the compiler meets
// a package's functions in), and info with their type-checker entries
// added.
func libraryDecls(lib *ssaLib, generated []*ssa.Function, info *types.Info) ([]*ast.FuncDecl, *types.Info) {
	var decls []*ast.FuncDecl
	seen := map[*ast.FuncDecl]bool{}
	for _, fn := range generated {
		d, ok := fn.Syntax().(*ast.FuncDecl)
		if !ok || d.Body == nil || seen[d] || !lib.goSource(d.Pos()) {
			continue
		}
		seen[d] = true // once for every instance of a generic function
		decls = append(decls, d)
	}
	if len(decls) == 0 {
		return nil, info
	}
	slices.SortFunc(decls, func(a, b *ast.FuncDecl) int { return int(a.Pos() - b.Pos()) })
	return decls, lib.withInfo(info, decls)
}

// withInfo is a copy of info (of the program: nil for none) with the
// type checker's entries of the library declarations decls added.
func (lib *ssaLib) withInfo(info *types.Info, decls []*ast.FuncDecl) *types.Info {
	out := newInfo()
	if info != nil {
		maps.Copy(out.Types, info.Types)
		maps.Copy(out.Defs, info.Defs)
		maps.Copy(out.Uses, info.Uses)
		maps.Copy(out.Selections, info.Selections)
		maps.Copy(out.Implicits, info.Implicits)
		maps.Copy(out.Instances, info.Instances)
		maps.Copy(out.Scopes, info.Scopes)
	}
	for _, d := range decls {
		li := lib.info(lib.pathOf[lib.fset.File(d.Pos()).Base()])
		ast.Inspect(d, func(n ast.Node) bool {
			if n == nil {
				return false
			}
			if e, ok := n.(ast.Expr); ok {
				if tv, ok := li.Types[e]; ok {
					out.Types[e] = tv
				}
			}
			switch n := n.(type) {
			case *ast.Ident:
				if o := li.Defs[n]; o != nil {
					out.Defs[n] = o
				}
				if o := li.Uses[n]; o != nil {
					out.Uses[n] = o
				}
				if in, ok := li.Instances[n]; ok {
					out.Instances[n] = in
				}
			case *ast.SelectorExpr:
				if s := li.Selections[n]; s != nil {
					out.Selections[n] = s
				}
			}
			if o := li.Implicits[n]; o != nil {
				out.Implicits[n] = o
			}
			if sc := li.Scopes[n]; sc != nil {
				out.Scopes[n] = sc
			}
			return true
		})
	}
	return out
}
