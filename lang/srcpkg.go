package lang

import (
	"embed"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"go/version"
	"io/fs"
	"path"
	goruntime "runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/gmplab/gmplab/vm"
)

// Library packages written in Go source. Some library functions are best
// run as Go code in the simulated program, exactly as the real package runs
// them, because they call back into the program (sort.Search, strings.Map,
// sync.OnceFunc) or block on the runtime's semaphores (sync.RWMutex): the
// order of the callbacks, and the schedule, are then Go's own.
//
// Their source is lang/srcpkg/<import path>/*.go, embedded in the binary
// (each file carries `//go:build ignore`, so the go command leaves it
// alone). The files are parsed once per process (loadSrcLib) into a file
// set of their own; each compilation mirrors those files at the start of
// its own file set (newFileSet), so the cached syntax trees' positions
// stay valid and the program's file comes after them.
//
// When a compilation first imports a path that has source, the source is
// type-checked with go/types into the path's package, sharing the
// program's file set and types.Info (libs.checkSource). A package may be
// partly hand-made (lib.go's declarations, whose calls compile to VM
// operations) and partly source: the source files are checked into the
// hand-made package itself, so they see its members and the program sees
// one package. A function declared without a body in the source is an
// intrinsic: its calls compile by libHandlers, by the name libKey gives it
// ("sync.runtime_Semrelease"), as the real package's linknamed runtime
// functions are bodyless declarations.
//
// The functions with a body are compiled with the program, on demand: the
// first call (or use as a value) of one gives it a function index and
// queues its declaration (compiler.funcOf); compile drains the queue after
// the program's own functions, so a program carries only the library code
// it reaches, under the real names (sort.Search, sync.(*RWMutex).RLock) in
// tracebacks and the debugger, with positions in the library's file
// ($GOROOT/src/sort/search.go).
//
// An error in the source of a library package (from go/types or from the
// code generator) is an internal error: TestSourcePackages compiles every
// function of every source package, so that none reaches a user.
//
// A source package the program reaches (a function compiled, a
// package-level variable used) is initialised as Go does, before main.init:
// runtime.main calls <path>.init, which makes its variables' zero values,
// runs their initialisers in source order (the library's files are written
// in dependency order) and calls its init functions (<path>.init.0, …).

// The copies in lang/srcpkg are of Go 1.26 (runtime.GoVersion's
// release). A later release whose files differ where it matters (a
// function at another line, so that a traceback's line would not be the
// toolchain's) has its copies of those files in lang/srcpkg-go1.NN, which
// replace the earlier ones for a gmplab built with that release or a
// later one (srcRelease): the library a program sees is the one of the Go
// that built gmplab, as go run's would be. Taking them from $GOROOT
// instead would not do: the copies are edited (intrinsics, functions the
// VM computes), and the book's WebAssembly engine has no GOROOT.
//
//go:embed srcpkg srcpkg-go*
var srcFS embed.FS

// srcRelease is the release line of the toolchain that built gmplab
// ("go1.27"), whose library sources are used.
var srcRelease = version.Lang(goruntime.Version())

// srcFiles lists the library source files a compilation sees: every file
// of srcpkg, each replaced by its copy in the latest srcpkg-goX.Y at or
// before release, by path in srcFS and keyed by their path under
// $GOROOT/src.
func srcFiles(fsys fs.FS, release string) (map[string]string, error) {
	roots := []string{"srcpkg"}
	if release != "" { // a development toolchain: Go 1.26's
		overlays, err := fs.Glob(fsys, "srcpkg-go*")
		if err != nil {
			return nil, err
		}
		slices.SortFunc(overlays, func(a, b string) int {
			return version.Compare(strings.TrimPrefix(a, "srcpkg-"), strings.TrimPrefix(b, "srcpkg-"))
		})
		for _, o := range overlays {
			if version.Compare(strings.TrimPrefix(o, "srcpkg-"), release) <= 0 {
				roots = append(roots, o)
			}
		}
	}
	files := map[string]string{}
	for _, root := range roots {
		err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
				files[strings.TrimPrefix(p, root+"/")] = p
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// srcFile is one parsed library file.
type srcFile struct {
	name  string // $GOROOT/src/<path>/<file>
	src   []byte
	file  *ast.File
	base  int
	size  int
	lines []int
}

// srcLib is every library source file, parsed once.
type srcLib struct {
	pkgs  map[string][]*srcFile // by import path
	paths []string              // sorted
	files []*srcFile            // in file-set order
	end   token.Pos             // the first position after the library's files
	fset  *token.FileSet        // the library's files alone
	err   error
}

var loadSrcLib = sync.OnceValue(func() *srcLib {
	lib := &srcLib{pkgs: map[string][]*srcFile{}}
	fset := token.NewFileSet()
	files, err := srcFiles(srcFS, srcRelease)
	lib.err = err
	var rels []string
	for rel := range files {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	for _, rel := range rels {
		src, err := srcFS.ReadFile(files[rel])
		if err != nil {
			lib.err = err
			continue
		}
		name := "$GOROOT/src/" + rel
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			lib.err = err
			continue
		}
		tf := fset.File(f.FileStart)
		sf := &srcFile{name: name, src: src, file: f, base: tf.Base(), size: tf.Size(), lines: tf.Lines()}
		p := path.Dir(rel)
		if lib.pkgs[p] == nil {
			lib.paths = append(lib.paths, p)
		}
		lib.pkgs[p] = append(lib.pkgs[p], sf)
		lib.files = append(lib.files, sf)
	}
	lib.end = token.Pos(fset.Base())
	lib.fset = fset
	return lib
})

// newFileSet is a compilation's file set: the library's files first, at
// the positions their cached syntax trees use.
func newFileSet() *token.FileSet {
	fset := token.NewFileSet()
	for _, sf := range loadSrcLib().files {
		tf := fset.AddFile(sf.name, sf.base, sf.size)
		tf.SetLines(sf.lines)
	}
	return fset
}

// isInternalPath reports whether a program may not import path (Go's
// "use of internal package … not allowed").
func isInternalPath(p string) bool {
	return p == "internal" || strings.HasPrefix(p, "internal/") || strings.Contains(p, "/internal/") || strings.HasSuffix(p, "/internal")
}

// srcCheck is a compilation's state for its source packages.
type srcCheck struct {
	fset     *token.FileSet
	info     *types.Info
	checked  map[string]bool
	funcs    map[*types.Func]*ast.FuncDecl       // every function and method declared in source
	errs     []posError                          // errors in library source: internal errors
	order    []*types.Func                       // funcs' keys in source order
	vars     map[*types.Package][]*ast.ValueSpec // package-level variables, in source order
	inits    map[*types.Package][]*types.Func    // init functions, in source order
	all      bool                                // compile every function, reached or not (compileProgram)
	rtTypes  []*types.Named                      // sync.sema, sync.notifyList (srcpkg_sync.go)
	libFuncs map[*types.Func]int32               // functions of hand-made methods (libMethodFunc)
}

// srcExtras add hand-made members that a package's source uses (its
// intrinsic types) before the source is checked, by import path.
var srcExtras = map[string]func(l *libs, p *types.Package){}

// sharedLibs is the library, built once per process: the hand-made
// packages (newLibs and every registered builder) with every library
// source package checked into them, into a types.Info of the library's
// own. Nothing changes it afterwards, so compilations share it (and
// go/types reads imported packages concurrently): a compilation pays for
// neither building nor checking the library. The code generator reads the
// program's types.Info; importInfo copies into it the library's entries for
// the library code a program reaches, when it is compiled.
var sharedLibs = sync.OnceValue(func() *libs {
	lib := loadSrcLib()
	l := newLibs()
	l.src = &srcCheck{fset: lib.fset, info: &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Implicits:  map[ast.Node]types.Object{},
		Instances:  map[*ast.Ident]types.Instance{},
	}, checked: map[string]bool{}, funcs: map[*types.Func]*ast.FuncDecl{},
		vars: map[*types.Package][]*ast.ValueSpec{}, inits: map[*types.Package][]*types.Func{}}
	if lib.err != nil {
		l.src.errs = append(l.src.errs, posError{token.Position{Filename: "lang/srcpkg"}, lib.err.Error()})
	}
	var paths []string
	for p := range pkgBuilders {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range append(paths, lib.paths...) {
		l.lookup(p)
	}
	return l
})

// compileLibs is a compilation's libs: the shared library, with state of
// its own for the library code it compiles.
func compileLibs(allSource bool) *libs {
	s := sharedLibs()
	l := *s
	src := *s.src
	src.all = allSource
	src.libFuncs = map[*types.Func]int32{}
	l.src = &src
	return &l
}

// importInfo copies the library's type information about the nodes of n
// (a function or a variable declaration of library source) into the
// program's (not an instantiation's, which is built from the program's:
// generic.go).
func (c *compiler) importInfo(n ast.Node) {
	li, pi := c.libs.src.info, c.info
	if c.gen.base != nil {
		pi = c.gen.base
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil:
			return false
		case *ast.Ident:
			if o, ok := li.Defs[n]; ok {
				pi.Defs[n] = o
			}
			if o, ok := li.Uses[n]; ok {
				pi.Uses[n] = o
			}
			if in, ok := li.Instances[n]; ok {
				pi.Instances[n] = in
			}
		case *ast.SelectorExpr:
			if s, ok := li.Selections[n]; ok {
				pi.Selections[n] = s
			}
		}
		if e, ok := n.(ast.Expr); ok {
			if tv, ok := li.Types[e]; ok {
				pi.Types[e] = tv
			}
		}
		if o, ok := li.Implicits[n]; ok {
			pi.Implicits[n] = o
		}
		return true
	})
}

// withSource returns the package for path with its source (if any) checked
// into it; p is the hand-made package, or nil if there is none.
func (l *libs) withSource(path string, p *types.Package) *types.Package {
	files := loadSrcLib().pkgs[path]
	if len(files) == 0 || l.src == nil {
		return p
	}
	if l.src.checked[path] {
		return p
	}
	if p == nil {
		if l.extra == nil {
			l.extra = map[string]*types.Package{}
		}
		p = types.NewPackage(path, files[0].file.Name.Name)
		l.extra[path] = p
	}
	l.src.checked[path] = true
	if x := srcExtras[path]; x != nil {
		x(l, p)
	}
	var fs []*ast.File
	for _, f := range files {
		fs = append(fs, f.file)
	}
	conf := &types.Config{
		Importer:  l,
		GoVersion: "go1.26",
		Sizes:     types.SizesFor("gc", "amd64"),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				l.src.errs = append(l.src.errs, posError{l.src.fset.Position(te.Pos), te.Msg})
			} else {
				l.src.errs = append(l.src.errs, posError{token.Position{Filename: path}, err.Error()})
			}
		},
	}
	_ = types.NewChecker(conf, l.src.fset, p, l.src.info).Files(fs)
	for _, f := range fs {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if obj, ok := l.src.info.Defs[fd.Name].(*types.Func); ok {
					l.src.funcs[obj] = fd
					if fd.Recv == nil && fd.Name.Name == "init" {
						l.src.inits[p] = append(l.src.inits[p], obj)
						continue
					}
					l.src.order = append(l.src.order, obj)
				}
			} else if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				for _, s := range gd.Specs {
					l.src.vars[p] = append(l.src.vars[p], s.(*ast.ValueSpec))
				}
			}
		}
	}
	return p
}

// fromSource reports whether obj is declared in library source.
func (l *libs) fromSource(obj types.Object) bool {
	return obj != nil && obj.Pos().IsValid() && obj.Pos() < loadSrcLib().end
}

// sourceErrors turns errors in library source into internal errors.
func (l *libs) sourceErrors(errs *errList) {
	if l.src == nil {
		return
	}
	for _, e := range l.src.errs {
		errs.addPosition(e.pos, internalSourcePrefix+e.msg)
	}
	l.src.errs = nil
}

// qualifiedName is a function's name as the Go toolchain gives it in
// tracebacks: main.f, sort.Search, main.T.M, sync.(*RWMutex).RLock.
func qualifiedName(f *types.Func) string {
	prefix := f.Pkg().Path() + "."
	n, ptr := recvNamed(f)
	switch {
	case n == nil:
		return prefix + f.Name()
	case ptr:
		return prefix + "(*" + n.Obj().Name() + ")." + f.Name()
	}
	return prefix + n.Obj().Name() + "." + f.Name()
}

// funcOf is the function index of f: a function of the program, or a
// library function written in source, which gets its index (and is queued
// for compilation) on first use. It is false for everything else (a
// library function the VM implements, a bodyless intrinsic).
func (c *compiler) funcOf(f *types.Func) (int32, bool) {
	if idx, ok := c.funcIdx[f]; ok {
		return idx, true
	}
	if c.libs.src == nil {
		return 0, false
	}
	d := c.libs.src.funcs[f]
	if d == nil || d.Body == nil || isGenericDecl(d) {
		return 0, false // a generic one is compiled per instantiation (generic.go)
	}
	name := qualifiedName(f)
	if d.Recv == nil && d.Name.Name == "init" {
		name += "." + itoa(int64(slices.Index(c.libs.src.inits[f.Pkg()], f)))
	}
	idx := c.newFunc(name)
	c.funcIdx[f] = idx
	c.importInfo(d)
	c.srcQueue = append(c.srcQueue, d)
	c.reach(f.Pkg())
	return idx, true
}

// reach notes that the program uses source package p: it is initialised.
func (c *compiler) reach(p *types.Package) {
	if c.srcReached == nil {
		c.srcReached = map[*types.Package]bool{}
	}
	if !c.srcReached[p] {
		c.srcReached[p] = true
		c.srcPkgs = append(c.srcPkgs, p)
	}
}

// globalOf is the global slot of package-level variable v, one of library
// source given its slot on first use.
func (c *compiler) globalOf(v *types.Var) (int32, bool) {
	if g, ok := c.globals[v]; ok {
		return g, true
	}
	if !c.isGlobal(v) || !c.libs.fromSource(v) {
		return 0, false
	}
	g := int32(len(c.globals))
	c.globals[v] = g
	c.reach(v.Pkg())
	return g, true
}

// compileSource compiles the library functions the program reached (and
// those they reach), and the inits of the source packages reached; it
// returns the inits, for runtime.main to call in the order the packages
// were reached.
func (c *compiler) compileSource() []int32 {
	if c.libs.src != nil && c.libs.src.all {
		for _, f := range c.libs.src.order {
			c.funcOf(f)
		}
	}
	var inits []int32
	done := 0
	for {
		for len(c.srcQueue) > 0 {
			d := c.srcQueue[0]
			c.srcQueue = c.srcQueue[1:]
			obj := c.info.Defs[d.Name].(*types.Func)
			idx := c.funcIdx[obj]
			c.findCaptures(d)
			fs := c.newFnState(nil, c.prog.Funcs[idx].Name, idx)
			fs.body(d.Type, obj.Type().(*types.Signature), d.Body, d.Name.Pos())
		}
		// The generic instantiations queued so far (generic.go), which
		// may reach more source functions.
		c.compileInstances()
		if len(c.srcQueue) > 0 {
			continue
		}
		if done == len(c.srcPkgs) {
			return inits
		}
		p := c.srcPkgs[done]
		done++
		if fi, ok := c.packageInit(p); ok {
			inits = append(inits, fi)
		}
	}
}

// packageInit compiles <path>.init for source package p, if it has
// variables or init functions.
func (c *compiler) packageInit(p *types.Package) (int32, bool) {
	vars, funcs := c.libs.src.vars[p], c.libs.src.inits[p]
	if len(vars) == 0 && len(funcs) == 0 {
		return 0, false
	}
	fs := c.newFnState(nil, p.Path()+".init", -1)
	fs.decl = vars[0].Pos()
	for _, vs := range vars {
		c.importInfo(vs)
	}
	for _, vs := range vars {
		for _, n := range vs.Names {
			v, ok := c.info.Defs[n].(*types.Var)
			if !ok || n.Name == "_" {
				continue
			}
			g, _ := c.globalOf(v)
			fs.setPos(n.Pos())
			if len(vs.Values) == 0 {
				if _, ok := c.syncNewOp(v.Type()); ok || c.isStructKind(v.Type()) {
					fs.zeroValue(v.Type())
					fs.emit(vm.OpStoreGlob, g, 0, 1, 0)
				}
			}
		}
		if len(vs.Values) != len(vs.Names) && len(vs.Values) > 0 {
			panic("lang: library source: " + p.Path() + ": a multi-value variable initialiser")
		}
		for i, e := range vs.Values {
			v, _ := c.info.Defs[vs.Names[i]].(*types.Var)
			fs.setPos(e.Pos())
			fs.exprTo(e, v.Type())
			if g, ok := c.globalOf(v); ok && vs.Names[i].Name != "_" {
				fs.emit(vm.OpStoreGlob, g, 0, 1, 0)
			} else {
				fs.emit(vm.OpPop, 0, 0, 1, 0)
			}
		}
	}
	for _, f := range funcs {
		idx, _ := c.funcOf(f)
		fs.call(idx, 0, 0, 0)
	}
	fs.emit(vm.OpReturn, 0, 0, 0, 0)
	return fs.finish(), true
}

// fileIndex is the Program.Files index of the file holding p, the library
// file added on first use.
func (c *compiler) fileIndex(p token.Pos) int32 {
	if c.tfile == nil || int(p) >= c.tfile.Base() {
		return 0
	}
	tf := c.fset.File(p)
	if tf == nil {
		return 0
	}
	if i, ok := c.fileIdx[tf]; ok {
		return i
	}
	i := int32(len(c.prog.Files))
	c.prog.Files = append(c.prog.Files, tf.Name())
	var src []byte
	for _, sf := range loadSrcLib().files {
		if sf.name == tf.Name() {
			src = sf.src
		}
	}
	c.prog.Sources = append(c.prog.Sources, src)
	c.fileIdx[tf] = i
	return i
}

// sourcePaths lists the import paths that have library source.
func sourcePaths() []string { return slices.Clone(loadSrcLib().paths) }
