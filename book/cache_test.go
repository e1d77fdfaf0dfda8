package book

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestEnginePackages: EnginePackages, which key the cached WebAssembly
// module and traces, are exactly the repository's packages the module is
// built from, so that a change to any of them makes a new module.
func TestEnginePackages(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: go list is slow on a loaded machine")
	}
	cmd := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", "./book/stepper/wasm")
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	var got []string
	for _, p := range strings.Fields(string(out)) {
		if rest, ok := strings.CutPrefix(p, "github.com/gmplab/gmplab/"); ok {
			got = append(got, rest)
		}
	}
	want := slices.Clone(EnginePackages)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the WebAssembly module is built from %q; EnginePackages says %q", got, want)
	}
}

// TestEngineHash: the hash changes with the engine's sources.
func TestEngineHash(t *testing.T) {
	dir := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(dir+"/"+p[:strings.LastIndex(p, "/")+1], 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dir+"/"+p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module x\n")
	write("go.sum", "")
	write("runtime/a.go", "package runtime\n")
	h1, err := EngineHash(dir)
	if err != nil {
		t.Fatal(err)
	}
	write("runtime/a_test.go", "package runtime\n// tests do not count\n")
	if h, _ := EngineHash(dir); h != h1 {
		t.Error("a test file changed the hash")
	}
	write("runtime/a.go", "package runtime\n// changed\n")
	if h, _ := EngineHash(dir); h == h1 {
		t.Error("a changed engine source kept the hash")
	}
}
