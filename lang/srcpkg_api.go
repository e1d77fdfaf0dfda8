package lang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
)

// The API of the library written in source, for error messages and
// docs/go-subset.md: each package's exported functions, types (with their
// exported methods) and variables, read from its syntax trees, appended to
// what the hand-made part supports; a package that is source only becomes
// importable. The packages of lang/ssasrc, which only the go/ssa front end
// compiles, are listed the same way (names already listed are not
// repeated).
//
// completeAPI does it once, at the first compile (parseAndCheck) or
// SubsetDoc, not at initialisation: parsing the library's sources takes
// every process that imports lang 15-40 ms, and many never compile (a
// grading process that reads its scenarios compiled, gmplab's commands
// that compile nothing). The other files' init functions have added their
// names to supportedAPI by then, as they had when this was an init.
var completeAPI = sync.OnceFunc(func() {
	ssaSrc := ssaSourceFiles()
	var ssaPaths []string
	for p := range ssaSrc {
		ssaPaths = append(ssaPaths, p)
	}
	slices.Sort(ssaPaths)
	type pkgFiles struct {
		path  string
		files []*ast.File
	}
	var pkgs []pkgFiles
	for _, path := range sourcePaths() {
		var files []*ast.File
		for _, sf := range loadSrcLib().pkgs[path] {
			files = append(files, sf.file)
		}
		pkgs = append(pkgs, pkgFiles{path, files})
	}
	for _, path := range ssaPaths {
		pkgs = append(pkgs, pkgFiles{path, ssaSrc[path]})
	}
	for _, pf := range pkgs {
		path, files := pf.path, pf.files
		if isInternalPath(path) {
			continue
		}
		var add []string
		cur := supportedAPI[path]
		for _, n := range sourceAPI(files) {
			if !slices.Contains(strings.Split(cur, ", "), n) {
				add = append(add, n)
			}
		}
		if len(add) == 0 {
			continue
		}
		api := strings.Join(add, ", ")
		if cur != "" {
			api = cur + ", " + api
		}
		supportedAPI[path] = api
		if !slices.Contains(supportedImports, path) {
			supportedImports = append(supportedImports, path)
			sortImports()
		}
	}
})

// ssaSourceFiles are lang/ssasrc's files, parsed (declarations only), by
// import path.
func ssaSourceFiles() map[string][]*ast.File {
	files := map[string][]*ast.File{}
	fset := token.NewFileSet()
	_ = fs.WalkDir(ssaSrcFS, "ssasrc", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		src, err := fs.ReadFile(ssaSrcFS, p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			return nil // the library's own check reports it (ssalib.go)
		}
		dir := path.Dir(strings.TrimPrefix(p, "ssasrc/"))
		files[dir] = append(files[dir], f)
		return nil
	})
	return files
}

// sourceAPI lists the exported names of a source package's files:
// "sync.RWMutex (Lock, RLock, …)", "sync.OnceFunc".
func sourceAPI(files []*ast.File) []string {
	var names []string
	methods := map[string][]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && fd.Name.IsExported() {
				t := fd.Recv.List[0].Type
				if st, ok := t.(*ast.StarExpr); ok {
					t = st.X
				}
				if id, ok := t.(*ast.Ident); ok && id.IsExported() {
					methods[id.Name] = append(methods[id.Name], fd.Name.Name)
				}
			}
		}
	}
	for _, f := range files {
		pkg := f.Name.Name
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.IsExported() && d.Body != nil {
					names = append(names, pkg+"."+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if !s.Name.IsExported() {
							continue
						}
						n := pkg + "." + s.Name.Name
						if ms := methods[s.Name.Name]; len(ms) > 0 {
							n += " (" + strings.Join(ms, ", ") + ")"
						}
						names = append(names, n)
					case *ast.ValueSpec:
						if d.Tok != token.VAR {
							continue
						}
						for _, id := range s.Names {
							if id.IsExported() {
								names = append(names, pkg+"."+id.Name)
							}
						}
					}
				}
			}
		}
	}
	return names
}
