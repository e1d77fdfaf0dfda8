package lang

import (
	"embed"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
)

// The library of the go/ssa front end (ssa.go): every package a program
// may import is Go source, declared once. lang/stubs/<import path>/*.go
// declares what gmplab computes itself (a function without a body is bound
// by its full name to the VM: lang/ssagen's externals), and
// lang/srcpkg/<import path>/*.go is Go's own source that runs in the
// simulated program; the files of both folders for one path make one
// package. lang/ssasrc/<import path>/*.go is Go's own source too, of the
// packages added since the go/ssa front end came (container/*, math/bits,
// io, bytes, bufio, flag, ...): the syntax-tree lowering that could not
// compile them is gone, so the two folders differ only in history. Every
// file carries
// `//go:build ignore`, so the go command leaves them alone.
//
// The whole library is parsed once per process (loadSSALib), into a file
// set of its own; a package is type-checked, into a types.Info of its
// own, the first time a compilation imports it (ssaLib.pkg, under a lock),
// so that a process pays only for the packages its programs use (a
// program importing fmt alone checks a handful of the library's packages;
// regexp's and crypto's are checked by a program that imports them), and
// compilations share the checked packages read-only: go/types and go/ssa
// read imported packages concurrently. A compilation's file set mirrors the library's
// files at the start (newSSAFileSet), so that the positions in the cached
// syntax trees stay valid and the program's file comes after them.

//go:embed stubs
var stubFS embed.FS

//go:embed ssasrc
var ssaSrcFS embed.FS

// libRoots are the library's folders, in the order their files are read.
// srcpkg's files are those of the release that built gmplab (srcFiles:
// its overlay srcpkg-go1.NN replaces a file of Go 1.26 that it has).
var libRoots = []struct {
	fsys fs.FS
	root string
}{{stubFS, "stubs"}, {srcFS, "srcpkg"}, {ssaSrcFS, "ssasrc"}}

// libFiles lists root's library files: in path order, each as its path
// under root (the package's folder and the file's name) and its path in
// fsys.
func libFiles(fsys fs.FS, root string) (rel, at []string, err error) {
	files := map[string]string{}
	if fsys == fs.FS(srcFS) && root == "srcpkg" {
		files, err = srcFiles(fsys, srcRelease)
	} else {
		err = fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
				files[strings.TrimPrefix(p, root+"/")] = p
			}
			return err
		})
	}
	rel = slices.Sorted(maps.Keys(files))
	for _, r := range rel {
		at = append(at, files[r])
	}
	return rel, at, err
}

// ssaLib is the library, checked.
type ssaLib struct {
	fset    *token.FileSet
	files   []*srcFile                // in file-set order
	byPkg   map[string][]*ast.File    // by import path
	pkgs    map[string]*types.Package // by import path
	paths   []string                  // sorted
	infos   map[string]*types.Info    // by import path (go/ssa reads a package's InitOrder from its own)
	goCalls map[token.Pos]token.Pos   // goCallsOf, of every file
	stubs   map[int]bool              // the files of lang/stubs (gmplab's declarations, not Go's source), by their base in fset
	pathOf  map[int]string            // each file's import path, by its base in fset
	errs    []posError                // errors in the library: internal errors

	// mu guards pkgs, infos and errs: a package is type-checked the
	// first time a compilation imports it (pkg), so that a process
	// checks only what its programs use, and compilations run
	// concurrently.
	mu sync.Mutex
}

// pkg is the type-checked package of path (nil if the library has none),
// checked with what it imports the first time it is asked for.
func (lib *ssaLib) pkg(path string) *types.Package {
	lib.mu.Lock()
	defer lib.mu.Unlock()
	return lib.check(path, nil)
}

// info is the types.Info of path's package, once pkg has checked it.
func (lib *ssaLib) info(path string) *types.Info {
	lib.mu.Lock()
	defer lib.mu.Unlock()
	return lib.infos[path]
}

// checkAll type-checks every package of the library (the supported API's
// listing reads them all).
func (lib *ssaLib) checkAll() {
	for _, p := range lib.paths {
		lib.pkg(p)
	}
}

// errors are the library's errors found so far: those of the packages
// checked and of reading the files.
func (lib *ssaLib) errors() []posError {
	lib.mu.Lock()
	defer lib.mu.Unlock()
	return slices.Clone(lib.errs)
}

// libFileName is the name a library file has in positions: where Go's
// own file of that package lives (rel: its path under its folder).
func libFileName(rel string) string {
	return "$GOROOT/src/" + rel
}

var loadSSALib = sync.OnceValue(func() *ssaLib {
	lib := &ssaLib{
		fset:   token.NewFileSet(),
		byPkg:  map[string][]*ast.File{},
		pkgs:   map[string]*types.Package{},
		infos:  map[string]*types.Info{},
		stubs:  map[int]bool{},
		pathOf: map[int]string{},
	}
	type libName struct {
		fsys         fs.FS
		root, rel, n string
	}
	var names []libName
	for _, dir := range libRoots {
		rel, at, err := libFiles(dir.fsys, dir.root)
		if err != nil {
			lib.errs = append(lib.errs, posError{token.Position{Filename: "lang/" + dir.root}, err.Error()})
		}
		for i := range rel {
			names = append(names, libName{dir.fsys, dir.root, rel[i], at[i]})
		}
	}
	// Stubs first, then Go's source; each in path order.
	for _, ln := range names {
		fsys, root, rel, n := ln.fsys, ln.root, ln.rel, ln.n
		src, err := fs.ReadFile(fsys, n)
		if err != nil {
			lib.errs = append(lib.errs, posError{token.Position{Filename: n}, err.Error()})
			continue
		}
		name := libFileName(rel)
		f, err := parser.ParseFile(lib.fset, name, src, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			lib.errs = append(lib.errs, posError{token.Position{Filename: name}, err.Error()})
			continue
		}
		tf := lib.fset.File(f.FileStart)
		lib.files = append(lib.files, &srcFile{name: name, src: src, file: f, base: tf.Base(), size: tf.Size(), lines: tf.Lines()})
		if root == "stubs" {
			lib.stubs[tf.Base()] = true
		}
		p := path.Dir(rel)
		lib.pathOf[tf.Base()] = p
		if lib.byPkg[p] == nil {
			lib.paths = append(lib.paths, p)
		}
		lib.byPkg[p] = append(lib.byPkg[p], f)
	}
	sort.Strings(lib.paths)
	lib.goCalls = map[token.Pos]token.Pos{}
	for _, sf := range lib.files {
		for k, v := range goCallsOf(sf.file) {
			lib.goCalls[k] = v
		}
	}
	return lib
})

// check type-checks the package of path (and, first, what it imports);
// stack is the import chain, to report a cycle rather than loop. lib.mu
// is held.
func (lib *ssaLib) check(p string, stack []string) *types.Package {
	if pkg, ok := lib.pkgs[p]; ok {
		return pkg
	}
	files := lib.byPkg[p]
	if len(files) == 0 || slices.Contains(stack, p) {
		return nil
	}
	stack = append(stack, p)
	pkg := types.NewPackage(p, files[0].Name.Name)
	conf := &types.Config{
		Importer: importerFunc(func(q string) (*types.Package, error) {
			if dep := lib.check(q, stack); dep != nil {
				return dep, nil
			}
			return nil, errUnsupportedImport
		}),
		GoVersion: "go1.26",
		Sizes:     types.SizesFor("gc", "amd64"),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				lib.errs = append(lib.errs, posError{lib.fset.Position(te.Pos), te.Msg})
			} else {
				lib.errs = append(lib.errs, posError{token.Position{Filename: p}, err.Error()})
			}
		},
	}
	info := newInfo()
	_ = types.NewChecker(conf, lib.fset, pkg, info).Files(files)
	lib.pkgs[p] = pkg
	lib.infos[p] = info
	return pkg
}

// newInfo is a types.Info with every map go/ssa reads.
func newInfo() *types.Info {
	return &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		FileVersions: map[*ast.File]string{},
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// newSSAFileSet is a compilation's file set: the library's files first, at
// the positions their cached syntax trees use.
func newSSAFileSet(lib *ssaLib) *token.FileSet {
	fset := token.NewFileSet()
	for _, sf := range lib.files {
		tf := fset.AddFile(sf.name, sf.base, sf.size)
		tf.SetLines(sf.lines)
	}
	return fset
}

// goCallsOf maps the keyword of each go statement in f to its call's
// position (where the runtime's newproc says it was called).
func goCallsOf(f *ast.File) map[token.Pos]token.Pos {
	m := map[token.Pos]token.Pos{}
	ast.Inspect(f, func(n ast.Node) bool {
		if g, ok := n.(*ast.GoStmt); ok {
			m[g.Go] = g.Call.Pos()
		}
		return true
	})
	return m
}

// goSource reports whether pos is in a library file of Go's own source
// (lang/srcpkg, lang/ssasrc), not in one of gmplab's stubs.
func (lib *ssaLib) goSource(pos token.Pos) bool {
	if !lib.fromLibrary(pos) {
		return false
	}
	tf := lib.fset.File(pos)
	return tf != nil && !lib.stubs[tf.Base()]
}

// fromLibrary reports whether pos is in a library file.
func (lib *ssaLib) fromLibrary(pos token.Pos) bool {
	return pos.IsValid() && int(pos) < lib.fset.Base()
}
