package lang

import (
	"embed"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
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
// Simplified: library source may not declare package-level variables (no
// package initialisation is compiled for it).

//go:embed srcpkg
var srcFS embed.FS

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
	err   error
}

var loadSrcLib = sync.OnceValue(func() *srcLib {
	lib := &srcLib{pkgs: map[string][]*srcFile{}}
	fset := token.NewFileSet()
	var names []string
	lib.err = fs.WalkDir(srcFS, "srcpkg", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			names = append(names, p)
		}
		return err
	})
	sort.Strings(names)
	for _, n := range names {
		src, err := srcFS.ReadFile(n)
		if err != nil {
			lib.err = err
			continue
		}
		rel := strings.TrimPrefix(n, "srcpkg/")
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
	funcs    map[*types.Func]*ast.FuncDecl // every function and method declared in source
	errs     []posError                    // errors in library source: internal errors
	order    []*types.Func                 // funcs' keys in source order
	all      bool                          // compile every function, reached or not (compileProgram)
	rtTypes  []*types.Named                // sync.sema, sync.notifyList (srcpkg_sync.go)
	libFuncs map[*types.Func]int32         // functions of hand-made methods (libMethodFunc)
}

// srcExtras add hand-made members that a package's source uses (its
// intrinsic types) before the source is checked, by import path.
var srcExtras = map[string]func(l *libs, p *types.Package){}

// useSource makes l check library source into fset and info.
func (l *libs) useSource(fset *token.FileSet, info *types.Info) {
	l.src = &srcCheck{fset: fset, info: info, checked: map[string]bool{}, funcs: map[*types.Func]*ast.FuncDecl{}, libFuncs: map[*types.Func]int32{}}
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
					l.src.order = append(l.src.order, obj)
				}
			} else if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				l.src.errs = append(l.src.errs, posError{l.src.fset.Position(gd.Pos()), "package-level variables are not supported in library source"})
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
		errs.addPosition(e.pos, "internal error in library source: "+e.msg)
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
	if d == nil || d.Body == nil {
		return 0, false
	}
	idx := c.newFunc(qualifiedName(f))
	c.funcIdx[f] = idx
	c.srcQueue = append(c.srcQueue, d)
	return idx, true
}

// compileSource compiles the library functions the program reached (and
// those they reach).
func (c *compiler) compileSource() {
	if c.libs.src != nil && c.libs.src.all {
		for _, f := range c.libs.src.order {
			c.funcOf(f)
		}
	}
	for len(c.srcQueue) > 0 {
		d := c.srcQueue[0]
		c.srcQueue = c.srcQueue[1:]
		obj := c.info.Defs[d.Name].(*types.Func)
		idx := c.funcIdx[obj]
		c.findCaptures(d)
		fs := c.newFnState(nil, c.prog.Funcs[idx].Name, idx)
		fs.body(d.Type, obj.Type().(*types.Signature), d.Body, d.Name.Pos())
	}
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
