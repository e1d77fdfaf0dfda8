package lang

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"testing"
	"testing/fstest"
)

// TestSourceGenericTraceback: an instantiation of a generic library
// function is named in a traceback as Go names it (slices.SortFunc[...],
// the generic helpers it calls too), at the line of Go's own file, since
// the library's source is kept line for line. The lines below are what
// go run printed for the same program (Go 1.26.8).
func TestSourceGenericTraceback(t *testing.T) {
	src := `package main

import (
	"fmt"
	"slices"
)

func main() {
	s := []int{3, 1, 2}
	slices.SortFunc(s, func(a, b int) int {
		if a == 2 {
			panic("cmp")
		}
		return a - b
	})
	fmt.Println(s)
}
`
	prog, err := Compile("tb.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, stderr, code := simulateRaw(t, prog, 1)
	if code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	want := []string{
		"panic: cmp",
		"main.main.func1(...)\n\ttb.go:12",
		"slices.insertionSortCmpFunc[...](...)\n\t$GOROOT/src/slices/zsortanyfunc.go:12",
		"slices.pdqsortCmpFunc[...](...)\n\t$GOROOT/src/slices/zsortanyfunc.go:73",
		"slices.SortFunc[...](...)\n\t$GOROOT/src/slices/sort.go:32",
		"main.main(...)\n\ttb.go:10",
	}
	at := 0
	for _, w := range want {
		i := strings.Index(stderr[at:], w)
		if i < 0 {
			t.Fatalf("traceback\n%s\nlacks (in order) %q", stderr, w)
		}
		at += i + len(w)
	}
}

// TestSourceGenericReached: a generic library function is compiled once
// per instantiation, and only those the program uses.
func TestSourceGenericReached(t *testing.T) {
	src := "package main\n\nimport (\n\t\"fmt\"\n\t\"slices\"\n)\n\nfunc main() {\n\ta := []int{2, 1}\n\tb := []string{\"b\", \"a\"}\n\tslices.SortFunc(a, func(x, y int) int { return x - y })\n\tslices.SortFunc(a, func(x, y int) int { return y - x })\n\tslices.SortFunc(b, func(x, y string) int { return len(x) - len(y) })\n\tfmt.Println(a, b, slices.IndexFunc(a, func(int) bool { return true }))\n}\n"
	prog, err := Compile("reach.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, f := range prog.Funcs {
		count[f.Name]++
	}
	if count["slices.SortFunc[...]"] != 2 || count["slices.pdqsortCmpFunc[...]"] != 2 || count["slices.IndexFunc[...]"] != 1 {
		t.Errorf("instantiations: %v; want SortFunc and pdqsortCmpFunc twice ([]int, []string), IndexFunc once", count)
	}
	if count["slices.stableCmpFunc[...]"] != 0 {
		t.Errorf("slices.stableCmpFunc compiled, not reached")
	}
}

// TestSourceLineForLine: the library files kept line for line with Go's
// (so that a traceback's line is Go's) declare each function at the line
// Go's file of the same name declares it (read from the toolchain's
// GOROOT; skipped if it is not there).
func TestSourceLineForLine(t *testing.T) {
	goroot := goruntime.GOROOT()
	for _, name := range []string{"slices/slices.go", "slices/sort.go", "slices/zsortanyfunc.go", "maps/maps.go", "sync/oncefunc.go"} {
		real, err := os.ReadFile(filepath.Join(goroot, "src", name))
		if err != nil {
			t.Skipf("no Go source: %v", err)
		}
		realLine := map[string]int{}
		for i, l := range strings.Split(string(real), "\n") {
			if strings.HasPrefix(l, "func ") {
				realLine[l] = i + 1
			}
		}
		files, err := srcFiles(srcFS, srcRelease)
		if err != nil {
			t.Fatal(err)
		}
		src, err := fs.ReadFile(srcFS, files[name])
		if err != nil {
			t.Fatalf("%s is not in lang/srcpkg: %v", name, err)
		}
		n := 0
		for i, l := range strings.Split(string(src), "\n") {
			if !strings.HasPrefix(l, "func ") || strings.HasPrefix(l, "func bitsLen(") {
				continue // bitsLen stands in for math/bits.Len, after Go's lines
			}
			n++
			if want, ok := realLine[l]; !ok || want != i+1 {
				t.Errorf("%s:%d: %q is at line %d of Go's file (0: not there)", name, i+1, l, want)
			}
		}
		if n == 0 {
			t.Errorf("%s: no function", name)
		}
	}
}

// A release's copies replace the earlier ones for a gmplab built with that
// release or a later one, file by file; a development toolchain gets the
// base copies.
func TestSrcFilesByRelease(t *testing.T) {
	fsys := fstest.MapFS{
		"srcpkg/a/x.go":         {Data: []byte("base")},
		"srcpkg/a/y.go":         {Data: []byte("base")},
		"srcpkg-go1.27/a/x.go":  {Data: []byte("1.27")},
		"srcpkg-go1.28/a/y.go":  {Data: []byte("1.28")},
		"srcpkg-go1.28/a/z.txt": {Data: []byte("not Go")},
	}
	for release, want := range map[string]map[string]string{
		"go1.26": {"a/x.go": "srcpkg/a/x.go", "a/y.go": "srcpkg/a/y.go"},
		"go1.27": {"a/x.go": "srcpkg-go1.27/a/x.go", "a/y.go": "srcpkg/a/y.go"},
		"go1.29": {"a/x.go": "srcpkg-go1.27/a/x.go", "a/y.go": "srcpkg-go1.28/a/y.go"},
		"":       {"a/x.go": "srcpkg/a/x.go", "a/y.go": "srcpkg/a/y.go"},
	} {
		got, err := srcFiles(fsys, release)
		if err != nil || !maps.Equal(got, want) {
			t.Errorf("srcFiles(%q) = %v, %v; want %v", release, got, err, want)
		}
	}
}
