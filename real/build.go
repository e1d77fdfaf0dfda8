package real

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// GCFlags is how gmplab real builds the program. -l on package runtime
// keeps the scheduler's small functions (goready, runqget, globrunqget,
// which Go 1.26.8 inlines otherwise) real functions that Delve can stop in
// and whose arguments it can read; the runtime stays optimized otherwise (-N would make the
// runtime's nosplit functions and its timing unlike a real build), and the
// user's code is built as go build builds it, so that sim.Work's loop and
// the program's own calls behave as they do under go run.
const GCFlags = "-gcflags=runtime=-l"

// Build compiles the Go file at path into exe with GCFlags, in moduleDir
// (the gmplab module, where github.com/gmplab/gmplab/sim resolves). The
// file is named on the command line, so its //go:build ignore does not
// apply. The error carries the go command's own words.
func Build(ctx context.Context, gocmd, moduleDir, path, exe string) error {
	if gocmd == "" {
		var err error
		if gocmd, err = exec.LookPath("go"); err != nil {
			return errors.New("gmplab real builds the program with the go command, which is not on PATH: install Go 1.26 (https://go.dev/dl/)")
		}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, gocmd, "build", "-o", exe, GCFlags, abs)
	cmd.Dir = moduleDir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			if !strings.HasPrefix(l, "# ") { // "# command-line-arguments"
				lines = append(lines, l)
			}
		}
		msg := strings.Join(lines, "\n")
		if msg == "" {
			msg = err.Error()
		}
		return fmt.Errorf("go build %s: %s", path, msg)
	}
	return nil
}

// ModuleDir finds the gmplab module a scenario's imports resolve against:
// the directory of the go.mod of github.com/gmplab/gmplab above dir.
func ModuleDir(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil && bytes.HasPrefix(bytes.TrimSpace(data), []byte("module github.com/gmplab/gmplab\n")) {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", errors.New("gmplab real builds the program against the gmplab module (for github.com/gmplab/gmplab/sim): run it inside a clone of gmplab")
		}
		d = parent
	}
}

// CachedBuild is Build with the binary kept in the user's cache directory
// (gmplab/real), keyed by the program's source, gmplab's sim package, the
// flags and the go command: go build with a warm build cache still links
// the binary every time (about 2 s on a busy machine), and the launch
// should take less than 3 s in all. It returns the binary's path; a
// failure to use the cache falls back to building into dir.
func CachedBuild(ctx context.Context, gocmd, moduleDir, path, dir string) (string, error) {
	if gocmd == "" {
		gocmd, _ = exec.LookPath("go")
	}
	key, kerr := buildKey(gocmd, moduleDir, path)
	cache, cerr := os.UserCacheDir()
	if kerr != nil || cerr != nil {
		exe := filepath.Join(dir, "prog")
		return exe, Build(ctx, gocmd, moduleDir, path, exe)
	}
	cdir := filepath.Join(cache, "gmplab", "real")
	exe := filepath.Join(cdir, key)
	if _, err := os.Stat(exe); err == nil {
		return exe, nil
	}
	if err := os.MkdirAll(cdir, 0o755); err != nil {
		exe := filepath.Join(dir, "prog")
		return exe, Build(ctx, gocmd, moduleDir, path, exe)
	}
	tmp := filepath.Join(dir, "prog")
	if err := Build(ctx, gocmd, moduleDir, path, tmp); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, exe); err != nil {
		return tmp, nil // another filesystem: use it from dir
	}
	return exe, nil
}

// buildKey hashes what the binary depends on that can change between two
// launches: the program, the sim package's sources, go.mod and go.sum,
// the flags and the go command (its path, size and time).
func buildKey(gocmd, moduleDir, path string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00", GCFlags, gocmd, moduleDir)
	if fi, err := os.Stat(gocmd); err == nil {
		fmt.Fprintf(h, "%d %d\x00", fi.Size(), fi.ModTime().UnixNano())
	}
	files := []string{path, filepath.Join(moduleDir, "go.mod"), filepath.Join(moduleDir, "go.sum")}
	sims, _ := filepath.Glob(filepath.Join(moduleDir, "sim", "*.go"))
	files = append(files, sims...)
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			if f == path {
				return "", err
			}
			continue
		}
		io.WriteString(h, f+"\x00")
		_, err = io.Copy(h, fh)
		fh.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}
