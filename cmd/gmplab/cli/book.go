package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// newBookCmd builds `gmplab book build` and `gmplab book serve`, which
// serves with x.NewBookServer, or runs gmplab-full without it; book build
// runs gmplab-course where the book is not built in (builtIn.BuildBook).
func newBookCmd(x Extras) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "book",
		Short: "Render the course as a static site (build), or serve it with live reload (serve)",
		Long: `The book is the course as a site: the lessons with every cell's output, their
timelines drawn per P, quizzes answered in the page, a stepper for every step
cell and scenario (edit a scenario and run it again: the engine runs in the
page, compiled to WebAssembly), the exercises and the reference pages.`,
		Args: noArgs(""),
		RunE: func(cmd *cobra.Command, args []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newBookBuildCmd(), newBookServeCmd(x))
	return cmd
}

type bookOptions struct {
	out    string
	noWasm bool
	addr   string
}

// bookSite is a built book: its number of pages and its files.
type bookSite struct {
	pages int
	files map[string][]byte
}

func (o *bookOptions) build(live bool, log io.Writer) (*bookSite, error) {
	root := RepoRoot()
	if root == "" {
		return nil, &ExitError{Code: 1, Msg: "gmplab book: run it inside a clone of the gmplab repository (no go.mod of github.com/gmplab/gmplab here or above)"}
	}
	if builtIn.BuildBook == nil {
		return nil, &ExitError{Code: 70, Msg: fmt.Sprintf("gmplab book: this binary has no book built in (a gmplab bug: gmplab book runs %s)", courseHelper.name)}
	}
	x := &CellExecutor{Root: root}
	// The build's progress lines (a line a write), folded on a terminal.
	log = &foldWriter{w: log, width: layoutWidth(log)}
	pages, files, err := builtIn.BuildBook(root, o.out, x.TimelineOf, o.noWasm, live, log)
	if err != nil {
		var ee *ExitError
		if errors.As(err, &ee) {
			return nil, err
		}
		return nil, &ExitError{Code: 1, Msg: "gmplab book: " + err.Error()}
	}
	return &bookSite{pages: pages, files: files}, nil
}

func newBookBuildCmd() *cobra.Command {
	o := &bookOptions{}
	cmd := &cobra.Command{
		Use:   "build [-o DIR]",
		Short: "Render the book into DIR (default: book-site)",
		Args:  noArgs("-o DIR names the site's folder"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if builtIn.BuildBook == nil {
				return runHelper(courseHelper, cmd, args, "", "goldmark and chroma, for gmplab book build")
			}
			start := time.Now()
			site, err := o.build(false, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			io.WriteString(out, view.Fill(fmt.Sprintf("book: %d pages in %s (%.1fs); open %s\n", site.pages, o.out,
				time.Since(start).Seconds(), filepath.Join(o.out, "index.html")), layoutWidth(out)))
			return nil
		},
	}
	cmd.Flags().StringVarP(&o.out, "output", "o", "book-site", "the site's `folder`")
	cmd.Flags().BoolVar(&o.noWasm, "no-wasm", false, "leave out the engine compiled to WebAssembly (the steppers then have no runs)")
	return cmd
}

func newBookServeCmd(x Extras) *cobra.Command {
	o := &bookOptions{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the book on 127.0.0.1 and rebuild it when a lesson, an exercise, an example or a doc changes",
		Long: `Serve the book on 127.0.0.1, rebuilt and reloaded in the browser on every save
under lessons/, exercises/, examples/, checker/scenarios/ and docs/. The site
is kept in memory (nothing is left on disk when the server stops), its big
files are sent compressed as the build stored them (brotli or gzip, as the
browser accepts) and the rest is gzipped on the fly.`,
		Args: noArgs("--addr and -o are its options"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkAddr(o.addr); err != nil {
				return err
			}
			if x.NewBookServer == nil {
				return runFull(cmd, args, "", "net/http, for gmplab book serve")
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return serveBook(ctx, o, x.NewBookServer, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	cmd.Flags().StringVarP(&o.out, "output", "o", "", "also write the site into this `folder` (default: kept in memory only)")
	cmd.Flags().StringVar(&o.addr, "addr", "127.0.0.1:8000", "the address to listen on (127.0.0.1 only)")
	cmd.Flags().BoolVar(&o.noWasm, "no-wasm", false, "leave out the engine compiled to WebAssembly (the steppers then have no runs)")
	return cmd
}

// watched are the folders whose changes rebuild the book being served:
// the pages' Markdown and everything the pages show or link.
var watched = []string{"lessons", "exercises", "examples", "checker/scenarios", "docs"}

// checkAddr checks book serve's --addr: the book is served on the
// loopback interface only.
func checkAddr(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || (host != "127.0.0.1" && host != "localhost") {
		return fmt.Errorf("--addr %q: the book serves on 127.0.0.1 only (example: 127.0.0.1:8000)", addr)
	}
	return nil
}

// serveBook builds the book, serves it with the server newServer makes
// until ctx ends (Ctrl-C, SIGTERM), and rebuilds it on every change under
// the watched folders; pages reload through /_live (server-sent events).
func serveBook(ctx context.Context, o *bookOptions, newServer func(files map[string][]byte) BookServer, stdout, stderr io.Writer) error {
	if err := checkAddr(o.addr); err != nil {
		return err
	}
	site, err := o.build(true, stderr)
	if err != nil {
		return err
	}
	srv := newServer(site.files)
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab book serve: " + err.Error()}
	}
	fmt.Fprintf(stdout, "book: serving http://%s/ (Ctrl-C stops)\n", ln.Addr())

	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	root := RepoRoot()
	for _, d := range watched {
		filepath.WalkDir(filepath.Join(root, filepath.FromSlash(d)), func(p string, e os.DirEntry, err error) error {
			if err == nil && e.IsDir() {
				w.Add(p)
			}
			return nil
		})
	}
	w.Add(root) // README.md
	go func() {
		var timer *time.Timer
		for {
			select {
			case ev, ok := <-w.Events:
				if !ok {
					return
				}
				if ev.Op&fsnotify.Create != 0 {
					if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
						w.Add(ev.Name)
					}
				}
				if !strings.HasSuffix(ev.Name, ".md") && !strings.HasSuffix(ev.Name, ".go") {
					continue
				}
				// Editors write a file in several steps: wait for them to
				// settle.
				if timer != nil {
					timer.Stop()
				}
				timer = time.AfterFunc(50*time.Millisecond, func() {
					start := time.Now()
					site, err := o.build(true, stderr)
					if err != nil {
						fmt.Fprintln(stderr, err)
						return
					}
					srv.Set(site.files)
					fmt.Fprintf(stdout, "book: rebuilt in %.2fs\n", time.Since(start).Seconds())
					srv.Reload()
				})
			case err, ok := <-w.Errors:
				if !ok {
					return
				}
				fmt.Fprintln(stderr, "book: watching:", err)
			}
		}
	}()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	srv.Shutdown(sctx)
	fmt.Fprintln(stdout, "book: stopped")
	return nil
}

// TimelineOf (the book's timelines.Runner) runs gmplab run ARGS in process and collects its events for
// the book's SVG timeline, as Timeline does for the text one.
func (x *CellExecutor) TimelineOf(args []string) (*view.Timeline, int, error) {
	o, err := x.parseRun(args)
	if err != nil {
		return nil, 0, err
	}
	prog, err := compile(o.root, o.File)
	if err != nil {
		return nil, 0, err
	}
	cfg := o.config()
	cfg.Why = false
	mc, err := runtime.New(prog, cfg)
	if err != nil {
		return nil, 0, err
	}
	tl := view.NewTimeline(cfg.GOMAXPROCS)
	tl.NoPs = !cfg.Layers.Has(runtime.LayerProcs)
	for {
		ev, ok := mc.Step()
		if !ok {
			break
		}
		tl.Event(ev)
	}
	return tl, cfg.GOMAXPROCS, nil
}
