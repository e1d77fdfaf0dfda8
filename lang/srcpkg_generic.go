package lang

import (
	"go/ast"
	"go/types"
)

// Generic functions of library source (slices.SortFunc, sync.OnceValue,
// maps.DeleteFunc) are compiled as the program's own generic functions
// are (generic.go): once per instantiation, from the declaration's syntax
// tree with the type arguments substituted, under Go's names
// (slices.SortFunc[...], slices.pdqsortCmpFunc[...]). A generic
// declaration of source is declared to the generic machinery on its first
// use, with the library's type information about it imported into the
// program's (instances included, so that a generic body's calls of other
// generic functions find their type arguments).

// sourceGeneric reports whether f (an origin) is a generic function, or a
// method of a generic type, of library source, and declares it on first
// use.
func (c *compiler) sourceGeneric(f *types.Func) bool {
	if c.libs.src == nil {
		return false
	}
	d := c.libs.src.funcs[f]
	if d == nil || d.Body == nil || !isGenericDecl(d) {
		return false
	}
	c.importInfo(d)
	if b := c.gen.base; b != nil {
		// Used from an instantiation: the declaration's variables are
		// the program's info's (importInfo).
		cur := c.info
		c.info = b
		defer func() { c.info = cur }()
	}
	c.findCaptures(d)
	c.declareGeneric(d, f)
	c.reach(f.Pkg())
	return true
}

// isGenericDecl reports whether d declares a generic function or a method
// of a generic type.
func isGenericDecl(d *ast.FuncDecl) bool {
	if d.Type.TypeParams != nil {
		return true
	}
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return false
	}
	t := unparen(d.Recv.List[0].Type)
	if st, ok := t.(*ast.StarExpr); ok {
		t = unparen(st.X)
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}
