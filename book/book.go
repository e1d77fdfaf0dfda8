// Package book renders the course into a static site (gmplab book build):
// the lessons with every cell's stored output, their timelines drawn as
// SVG, quizzes checked in the page, a stepper widget for every step cell
// and scenario (running the engine compiled to WebAssembly when a reader
// edits a scenario), the exercises' READMEs and the reference pages, with
// a table of contents, search, light and dark themes and a print
// stylesheet. Each Markdown extension is a package of its own under book/
// (cells, timelines, quizzes, steppers, asides, links), as hugo organises
// its goldmark extensions; the lessons are parsed by package notebook.
package book

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gmplab/gmplab/book/timelines"
)

//go:embed assets
var assets embed.FS

// Options say what to build.
type Options struct {
	Root     string           // the repository's root
	Out      string           // the site's folder (created; its old files are replaced); "" keeps the site in memory (Site.Files)
	Timeline timelines.Runner // runs a timeline cell's command in process
	Cache    string           // the cache folder ("" for CacheDir())
	NoWasm   bool             // leave the WebAssembly module out (the steppers then say they cannot run)
	Live     bool             // add the live-reload script (gmplab book serve)
	Log      io.Writer        // progress messages (the wasm build)
}

// Site is a built site.
type Site struct {
	Pages []*Page
	Wasm  string            // the WebAssembly module used ("" with NoWasm)
	Files map[string][]byte // the site's files by their paths in it
}

// Build renders the book into o.Out.
func Build(o Options) (*Site, error) {
	if o.Log == nil {
		o.Log = io.Discard
	}
	if o.Cache == "" {
		c, err := CacheDir()
		if err != nil {
			return nil, err
		}
		o.Cache = c
	}
	// Earlier builds cached the steppers' traces there; the widgets now
	// compute their runs in the page.
	os.RemoveAll(filepath.Join(o.Cache, "traces"))
	engine, err := EngineHash(o.Root)
	if err != nil {
		return nil, err
	}
	pages, err := collect(o.Root)
	if err != nil {
		return nil, err
	}
	res := &resolver{root: o.Root, bySrc: map[string]*Page{}, files: map[string]bool{}}
	for _, p := range pages {
		res.bySrc[p.Src] = p
	}
	md := NewMarkdown(o.Timeline, files(o.Root), res.resolve)
	out := map[string][]byte{}
	html := map[*Page]*rendered{}
	for _, p := range pages {
		r, err := render(md, p)
		if err != nil {
			return nil, err
		}
		html[p] = r
	}
	// Source pages for the files the links name (a folder's page names
	// more files).
	done := map[string]bool{}
	var extra []*Page
	for {
		var todo []*Page
		sp, err := res.sourcePages()
		if err != nil {
			return nil, err
		}
		for _, p := range sp {
			if !done[p.URL] {
				done[p.URL] = true
				todo = append(todo, p)
				res.bySrc[p.Src] = p
			}
		}
		if len(todo) == 0 {
			break
		}
		for _, p := range todo {
			r, err := render(md, p)
			if err != nil {
				return nil, err
			}
			html[p] = r
		}
		extra = append(extra, todo...)
	}

	tmpl, err := template.New("page.html").Funcs(template.FuncMap{"rel": rel}).ParseFS(assets, "assets/page.html")
	if err != nil {
		return nil, err
	}
	for i, p := range pages {
		var prev, next *Page
		if i > 0 {
			prev = pages[i-1]
		}
		if i+1 < len(pages) {
			next = pages[i+1]
		}
		b, err := page(tmpl, p, html[p], pages, prev, next, o)
		if err != nil {
			return nil, err
		}
		out[p.URL] = b
	}
	for _, p := range extra {
		b, err := page(tmpl, p, html[p], pages, nil, nil, o)
		if err != nil {
			return nil, err
		}
		out[p.URL] = b
	}
	// The whole book on one page, for print.
	pc, err := printContent(pages, html)
	if err != nil {
		return nil, err
	}
	intro := "<p class=\"print-note\">The whole book on one page, to print or to save as a PDF (Ctrl+P). " +
		"The steppers are left out: each lesson's cells show the same runs.</p>\n"
	pp := &Page{URL: printURL, Title: "The whole book, for print"}
	b, err := page(tmpl, pp, &rendered{HTML: intro + pc, Summary: "gmplab: the whole book on one page, for print."}, pages, nil, nil, o)
	if err != nil {
		return nil, err
	}
	out[printURL] = b
	out["search-index.js"] = searchIndex(pages, html)
	if err := addAssets(out); err != nil {
		return nil, err
	}
	site := &Site{Pages: append(pages, extra...)}
	if !o.NoWasm {
		module, execJS, err := Wasm(o.Root, o.Cache, engine, o.Log)
		if err != nil {
			return nil, err
		}
		for name, f := range map[string]string{"assets/stepper.wasm": module, "assets/wasm_exec.js": execJS} {
			if out[name], err = os.ReadFile(f); err != nil {
				return nil, err
			}
			for _, c := range Compressed {
				if out[name+c.Ext], err = os.ReadFile(f + c.Ext); err != nil {
					return nil, err
				}
			}
		}
		site.Wasm = module
	}
	site.Files = out
	if o.Out == "" {
		return site, nil
	}
	return site, write(o.Out, out)
}

// pageData is what the template sees.
type pageData struct {
	Page        *Page
	Title       string
	Content     template.HTML
	Sections    []*section
	Parts       []part
	Prev, Next  *Page
	Stepper     bool
	Live        bool
	NoWasm      bool   // the site has no WebAssembly module: the steppers say so at once
	Description string // the page's first paragraph, shortened (search engines show it)
}

type part struct {
	Name  string
	Pages []*Page
}

func page(tmpl *template.Template, p *Page, r *rendered, pages []*Page, prev, next *Page, o Options) ([]byte, error) {
	d := pageData{Page: p, Title: p.Title, Content: template.HTML(r.HTML), Prev: prev, Next: next, Stepper: r.Stepper, Live: o.Live, NoWasm: o.NoWasm, Description: r.Summary}
	for _, s := range r.Sections {
		if s.Level == 2 {
			d.Sections = append(d.Sections, s)
		}
	}
	for _, pg := range pages {
		if n := len(d.Parts); n == 0 || d.Parts[n-1].Name != pg.Part {
			d.Parts = append(d.Parts, part{Name: pg.Part})
		}
		d.Parts[len(d.Parts)-1].Pages = append(d.Parts[len(d.Parts)-1].Pages, pg)
	}
	var b bytes.Buffer
	if err := tmpl.Execute(&b, d); err != nil {
		return nil, fmt.Errorf("%s: %v", p.URL, err)
	}
	return b.Bytes(), nil
}

// searchIndex is the client-side search's data: one entry per section,
// with its prose.
func searchIndex(pages []*Page, html map[*Page]*rendered) []byte {
	type entry struct {
		U string `json:"u"` // URL
		P string `json:"p"` // the page's title
		T string `json:"t"` // the section's title
		X string `json:"x"` // its prose
	}
	var es []entry
	for _, p := range pages {
		for _, s := range html[p].Sections {
			u, title := p.URL, s.Title
			if s.Level > 1 {
				u += "#" + s.ID
			} else {
				title = p.Title // the page itself: its name once, as the table of contents says it
			}
			es = append(es, entry{U: u, P: p.Title, T: title, X: strings.TrimSpace(s.Text.String())})
		}
	}
	j, _ := json.Marshal(es)
	return []byte("window.GMPLAB_SEARCH=" + string(j) + ";\n")
}

// addAssets adds the stylesheet (with the highlighting's colours for both
// themes) and the scripts.
func addAssets(out map[string][]byte) error {
	ents, err := assets.ReadDir("assets")
	if err != nil {
		return err
	}
	for _, e := range ents {
		if e.Name() == "page.html" {
			continue
		}
		b, err := assets.ReadFile("assets/" + e.Name())
		if err != nil {
			return err
		}
		out["assets/"+e.Name()] = b
	}
	css, err := chromaCSS()
	if err != nil {
		return err
	}
	out["assets/style.css"] = append(out["assets/style.css"], css...)
	return nil
}

// manifest is the file, in a built site's folder, that lists the files
// the build wrote: the next build removes those of them it does not make
// again, and nothing else.
const manifest = ".gmplab-book"

// write puts the files into dir. A folder that holds files and no
// manifest is someone else's: it is refused, never cleared. Of what an
// earlier build wrote (its manifest), what this one does not make is
// removed; files a user added since are left alone.
func write(dir string, files map[string][]byte) error {
	old, err := os.ReadFile(filepath.Join(dir, manifest))
	switch {
	case err == nil:
	case errors.Is(err, fs.ErrNotExist):
		var theirs []string
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && len(theirs) < 3 {
				r, _ := filepath.Rel(dir, p)
				theirs = append(theirs, filepath.ToSlash(r))
			}
			return nil
		})
		if len(theirs) > 0 {
			return fmt.Errorf("%s holds files that no book build wrote (%s): build into a new or empty folder (-o DIR), or remove them first", dir, strings.Join(theirs, ", "))
		}
	default:
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, r := range strings.Split(string(old), "\n") {
		if _, ok := files[r]; r != "" && !ok && filepath.IsLocal(filepath.FromSlash(r)) {
			os.Remove(filepath.Join(dir, filepath.FromSlash(r)))
		}
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	// The manifest first: a build stopped half-way still owns its files.
	if err := os.WriteFile(filepath.Join(dir, manifest), []byte(strings.Join(names, "\n")+"\n"), 0o644); err != nil {
		return err
	}
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, b) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
