package unicode126_test

import (
	"runtime"
	"strings"
	"testing"
	"unicode"

	unicode126 "github.com/gmplab/gmplab/internal/unicode126"
)

// The copy is Go 1.26's package: built by a Go 1.26 toolchain, every
// predicate and case mapping agrees with the toolchain's own package
// unicode on every rune (and one past the last); Version is 15.0.0 on
// any toolchain.
func TestSameAsGo126(t *testing.T) {
	if unicode126.Version != "15.0.0" {
		t.Errorf("Version %q, want Go 1.26's 15.0.0", unicode126.Version)
	}
	if !strings.HasPrefix(runtime.Version(), "go1.26") {
		t.Skipf("built by %s, whose package unicode has Unicode %s's tables", runtime.Version(), unicode.Version)
	}
	preds := []struct {
		name       string
		ours, real func(rune) bool
	}{
		{"IsControl", unicode126.IsControl, unicode.IsControl}, {"IsDigit", unicode126.IsDigit, unicode.IsDigit},
		{"IsGraphic", unicode126.IsGraphic, unicode.IsGraphic}, {"IsLetter", unicode126.IsLetter, unicode.IsLetter},
		{"IsLower", unicode126.IsLower, unicode.IsLower}, {"IsMark", unicode126.IsMark, unicode.IsMark},
		{"IsNumber", unicode126.IsNumber, unicode.IsNumber}, {"IsPrint", unicode126.IsPrint, unicode.IsPrint},
		{"IsPunct", unicode126.IsPunct, unicode.IsPunct}, {"IsSpace", unicode126.IsSpace, unicode.IsSpace},
		{"IsSymbol", unicode126.IsSymbol, unicode.IsSymbol}, {"IsTitle", unicode126.IsTitle, unicode.IsTitle},
		{"IsUpper", unicode126.IsUpper, unicode.IsUpper},
	}
	maps := []struct {
		name       string
		ours, real func(rune) rune
	}{
		{"ToLower", unicode126.ToLower, unicode.ToLower}, {"ToUpper", unicode126.ToUpper, unicode.ToUpper},
		{"ToTitle", unicode126.ToTitle, unicode.ToTitle}, {"SimpleFold", unicode126.SimpleFold, unicode.SimpleFold},
	}
	for r := rune(0); r <= unicode.MaxRune+1; r++ {
		for _, p := range preds {
			if p.ours(r) != p.real(r) {
				t.Fatalf("%s(%U): %v, Go's %v", p.name, r, p.ours(r), p.real(r))
			}
		}
		for _, m := range maps {
			if m.ours(r) != m.real(r) {
				t.Fatalf("%s(%U): %U, Go's %U", m.name, r, m.ours(r), m.real(r))
			}
		}
	}
}
