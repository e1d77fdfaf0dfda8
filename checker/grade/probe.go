package grade

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Every package's initialisation (its func init, its package-level
// variables' values) runs when the grading program starts, in every
// process, before ChildMain sets any limit: one submission whose init
// panics or loops would fail every exercise of every submission. So the
// program is started once first (gradebin -init returns as soon as main
// runs); if it does not start, each package that has init-time code is
// tried in a program of its own, those that fail are graded 0 with the
// reason, and the program is linked again without them.

// probeArg makes the grading program return at once: its packages are
// initialised, and nothing else runs.
const probeArg = "-init"

// startable returns a grading program that starts: bin, or bin linked
// again without the packages whose initialisation fails (added to broken).
func startable(ctx context.Context, o Options, tmp string, ov overlay, bin string, pkgs []gradePkg, broken map[string]string) (string, error) {
	why := probe(ctx, o, bin)
	if why == "" {
		return bin, nil
	}
	for _, p := range pkgs {
		if _, bad := broken[p.path]; bad || !hasInitCode(p.files) {
			continue
		}
		one, err := link(ctx, o.Root, tmp, ov, "probe", []gradePkg{p}, nil)
		if err != nil {
			return "", err
		}
		if w := probe(ctx, o, one); w != "" {
			broken[p.path] = "its initialisation (func init, or a package-level variable's value) fails when the grading program starts, before any test: " + w
		}
	}
	bin, err := link(ctx, o.Root, tmp, ov, "gradebin", pkgs, broken)
	if err != nil {
		return "", err
	}
	if why := probe(ctx, o, bin); why != "" {
		return "", fmt.Errorf("the grading program does not start, and no one submission's initialisation is to blame: %s", why)
	}
	return bin, nil
}

// probe starts bin with probeArg and says why it did not start, or "".
// Starting takes milliseconds; the limit is wall-clock time (the process
// sets its CPU limit only in main), o.Timeout but at least 10 s so that a
// loaded machine does not fail it.
func probe(ctx context.Context, o Options, bin string) string {
	limit := max(o.Timeout, 10*time.Second)
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, probeArg)
	cmd.Dir = filepath.Dir(bin)
	stderr := newOutput(32 << 10)
	cmd.Stderr = stderr
	err := cmd.Run()
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		return fmt.Sprintf("it did not return within %v (an endless loop?; gmplab grade --timeout raises the limit)", limit)
	case err != nil:
		if d := deathLines(stderr.String()); d != "" && !strings.Contains(d, "out of memory") {
			return d
		}
		return explainDeath(err, stderr.String(), o.MemoryMB)
	}
	return ""
}

// hasInitCode says whether files declare a func init or a package-level
// variable whose value calls a function or holds a function literal: the
// code that runs at initialisation. A file that does not parse has none
// (it does not compile).
func hasInitCode(files []string) bool {
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name == "init" {
					return true
				}
			case *ast.GenDecl:
				if d.Tok != token.VAR {
					continue
				}
				found := false
				ast.Inspect(d, func(n ast.Node) bool {
					switch n.(type) {
					case *ast.CallExpr, *ast.FuncLit:
						found = true
					}
					return !found
				})
				if found {
					return true
				}
			}
		}
	}
	return false
}
