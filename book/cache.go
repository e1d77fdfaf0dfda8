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
	"time"
)

// EnginePackages are the folders whose Go files make the engine the
// stepper runs: the WebAssembly module depends on them and nothing else of
// the repository (engine_test.go checks this list against go list -deps).
var EnginePackages = []string{"runtime", "vm", "lang", "lang/inline", "lang/ssagen", "view", "debugger", "replay", "book/stepper", "book/stepper/wasm", "internal/bug", "internal/unicode126"}

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
		// A new engine's module: the old ones nobody has used lately go.
		if n, err := pruneWasm(cache, time.Now(), log); err == nil && n > 0 {
			fmt.Fprintf(log, "book: removed %d cached module(s) not used for %v\n", n, wasmUnused)
		}
	} else {
		// Used now: the mtime says when a module was last used.
		now := time.Now()
		os.Chtimes(dir, now, now)
	}
	for _, f := range []string{module, execJS} {
		if err := compressOnce(root, f, log); err != nil {
			return "", "", err
		}
	}
	return module, execJS, nil
}

// Each change to the engine's sources makes a new module of about 25 MB
// (with its compressed copies) in its own folder of the cache. When a new
// one is built, the folders of modules unused for wasmUnused go, except
// the wasmKept most recently used (other clones and worktrees of gmplab
// share the cache, and rebuilding one costs a minute).
const (
	wasmUnused = 72 * time.Hour
	wasmKept   = 4
)

// pruneWasm removes the module folders of cache that neither are among
// the wasmKept most recently used (by mtime: Wasm touches the folder it
// serves) nor were used within wasmUnused of now, and says how many went.
func pruneWasm(cache string, now time.Time, log io.Writer) (int, error) {
	dirs, err := filepath.Glob(filepath.Join(cache, "wasm-*"))
	if err != nil {
		return 0, err
	}
	type used struct {
		dir string
		at  time.Time
	}
	var all []used
	for _, d := range dirs {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			all = append(all, used{d, fi.ModTime()})
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].at.After(all[j].at) })
	n := 0
	for i, u := range all {
		if i < wasmKept || now.Sub(u.at) < wasmUnused {
			continue
		}
		if err := os.RemoveAll(u.dir); err != nil {
			fmt.Fprintf(log, "book: could not remove the old module %s: %v\n", u.dir, err)
			continue
		}
		n++
	}
	return n, nil
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
