package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/gmplab/gmplab/debugger/terminal"
	"github.com/gmplab/gmplab/internal/gobuild"
	"github.com/gmplab/gmplab/view"
)

// Some commands need what most of gmplab does not: gmplab real needs
// Delve (with cilium/ebpf and golang.org/x/arch under it), gmplab book
// serve needs net/http (with the TLS stack under it), and the lesson
// reader (gmplab lesson, and gmplab next when it opens a lesson) and
// gmplab book build need glamour and the book (goldmark, chroma,
// html/template). Delve and net/http were close to half of a cold build
// of gmplab (the README's first command compiled 397 packages in about
// 100 s of CPU, and 255 without them); the reader and the book are about a
// sixth of what was left (302 packages, 239 without them).
// So the gmplab binary leaves them out, and those commands run a helper
// binary: this command tree with Extras filled in, which gmplab builds
// from its source the first time, with a progress line, and keeps in the
// user's cache folder. gmplab-course (cmd/gmplab-course) has the reader
// and the book; gmplab-full (cmd/gmplab-full) has everything.
//
// Rejected: a build tag (gmplab real would say "rebuild gmplab with -tags
// delve", and the tagged files would escape go vet ./... and go test
// ./...); Delve as a plugin (Linux only, and the same build cost); the
// reader in gmplab-full (a learner's first lesson would wait for Delve's
// build); a smaller Markdown renderer than glamour (the reader's styles,
// light and dark, and its tested layout are glamour's).

// Extras are the parts of gmplab's commands that need what the gmplab
// binary leaves out. cmd/gmplab-full and cmd/gmplab-course fill them in
// (from package render, real and book/serve); where one is nil, its
// command runs the helper that has it.
type Extras struct {
	// OpenReal starts a program under Delve (real.Open).
	OpenReal func(ctx context.Context, o RealSpec) (RealDebugger, error)
	// NewBookServer serves a built book's files (book/serve.New).
	NewBookServer func(files map[string][]byte) BookServer
	// Markdown renders a lesson's Markdown for a terminal in a glamour
	// style, wrapped at wrap columns (render.Markdown).
	Markdown func(style string, wrap int) (func(md string) (string, error), error)
	// BuildBook builds the book of the clone at root (render.Book).
	BuildBook func(root, out string, timeline func(args []string) (*view.Timeline, int, error), noWasm, live bool, log io.Writer) (pages int, files map[string][]byte, err error)
}

// builtIn are the extras of this binary: RunFull sets them before the
// command runs (the lesson reader and the book reach them from outside
// the command tree: gmplab next opens the reader); the package's tests
// set them all.
var builtIn Extras

// RealSpec says what gmplab real runs (real.Options).
type RealSpec struct {
	File, Name string
	GOMAXPROCS int
	Timeout    time.Duration
}

// RealDebugger is a program under Delve (real.Debugger).
type RealDebugger interface {
	terminal.Session
	Banner() string
	Close() error
}

// BookServer serves a built book and tells its pages to reload
// (book/serve.Server).
type BookServer interface {
	// Serve serves on ln until it fails or Shutdown is called.
	Serve(ln net.Listener) error
	// Set replaces the files served (a rebuild).
	Set(files map[string][]byte)
	// Reload tells the pages to reload.
	Reload()
	// Shutdown stops the server.
	Shutdown(ctx context.Context) error
}

// RunFull is Run with the extras: gmplab-full's and gmplab-course's main.
func RunFull(args []string, stdin io.Reader, stdout, stderr io.Writer, x Extras) int {
	builtIn = x
	root := newRootCmd(x)
	root.SetIn(stdin)
	return execute(root, args, stdout, stderr)
}

// helper is a binary gmplab runs for the commands it leaves out: its
// name, which is also its command's folder (cmd/NAME), and how long its
// first build takes once gmplab is built, for the line that says it is
// being built.
type helper struct {
	name  string
	takes string
}

var (
	// fullHelper has every command built in (Delve, net/http, the
	// reader, the book): about 150 more packages than gmplab.
	fullHelper = helper{name: "gmplab-full", takes: "a minute or two"}
	// courseHelper has the lesson reader and the book: about 60 more
	// packages than gmplab.
	courseHelper = helper{name: "gmplab-course", takes: "under a minute"}
)

// runFull runs the command cmd (with its flags as set and args) in
// gmplab-full; see runHelper.
func runFull(cmd *cobra.Command, args []string, dir string, why string) error {
	return runHelper(fullHelper, cmd, args, dir, why)
}

// runHelper runs the command cmd (with its flags as set and args) in the
// helper h, in dir ("": the current directory), with the command's
// standard streams, and ends with its exit code. why says what it is
// needed for.
func runHelper(h helper, cmd *cobra.Command, args []string, dir string, why string) error {
	argv := strings.Fields(cmd.CommandPath())[1:]
	cmd.Flags().Visit(func(f *pflag.Flag) {
		argv = append(argv, "--"+f.Name+"="+f.Value.String())
	})
	argv = append(append(argv, "--"), args...)
	return runHelperArgs(h, cmd.CommandPath(), argv, dir, why, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr())
}

// runHelperArgs runs the helper h with argv (gmplab's arguments) for the
// command named name. Ctrl-C goes to the helper (the terminal sends it to
// both): this process waits for it.
func runHelperArgs(h helper, name string, argv []string, dir, why string, stdin io.Reader, stdout, stderr io.Writer) error {
	exe, err := helperBinary(h, why, stderr)
	if err != nil {
		return &ExitError{Code: 1, Msg: name + ": " + err.Error()}
	}
	c := exec.Command(exe, argv...)
	c.Dir = dir
	c.Stdin, c.Stdout, c.Stderr = stdin, stdout, stderr
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	err = c.Run()
	var xe *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &xe) && xe.ExitCode() >= 0:
		return &ExitError{Code: xe.ExitCode()}
	}
	return &ExitError{Code: 1, Msg: fmt.Sprintf("%s: %s: %v", name, exe, err)}
}

// helperBinary returns the helper h, built or brought up to date from the
// clone gmplab was built from (or the one holding the current folder)
// where there is one and the go command, else the one installed beside
// gmplab or on PATH (or gmplab-full, which has every command). why says
// what it is needed for.
func helperBinary(h helper, why string, progress io.Writer) (string, error) {
	clone := gobuild.SourceDir()
	if clone == "" {
		clone = RepoRoot()
	}
	gocmd, goErr := exec.LookPath("go")
	if clone != "" && goErr == nil {
		exe, err := helperPath(h, clone)
		if err != nil {
			return "", err
		}
		return exe, buildHelper(h, gocmd, clone, exe, why, progress)
	}
	for _, name := range []string{h.name, fullHelper.name} {
		if self, err := os.Executable(); err == nil {
			exe := filepath.Join(filepath.Dir(self), name)
			if _, err := os.Stat(exe); err == nil {
				return exe, nil
			}
		}
		if exe, err := exec.LookPath(name); err == nil {
			return exe, nil
		}
	}
	if goErr != nil {
		return "", fmt.Errorf("it runs in %s (gmplab with %s), which gmplab builds with the go command, not on PATH: install Go (https://go.dev/dl/)", h.name, why)
	}
	return "", fmt.Errorf("it runs in %s (gmplab with %s), which gmplab builds from its source: run it inside your clone of gmplab, or install it beside gmplab (go install %s/cmd/%s)", h.name, why, gobuild.Module, h.name)
}

// helperPath is where the helper h built from clone is kept: one per
// clone, in the user's cache folder.
func helperPath(h helper, clone string) (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder to keep %s in: %v", h.name, err)
	}
	sum := sha256.Sum256([]byte(clone))
	return filepath.Join(cache, "gmplab", "bin", hex.EncodeToString(sum[:6]), h.name), nil
}

// countLine is buildHelper's counter, "  12 packages compiled: PKG", cut
// to fit width (when not 0): it is redrawn in place, and a line that
// wrapped would have only its last row redrawn.
func countLine(n int, pkg string, width int) string {
	line := fmt.Sprintf("  %d packages compiled: %s", n, pkg)
	if r := []rune(line); width > 0 && len(r) >= width {
		line = string(r[:width-2]) + "…"
	}
	return line
}

// buildHelper brings the helper h up to date, saying so on progress, if
// it is a terminal, when it has to compile: a line before, one that
// counts the packages, and one after. A pipe or a file (a notebook cell's
// output, a log) gets nothing: the command's output is the same whether
// it built.
func buildHelper(h helper, gocmd, clone, exe, why string, progress io.Writer) error {
	tty := isTerminalW(progress)
	start := time.Now()
	n := 0
	say := func(pkg string) {
		n++
		if !tty {
			return
		}
		width := layoutWidth(progress)
		if n == 1 {
			msg := fmt.Sprintf("gmplab: building %s (gmplab with %s) from %s, once: the first time takes %s", h.name, why, clone, h.takes)
			fmt.Fprintln(progress, view.Fill(msg, width))
		}
		fmt.Fprintf(progress, "\r\033[K%s", countLine(n, pkg, width))
	}
	err := gobuild.Tool(context.Background(), gocmd, clone, "./cmd/"+h.name, exe, say)
	if n > 0 && tty {
		io.WriteString(progress, "\r\033[K")
		if err == nil {
			fmt.Fprintf(progress, "gmplab: built %s (%s, %.0fs)\n", h.name, plural(n, "package"), time.Since(start).Seconds())
		}
	}
	if err != nil {
		return fmt.Errorf("building %s: %v", h.name, err)
	}
	return nil
}

// statusLine shows what a long command is doing on one line of a
// terminal, each step replacing the last; elsewhere it shows nothing (a
// log wants results, not steps).
type statusLine struct {
	w      io.Writer
	prefix string
	shown  bool
}

func newStatusLine(w io.Writer, prefix string) *statusLine {
	if !isTerminalW(w) {
		w = nil
	}
	return &statusLine{w: w, prefix: prefix}
}

// show replaces the line with msg.
func (s *statusLine) show(msg string) {
	if s.w == nil {
		return
	}
	fmt.Fprintf(s.w, "\r\033[K%s%s…", s.prefix, msg)
	s.shown = true
}

// clear removes the line.
func (s *statusLine) clear() {
	if s.shown {
		io.WriteString(s.w, "\r\033[K")
		s.shown = false
	}
}
