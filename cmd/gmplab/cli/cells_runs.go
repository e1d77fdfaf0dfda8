package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/gmplab/gmplab/notebook"
)

// Limits of a runs cell's program (notebook.RunsExecutor): its build, and
// each run. A lesson's program runs for well under a second; a run that
// reaches the limit is a program that hangs, reported as such.
const (
	runsBuildTimeout = 5 * time.Minute
	runsRunTimeout   = 2 * time.Minute
)

var _ notebook.RunsExecutor = (*CellExecutor)(nil)

// RunProgram implements notebook.RunsExecutor: go build the program (a
// path from Root) once into a scratch folder, with the cell's build
// environment for the release the go command reports (go env GOVERSION:
// under GOTOOLCHAIN=go1.27.3, Go 1.27's), then run the binary p.N times
// with p.Args and with p.Env added to this process's environment (so that
// GODEBUG and GOMAXPROCS reach the program and never the go command), in
// the scratch folder (a file the program writes is removed with it), each
// run's standard output and standard error together, a line "exit status
// N" where the run exited with N > 0 (a signal's death is an error), then
// what p.Then prints for it. Without a go command, or outside a clone (the
// program is not on disk), it returns a *notebook.Unavailable.
func (x *CellExecutor) RunProgram(p notebook.Program) ([]string, error) {
	path, env, args, n := p.Path, p.Env, p.Args, p.N
	gocmd, err := exec.LookPath("go")
	if err != nil {
		return nil, &notebook.Unavailable{Reason: "the go command is not on PATH: cannot build the real program"}
	}
	src := path
	if x.Root != "" && !filepath.IsAbs(src) {
		src = filepath.Join(x.Root, path)
	}
	if _, err := os.Stat(src); errors.Is(err, os.ErrNotExist) {
		// gmplab lesson outside a clone: the lesson's scenarios are built
		// in, its real programs are not.
		return nil, &notebook.Unavailable{Reason: path + " is not here: a runs cell builds its program from a clone of gmplab's repository"}
	} else if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "gmplab-runs-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	exe := filepath.Join(dir, "prog")
	ctx, cancel := context.WithTimeout(context.Background(), runsBuildTimeout)
	defer cancel()
	var buildEnv []string
	if p.Build != nil {
		release := ""
		if p.Build.Qualified() {
			v, err := exec.CommandContext(ctx, gocmd, "env", "GOVERSION").Output()
			if err != nil {
				return nil, fmt.Errorf("go env GOVERSION: %v", err)
			}
			release = notebook.Release(strings.TrimSpace(string(v)))
		}
		buildEnv = p.Build.BuildEnvFor(release)
	}
	build := exec.CommandContext(ctx, gocmd, "build", "-o", exe, src)
	build.Dir = filepath.Dir(src)
	build.Env = append(os.Environ(), buildEnv...)
	if out, err := build.CombinedOutput(); err != nil {
		if bytes.Contains(out, []byte("C compiler")) && bytes.Contains(out, []byte("not found")) {
			// A build line that asks for cgo, on a host without a C
			// compiler: nothing the lesson got wrong.
			return nil, &notebook.Unavailable{Reason: "go build needs a C compiler here (" + strings.Join(buildEnv, " ") + "): " + string(bytes.TrimSpace(out))}
		}
		if len(buildEnv) > 0 {
			return nil, fmt.Errorf("%s go build %s: %v\n%s", strings.Join(buildEnv, " "), path, err, out)
		}
		return nil, fmt.Errorf("go build %s: %v\n%s", path, err, out)
	}
	outs := make([]string, 0, n)
	for i := range n {
		ctx, cancel := context.WithTimeout(context.Background(), runsRunTimeout)
		cmd := exec.CommandContext(ctx, exe, args...)
		cmd.Env = append(os.Environ(), env...)
		cmd.Dir = dir // files the program writes (a trace, a profile) go with the binary
		out, err := cmd.CombinedOutput()
		cancel()
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, fmt.Errorf("run %d of %s did not end within %v (the limit of a runs cell's run)", i+1, path, runsRunTimeout)
		}
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() > 0 {
			// A status the cell's figures may read, as a run cell shows it.
			if len(out) > 0 && out[len(out)-1] != '\n' {
				out = append(out, '\n')
			}
			out = fmt.Appendf(out, "exit status %d\n", exit.ExitCode())
		} else if err != nil {
			return nil, fmt.Errorf("run %d of %s: %v\n%s", i+1, path, err, out)
		}
		if p.Then != nil {
			more, err := p.Then(dir)
			if err != nil {
				return nil, fmt.Errorf("after run %d of %s: %v", i+1, path, err)
			}
			if len(out) > 0 && out[len(out)-1] != '\n' {
				out = append(out, '\n')
			}
			out = append(out, more...)
		}
		outs = append(outs, string(out))
	}
	return outs, nil
}
