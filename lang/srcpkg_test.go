package lang

import (
	"strings"
	"sync"
	"testing"
)

// TestSourceReachedOnly: a program carries only the library functions it
// reaches, so that importing a package with source costs nothing unused.
func TestSourceReachedOnly(t *testing.T) {
	src := "package main\n\nimport (\n\t\"fmt\"\n\t\"sort\"\n)\n\nfunc main() {\n\tfmt.Println(sort.SearchInts([]int{1, 2}, 2))\n}\n"
	prog, err := Compile("reach.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range prog.Funcs {
		names = append(names, f.Name)
	}
	got := strings.Join(names, " ")
	for _, want := range []string{"sort.SearchInts", "sort.Search", "sort.SearchInts.func1"} {
		if !strings.Contains(" "+got+" ", " "+want+" ") {
			t.Errorf("functions %s: want %s", got, want)
		}
	}
	if strings.Contains(got, "sort.Find") {
		t.Errorf("functions %s: sort.Find is not reached", got)
	}
	files := strings.Join(prog.Files, " ")
	if !strings.Contains(files, "sort/search.go") || strings.Contains(files, "sort/slice.go") || strings.Contains(files, "zsort") {
		t.Errorf("files %q: want sort/search.go and no other file of sort's with code (the package clause of sort.go, for its initialiser, is all right)", prog.Files)
	}
}

// TestSourceInternalImport: a program may not import the library's
// internal packages, as Go refuses "use of internal package".
func TestSourceInternalImport(t *testing.T) {
	_, err := Compile("int.go", []byte("package main\n\nimport \"internal/x\"\n\nfunc main() {}\n"))
	if err == nil || !strings.Contains(err.Error(), `import "internal/x" is not supported`) {
		t.Fatalf("err = %v", err)
	}
}

// BenchmarkCompileSmall is the cost of compiling a small program that uses
// library source (sort.Search) and one that imports a package with source
// without using it.
func BenchmarkCompileSmall(b *testing.B) {
	for _, bc := range []struct{ name, src string }{
		{"search", "package main\n\nimport (\n\t\"fmt\"\n\t\"sort\"\n)\n\nfunc main() {\n\tfmt.Println(sort.SearchInts([]int{1, 2}, 2))\n}\n"},
		{"waitgroup", "package main\n\nimport (\n\t\"fmt\"\n\t\"sync\"\n)\n\nfunc main() {\n\tvar wg sync.WaitGroup\n\twg.Add(1)\n\tgo func() { fmt.Println(1); wg.Done() }()\n\twg.Wait()\n}\n"},
		{"ints", "package main\n\nimport (\n\t\"fmt\"\n\t\"sort\"\n)\n\nfunc main() {\n\ta := []int{2, 1}\n\tsort.Ints(a)\n\tfmt.Println(a)\n}\n"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Compile("bench.go", []byte(bc.src)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestSourceSharedConcurrently: compilations share the library (built and
// checked once, then only read), so they may run at the same time (run it
// with -race to check).
func TestSourceSharedConcurrently(t *testing.T) {
	var wg sync.WaitGroup
	for _, f := range []string{"testdata/run/sortslice.go", "testdata/run/context.go", "testdata/run/cond.go", "testdata/run/syncmap.go", "testdata/run/slices_sortfunc.go", "testdata/run/oncevalue.go"} {
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := CompileFile(f); err != nil {
					t.Error(err)
				}
			}()
		}
	}
	wg.Wait()
}
