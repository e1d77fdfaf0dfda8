package book

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
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

// TestCompressOnce: compressOnce writes NAME.br (by go run ./book/brotli)
// and NAME.gz beside a file, each decoding to the file, and leaves them be
// when they are newer than it.
func TestCompressOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: compressOnce builds book/brotli with go run")
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "stepper.wasm")
	data := bytes.Repeat([]byte("\x00asm the engine, compiled\n"), 2000)
	if err := os.WriteFile(f, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := compressOnce("..", f, &log); err != nil {
		t.Fatal(err)
	}
	br, err := os.ReadFile(f + ".br")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(br))); err != nil || !bytes.Equal(got, data) {
		t.Errorf("stepper.wasm.br decodes to %d bytes (%v), want the %d of stepper.wasm", len(got), err, len(data))
	}
	gz, err := os.ReadFile(f + ".gz")
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(zr); err != nil || !bytes.Equal(got, data) {
		t.Errorf("stepper.wasm.gz decodes to %d bytes (%v), want the %d of stepper.wasm", len(got), err, len(data))
	}
	log.Reset()
	if err := compressOnce("..", f, &log); err != nil || log.Len() != 0 {
		t.Errorf("the second time: %v, and it said %q; want nothing done", err, log.String())
	}
}

// pruneWasm keeps the wasmKept most recently used modules and any used
// within wasmUnused, and removes the rest.
func TestPruneWasm(t *testing.T) {
	cache := t.TempDir()
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	ages := map[string]time.Duration{ // folder: time since last use
		"wasm-a": time.Hour, "wasm-b": 100 * time.Hour, "wasm-c": 200 * time.Hour,
		"wasm-d": 300 * time.Hour, "wasm-e": 400 * time.Hour, "wasm-f": 500 * time.Hour,
		"other": 900 * time.Hour, // not a module: never touched
	}
	for d, age := range ages {
		p := filepath.Join(cache, d)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(p, "stepper.wasm"), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	var log strings.Builder
	n, err := pruneWasm(cache, now, &log)
	if err != nil {
		t.Fatal(err)
	}
	left, _ := filepath.Glob(filepath.Join(cache, "*"))
	var names []string
	for _, l := range left {
		names = append(names, filepath.Base(l))
	}
	if want := []string{"other", "wasm-a", "wasm-b", "wasm-c", "wasm-d"}; n != 2 || strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("pruneWasm removed %d, left %v; want 2 removed, %v left", n, names, want)
	}
}
