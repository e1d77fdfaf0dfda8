package lang

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// The API of the library written in source, for error messages and
// docs/go-subset.md: each package's exported functions, types (with their
// exported methods) and variables, read from its syntax trees, appended to
// what the hand-made part supports; a package that is source only becomes
// importable.

func init() {
	for _, path := range sourcePaths() {
		if isInternalPath(path) {
			continue
		}
		api := sourceAPI(path)
		if api == "" {
			continue
		}
		if cur := supportedAPI[path]; cur != "" {
			api = cur + ", " + api
		}
		supportedAPI[path] = api
		if !slices.Contains(supportedImports, path) {
			supportedImports = append(supportedImports, path)
			sortImports()
		}
	}
}

// sourceAPI lists the exported names of source package path: "sync.RWMutex
// (Lock, RLock, …), sync.OnceFunc".
func sourceAPI(path string) string {
	var names []string
	methods := map[string][]string{}
	files := loadSrcLib().pkgs[path]
	for _, f := range files {
		for _, d := range f.file.Decls {
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
		pkg := f.file.Name.Name
		for _, d := range f.file.Decls {
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
	return strings.Join(names, ", ")
}
