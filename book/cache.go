package book

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

// EnginePackages are the folders whose Go files make the engine the
// stepper runs: the WebAssembly module depends on them and nothing else of
// the repository (engine_test.go checks this list against go list -deps).
var EnginePackages = []string{"runtime", "vm", "lang", "lang/inline", "lang/ssagen", "view", "debugger", "replay", "book/stepper", "book/stepper/wasm", "internal/bug"}

// EngineHash is a hash of the engine's sources, go.mod, go.sum and the Go
// version: the key of the cached WebAssembly module.
func EngineHash(root string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", runtime.Version())
	for _, f := range []string{"go.mod", "go.sum"} {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", f, len(b))
		h.Write(b)
	}
	for _, dir := range EnginePackages {
		files, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), "*.go"))
		if err != nil {
			return "", err
		}
		sort.Strings(files)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(h, "%s/%s %d\n", dir, filepath.Base(f), len(b))
			h.Write(b)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// CacheDir is where the book keeps its WebAssembly modules:
// gmplab/book in the user's cache directory, or in the temporary
// directory when there is none (no $HOME, as in some CI containers).
func CacheDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return filepath.Join(os.TempDir(), "gmplab-book-cache"), nil
	}
	return filepath.Join(d, "gmplab", "book"), nil
}

// Wasm returns the engine compiled to WebAssembly and Go's wasm_exec.js,
// building them into cache when they are not there for this engine hash
// (a build takes a minute or more on a loaded machine; a cached one is
// free), with the module compressed beside it (Compressed).
func Wasm(root, cache, hash string, log io.Writer) (module, execJS string, err error) {
	dir := filepath.Join(cache, "wasm-"+hash)
	module, execJS = filepath.Join(dir, "stepper.wasm"), filepath.Join(dir, "wasm_exec.js")
	_, err1 := os.Stat(module)
	_, err2 := os.Stat(execJS)
	if err1 != nil || err2 != nil {
		if err := buildWasm(root, dir, log); err != nil {
			return "", "", err
		}
	}
	for _, f := range []string{module, execJS} {
		if err := compressOnce(root, f, log); err != nil {
			return "", "", err
		}
	}
	return module, execJS, nil
}

// buildWasm compiles the module into dir. The flags are the smallest
// build Go offers: -trimpath, and -s -w, which leave out the symbol table
// and DWARF (the module is 12.9 MB; the engine's own code, go/types and
// Go's runtime are most of it). Tried and left out: GOWASM=satconv,signext
// (19 bytes bigger), binaryen's wasm-opt -Oz (7% smaller, 1% once
// compressed, after ten minutes).
func buildWasm(root, dir string, log io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	module := filepath.Join(dir, "stepper.wasm")
	fmt.Fprintf(log, "book: compiling the engine to WebAssembly (once for these sources; cached in %s)\n", dir)
	// Temporary names of this process's own: two processes (two test
	// packages of one go test ./..., two book builds) may build the same
	// engine at once, and each renames its own finished file into place.
	tmp := fmt.Sprintf("%s.%d.tmp", module, os.Getpid())
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", tmp, "./book/stepper/wasm")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the WebAssembly module: %v\n%s", err, out)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	gr := strings.TrimSpace(string(goroot))
	var js []byte
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if js, err = os.ReadFile(filepath.Join(gr, filepath.FromSlash(p))); err == nil {
			break
		}
	}
	if err != nil {
		return fmt.Errorf("wasm_exec.js is in neither lib/wasm nor misc/wasm of %s", gr)
	}
	jsTmp := fmt.Sprintf("%s.%d.tmp", filepath.Join(dir, "wasm_exec.js"), os.Getpid())
	if err := os.WriteFile(jsTmp, js, 0o644); err != nil {
		return err
	}
	if err := os.Rename(jsTmp, filepath.Join(dir, "wasm_exec.js")); err != nil {
		return err
	}
	return os.Rename(tmp, module)
}

// files reads the repository's files by their paths from its root, for
// the steppers' scenarios (steppers.Files).
type files string

func (root files) ReadFile(p string) ([]byte, error) {
	b, err := os.ReadFile(filepath.Join(string(root), filepath.FromSlash(p)))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s: no such file", p)
	}
	return b, err
}
