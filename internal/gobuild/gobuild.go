// Package gobuild builds, with the go command, the Go programs that gmplab
// runs on the real runtime (gmplab real, gmplab compare), and gmplab-full,
// the gmplab that has every command built in.
//
// A program builds where `go build FILE.go` would build it for its author
// (Where):
//
//   - a program that imports gmplab (its sim package) in a clone of gmplab:
//     the one holding the file, else the one holding the current folder,
//     else the one this binary was compiled from;
//   - any other program in the module that holds its folder, if there is
//     one;
//   - otherwise in a module made for it in gmplab's cache folder, whose go
//     line is the toolchain's, so that a file in any folder builds as
//     `go run FILE.go` would run it.
//
// This package imports nothing outside the standard library: the gmplab
// binary uses it without paying for Delve's build.
package gobuild

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"strconv"
	"strings"
)

// Module is gmplab's module path.
const Module = "github.com/gmplab/gmplab"

// RealGCFlags is how gmplab real builds the program. -l on package runtime
// keeps the scheduler's small functions (goready, runqget, globrunqget,
// which Go 1.26.8 inlines otherwise) real functions that Delve can stop in
// and whose arguments it can read; the runtime stays optimized otherwise
// (-N would make the runtime's nosplit functions and its timing unlike a
// real build), and the user's code is built as go build builds it, so
// that sim.Work's loop and the program's own calls behave as they do
// under go run.
const RealGCFlags = "-gcflags=runtime=-l"

// GoCommand finds the go command on PATH, or says how to get it; what
// names who needs it ("gmplab real").
func GoCommand(what string) (string, error) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		return "", fmt.Errorf("%s builds with the go command, which is not on PATH: install Go (https://go.dev/dl/)", what)
	}
	return gocmd, nil
}

// ModuleDir finds the clone of gmplab that holds dir: the folder of the
// nearest go.mod above it that declares module github.com/gmplab/gmplab.
func ModuleDir(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if isClone(d) {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("%s is not inside a clone of gmplab", dir)
		}
		d = parent
	}
}

// isClone reports whether dir holds gmplab's go.mod.
func isClone(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	return err == nil && bytes.HasPrefix(bytes.TrimSpace(data), []byte("module "+Module+"\n"))
}

// SourceDir returns the clone of gmplab this binary was compiled from, if
// it is still there, or "". The compiler records each file's path (a
// binary built with -trimpath records its import path instead, and has
// none).
func SourceDir() string {
	_, file, _, ok := goruntime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	// file is <clone>/internal/gobuild/gobuild.go.
	dir := filepath.Dir(filepath.Dir(filepath.Dir(file)))
	if !isClone(dir) {
		return ""
	}
	return dir
}

// ImportsGmplab returns the first gmplab package the Go file imports, or
// "". A file that cannot be parsed imports nothing here: go build says
// what is wrong with it.
func ImportsGmplab(file string) string {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
	if err != nil {
		return ""
	}
	for _, imp := range f.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err == nil && (p == Module || strings.HasPrefix(p, Module+"/")) {
			return p
		}
	}
	return ""
}

// NeedsCloneError is Where's answer for a program that imports gmplab
// when no clone of gmplab is at hand.
type NeedsCloneError struct {
	File, Import string
}

func (e *NeedsCloneError) Error() string {
	return fmt.Sprintf("%s imports %s, which builds only inside a clone of gmplab: copy %s into your clone (git clone https://%s) and run it from there",
		e.File, e.Import, filepath.Base(e.File), Module)
}

// Where returns the folder to run go build in for the Go file (see the
// package comment). clones are the gmplab clones to try for a program
// that imports gmplab, after the one holding the file ("" entries are
// skipped); gocmd is the go command, for the toolchain's version.
func Where(gocmd, file string, clones ...string) (string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	if imp := ImportsGmplab(abs); imp != "" {
		if d, err := ModuleDir(filepath.Dir(abs)); err == nil {
			return d, nil
		}
		for _, c := range clones {
			if c != "" {
				if d, err := ModuleDir(c); err == nil {
					return d, nil
				}
			}
		}
		return "", &NeedsCloneError{File: file, Import: imp}
	}
	if d := moduleRoot(filepath.Dir(abs)); d != "" {
		return d, nil
	}
	return tempModule(gocmd)
}

// moduleRoot is the folder of the nearest go.mod above dir, or "".
func moduleRoot(dir string) string {
	for {
		if fi, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && !fi.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// tempModule returns a module with nothing in it but its go.mod, whose go
// line is the toolchain's: the place to build a file that belongs to no
// module. It lives in gmplab's cache folder (one per toolchain), so that
// the builds made in it are cached from one run to the next.
func tempModule(gocmd string) (string, error) {
	out, err := exec.Command(gocmd, "env", "GOVERSION").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOVERSION: %v", err)
	}
	v := strings.TrimPrefix(strings.TrimSpace(string(out)), "go")
	if i := strings.IndexAny(v, " -"); i >= 0 { // "1.27.3 X:…", "1.28-devel"
		v = v[:i]
	}
	if v == "" || strings.Trim(v, "0123456789.") != "" {
		return "", fmt.Errorf("go env GOVERSION printed %q, not a Go version", out)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	dir := filepath.Join(base, "gmplab", "module", "go"+v)
	gomod := filepath.Join(dir, "go.mod")
	want := "// A module for the programs gmplab real and gmplab compare build that\n" +
		"// belong to no module of their own.\nmodule prog\n\ngo " + v + "\n"
	if b, err := os.ReadFile(gomod); err == nil && string(b) == want {
		return dir, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// Written beside and renamed, so that a build running at the same
	// time never reads half a go.mod.
	tmp, err := os.CreateTemp(dir, "go.mod.*")
	if err != nil {
		return "", err
	}
	_, werr := tmp.WriteString(want)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), gomod)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return "", werr
	}
	return dir, nil
}

// Build runs go build -o exe with flags on the files (or one package
// path) in dir. The files are named on the command line, so their build
// constraints (//go:build ignore) do not apply. The error carries the go
// command's own words.
func Build(ctx context.Context, gocmd, dir, exe string, flags []string, files ...string) error {
	if gocmd == "" {
		var err error
		if gocmd, err = GoCommand("gmplab"); err != nil {
			return err
		}
	}
	args := append([]string{"build", "-o", exe}, flags...)
	for _, f := range files {
		if strings.HasSuffix(f, ".go") {
			abs, err := filepath.Abs(f)
			if err != nil {
				return err
			}
			f = abs
		}
		args = append(args, f)
	}
	cmd := exec.CommandContext(ctx, gocmd, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return buildError(files, out.String(), err)
	}
	return nil
}

// buildError is a failed go build's error: its output without the
// "# command-line-arguments" headers.
func buildError(files []string, out string, err error) error {
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(l, "# ") {
			lines = append(lines, l)
		}
	}
	msg := strings.Join(lines, "\n")
	if msg == "" {
		msg = err.Error()
	}
	return fmt.Errorf("go build %s: %s", strings.Join(files, " "), msg)
}

// BuildPackage is Build for one package of dir's module, reporting each
// package the go command compiles (go build -v) to progress, so that a
// long first build can show where it is.
func BuildPackage(ctx context.Context, gocmd, dir, exe, pkg string, progress func(pkg string)) error {
	cmd := exec.CommandContext(ctx, gocmd, "build", "-v", "-o", exe, pkg)
	cmd.Dir = dir
	pipe, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	var out strings.Builder
	sc := bufio.NewScanner(pipe)
	for sc.Scan() {
		line := sc.Text()
		// -v prints each package's import path alone on its line; errors
		// and their "# pkg" headers are kept for the message.
		if progress != nil && line != "" && !strings.ContainsAny(line, " \t:#") {
			progress(line)
			continue
		}
		out.WriteString(line + "\n")
	}
	io.Copy(io.Discard, pipe)
	if err := cmd.Wait(); err != nil {
		return buildError([]string{pkg}, out.String(), err)
	}
	return nil
}

// CachedBuild is Build with the binary kept in the user's cache folder
// (gmplab/real), keyed by what it is built from: go build with a warm
// build cache still links the binary every time (about 2 s on a busy
// machine), and gmplab real's launch should take less than 3 s in all. It
// returns the binary's path; a failure to use the cache falls back to
// building into tmp, a folder of the caller's.
func CachedBuild(ctx context.Context, gocmd, dir, file, tmp string, flags []string) (string, error) {
	if gocmd == "" {
		var err error
		if gocmd, err = GoCommand("gmplab"); err != nil {
			return "", err
		}
	}
	key, kerr := buildKey(gocmd, dir, file, flags)
	cache, cerr := os.UserCacheDir()
	if kerr != nil || cerr != nil {
		exe := filepath.Join(tmp, "prog")
		return exe, Build(ctx, gocmd, dir, exe, flags, file)
	}
	cdir := filepath.Join(cache, "gmplab", "real")
	exe := filepath.Join(cdir, key)
	if _, err := os.Stat(exe); err == nil {
		return exe, nil
	}
	if err := os.MkdirAll(cdir, 0o755); err != nil {
		exe := filepath.Join(tmp, "prog")
		return exe, Build(ctx, gocmd, dir, exe, flags, file)
	}
	built := filepath.Join(tmp, "prog")
	if err := Build(ctx, gocmd, dir, built, flags, file); err != nil {
		return "", err
	}
	if err := os.Rename(built, exe); err != nil {
		return built, nil // another filesystem: use it from tmp
	}
	return exe, nil
}

// buildKey hashes what the binary depends on that can change between two
// launches: the program, gmplab's sim package's sources (when dir is a
// clone), the module's go.mod and go.sum, the flags, the go command (its
// path, size and time) and the environment that picks its toolchain and
// options.
func buildKey(gocmd, dir, file string, flags []string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%q\x00%s\x00%s\x00", flags, gocmd, dir)
	for _, env := range []string{"GOTOOLCHAIN", "GOFLAGS", "GOEXPERIMENT", "GOARCH", "GOOS", "GOAMD64", "CGO_ENABLED"} {
		fmt.Fprintf(h, "%s=%s\x00", env, os.Getenv(env))
	}
	if fi, err := os.Stat(gocmd); err == nil {
		fmt.Fprintf(h, "%d %d\x00", fi.Size(), fi.ModTime().UnixNano())
	}
	files := []string{file, filepath.Join(dir, "go.mod"), filepath.Join(dir, "go.sum")}
	if isClone(dir) {
		sims, _ := filepath.Glob(filepath.Join(dir, "sim", "*.go"))
		files = append(files, sims...)
	}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			if f == file {
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

// Tool brings exe, the binary of the command pkg of a gmplab clone
// ("./cmd/gmplab-full"), up to date with the clone's sources: when they
// changed since exe was built (a stamp beside it records their sizes and
// times, the toolchain and the environment), it runs go build, which
// compiles only what changed; progress hears each package compiled. The
// binary is written beside exe and renamed, so that two gmplabs starting
// at once never run half a binary.
func Tool(ctx context.Context, gocmd, clone, pkg, exe string, progress func(pkg string)) error {
	stamp, err := sourceStamp(gocmd, clone, pkg)
	if err != nil {
		return err
	}
	if b, err := os.ReadFile(exe + ".stamp"); err == nil && string(b) == stamp {
		if _, err := os.Stat(exe); err == nil {
			return nil
		}
	}
	if err := os.MkdirAll(filepath.Dir(exe), 0o755); err != nil {
		return err
	}
	tmp := fmt.Sprintf("%s.%d.tmp", exe, os.Getpid())
	defer os.Remove(tmp)
	if err := BuildPackage(ctx, gocmd, clone, tmp, pkg, progress); err != nil {
		return err
	}
	if err := os.Rename(tmp, exe); err != nil {
		return err
	}
	return os.WriteFile(exe+".stamp", []byte(stamp), 0o644)
}

// sourceStamp describes what a tool of the clone is built from: the size
// and time of every file but tests and test data (the Go files, go.mod and
// go.sum, and every file a package may embed), the go command and the
// environment that picks its toolchain. Looking at them
// takes milliseconds; asking go build takes a second or more on a busy
// machine.
func sourceStamp(gocmd, clone, pkg string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00", gocmd, clone, pkg)
	for _, env := range []string{"GOTOOLCHAIN", "GOFLAGS", "GOEXPERIMENT", "GOARCH", "GOOS", "GOAMD64", "CGO_ENABLED", "GOROOT"} {
		fmt.Fprintf(h, "%s=%s\x00", env, os.Getenv(env))
	}
	if fi, err := os.Stat(gocmd); err == nil {
		fmt.Fprintf(h, "%d %d\x00", fi.Size(), fi.ModTime().UnixNano())
	}
	err := filepath.WalkDir(clone, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != clone && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, "_test.go") || !d.Type().IsRegular() {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d %d\x00", p, fi.Size(), fi.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
