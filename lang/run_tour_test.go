package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// realBuild builds file with the real toolchain into bin. A program that
// imports golang.org/x/tour/... (A Tour of Go's tree package) is built in
// a module of its own whose golang.org/x/tour is the package's source as
// lang/srcpkg holds it (the real file, line for line, without its
// `//go:build ignore`), so that the goldens need no network.
func realBuild(t *testing.T, file, bin string) ([]byte, error) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), `"golang.org/x/tour/`) {
		return exec.Command("go", "build", "-o", bin, file).CombinedOutput()
	}
	dir := t.TempDir()
	tour := filepath.Join(dir, "tour")
	lib := filepath.Join("srcpkg", "golang.org", "x", "tour")
	err = filepath.WalkDir(lib, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		b = []byte(strings.Replace(string(b), "//go:build ignore\n", "", 1))
		rel, _ := filepath.Rel(lib, p)
		out := filepath.Join(tour, rel)
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		return os.WriteFile(out, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, "prog")
	for _, f := range []struct{ name, text string }{
		{filepath.Join(tour, "go.mod"), "module golang.org/x/tour\n\ngo 1.18\n"},
		{filepath.Join(prog, "go.mod"), "module prog\n\ngo 1.26\n\nrequire golang.org/x/tour v0.0.0\n\nreplace golang.org/x/tour => ../tour\n"},
		{filepath.Join(prog, "main.go"), string(src)},
	} {
		if err := os.MkdirAll(filepath.Dir(f.name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.name, []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "build", "-mod=mod", "-o", bin, ".")
	cmd.Dir = prog
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=")
	return cmd.CombinedOutput()
}

// A function declared without a body (A Tour of Go's exercise skeletons:
// func Walk(t *tree.Tree, ch chan int)) is go build's error, in its words.
func TestMissingFunctionBody(t *testing.T) {
	src := "package main\n\nimport \"golang.org/x/tour/tree\"\n\nfunc Walk(t *tree.Tree, ch chan int)\n\nfunc Same(t1, t2 *tree.Tree) bool\n\nfunc main() {\n}\n"
	_, err := Compile("x.go", []byte(src))
	want := "x.go:5:6: missing function body\nx.go:7:6: missing function body"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
