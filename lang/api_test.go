package lang

import (
	"go/types"
	"slices"
	"strings"
	"testing"
)

// The supported API that error messages and docs/go-subset.md list is the
// library's, package by package (api.go): every package a program can
// import is listed and every listed package imports; every name listed is
// one the package declares, exported, with the methods its type has; and
// none of realAPI's names (Go's, which gmplab refuses as "not supported")
// is one the library declares, since then it would compile.
func TestSupportedAPIIsTheLibrarys(t *testing.T) {
	lib := loadSSALib()
	lib.checkAll()
	if errs := lib.errors(); len(errs) > 0 {
		t.Fatalf("the library does not check: %v", errs)
	}
	imports := supportedImports()
	for _, p := range lib.paths {
		if !isInternalPath(p) && !slices.Contains(imports, p) {
			t.Errorf("%s is in the library and not among the supported imports", p)
		}
	}
	for _, p := range imports {
		pkg := lib.pkg(p)
		if pkg == nil {
			t.Errorf("%s is a supported import the library does not have", p)
			continue
		}
		src := "package main\n\nimport _ \"" + p + "\"\n\nfunc main() {}\n"
		if _, err := Compile("imp.go", []byte(src)); err != nil {
			t.Errorf("import %q: %v", p, err)
		}
		api := supportedAPI(p)
		if api == "" {
			t.Errorf("%s: no API listed", p)
		}
		for _, item := range splitAPI(api) {
			name, methods, _ := strings.Cut(item, " (")
			qual, member, ok := strings.Cut(name, ".")
			if !ok || qual != pkg.Name() {
				t.Errorf("%s: %q is not qualified by the package's name %s", p, item, pkg.Name())
				continue
			}
			obj := pkg.Scope().Lookup(member)
			if obj == nil || !obj.Exported() {
				t.Errorf("%s: %s is listed and is not an exported name of the library's package", p, name)
				continue
			}
			for _, m := range strings.Split(strings.TrimSuffix(methods, ")"), ", ") {
				if m == "" {
					continue
				}
				if o, _, _ := types.LookupFieldOrMethod(types.NewPointer(obj.Type()), true, pkg, m); o == nil {
					t.Errorf("%s: %s is listed with a method %s it does not have", p, name, m)
				}
			}
		}
		for _, n := range strings.Fields(realAPI[p]) {
			if pkg.Scope().Lookup(n) != nil {
				t.Errorf("realAPI[%q] lists %s, which the library declares (and so compiles): take it out", p, n)
			}
			for _, tn := range pkg.Scope().Names() {
				if obj, ok := pkg.Scope().Lookup(tn).(*types.TypeName); ok && obj.Exported() {
					if o, _, _ := types.LookupFieldOrMethod(types.NewPointer(obj.Type()), true, pkg, n); o != nil && o.Exported() {
						t.Errorf("realAPI[%q] lists %s, which the library's %s.%s has (and so compiles): take it out", p, n, pkg.Name(), tn)
					}
				}
			}
		}
	}
	for p := range realAPI {
		if lib.pkg(p) == nil {
			t.Errorf("realAPI lists %s, which is not in the library: a use of it is refused as an import", p)
		}
	}
}

// splitAPI splits an API list at the commas outside parentheses.
func splitAPI(api string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(api); i++ {
		switch api[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, api[start:i])
				start = i + 2 // ", "
			}
		}
	}
	return append(out, api[start:])
}

// An error lists a package of more than maxListed names with its
// variables counted, not listed (listedAPI): unicode's range tables and
// the variables holding them would bury its functions and types. No
// unicode name is refused any more, so the listing is checked as an error
// that refused one would give it.
func TestListedAPICountsVariables(t *testing.T) {
	got := supportedListed("unicode")
	const tail = ", and 258 variables, unicode.ASCII_Hex_Digit to unicode.Zs"
	if !strings.HasSuffix(got, tail) || strings.Contains(got, "unicode.Han") || strings.Contains(got, "unicode.Categories") {
		t.Errorf("unicode is listed as %q, want its variables counted (%q)", got, tail)
	}
	for _, name := range []string{"unicode.In", "unicode.SpecialCase (ToLower, ToTitle, ToUpper)", "unicode.To"} {
		if !strings.Contains(got, name+",") {
			t.Errorf("unicode's listing %q lacks %s", got, name)
		}
	}
	if n := len(strings.Split(supportedAPI("unicode"), ", ")); n <= maxListed {
		t.Errorf("unicode has %d names, no more than maxListed (%d): the test needs a package that has", n, maxListed)
	}
}
