package grade

import (
	"os"
	"path/filepath"
	"testing"
)

// TestHasInitCode: the packages tried alone when the grading program does
// not start are those with a func init or a package-level variable whose
// value runs code.
func TestHasInitCode(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		src  string
		want bool
	}{
		{"package p\n\nfunc init() {}\n", true},
		{"package p\n\nvar x = f()\n\nfunc f() int { return 1 }\n", true},
		{"package p\n\nvar x = func() int { return 1 }\n", true},
		{"package p\n\nvar x, y = 1, [2]int{3, 4}\n\nconst z = 5\n", false},
		{"package p\n\ntype T struct{}\n\nfunc (T) init() {}\n", false},
		{"package p\n\nfunc f( {\n", false}, // does not parse: the compiler says why
	} {
		f := filepath.Join(dir, "f.go")
		if err := os.WriteFile(f, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := hasInitCode([]string{f}); got != c.want {
			t.Errorf("hasInitCode(%q) = %v, want %v", c.src, got, c.want)
		}
	}
}
