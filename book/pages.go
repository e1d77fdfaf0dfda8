package book

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
)

// Page is one page of the book.
type Page struct {
	Src   string // its Markdown's path from the repository's root ("" for generated pages)
	URL   string // its path in the site: lessons/04-sysmon.html
	Title string // as the table of contents shows it
	Part  string // the part of the book it belongs to

	nb   *notebook.Notebook // lessons
	text string             // the Markdown (lessons: without the front matter)
	code string             // source pages: the file's text and its language
	lang string
}

// Parts of the book, in order.
const (
	partIntro     = "Introduction"
	partLessons   = "Lessons"
	partExercises = "Exercises"
	partReference = "Reference"
)

// referenceDocs are the docs/ pages the book holds, in order (a missing
// one is left out: docs/go-subset.md may not exist yet).
// Any other Markdown file in docs/ follows them, by name, so that no doc
// is left as a raw listing.
var referenceDocs = []string{"debugger.md", "events.md", "go-subset.md", "real.md", "assumptions.md", "exercises.md", "glossary.md", "book.md", "notebook.md"}

// collect reads the course from the repository at root.
func collect(root string) ([]*Page, error) {
	read := func(p string) (string, error) {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		return string(b), err
	}
	var pages []*Page
	intro, err := read("README.md")
	if err != nil {
		return nil, err
	}
	pages = append(pages, &Page{Src: "README.md", URL: "index.html", Title: "gmplab", Part: partIntro, text: intro})

	dirs, err := os.ReadDir(filepath.Join(root, "lessons"))
	if err != nil {
		return nil, err
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(root, "lessons", d.Name(), "lesson.md")); err != nil {
			continue
		}
		l, err := lessons.LoadDir(filepath.Join(root, "lessons", d.Name()))
		if err != nil {
			return nil, err
		}
		nb, err := notebook.Load(l)
		if err != nil {
			return nil, err
		}
		// Cells name files from the repository's root.
		nb.Dir, nb.Name = "lessons/"+d.Name(), "lessons/"+d.Name()+"/lesson.md"
		pages = append(pages, &Page{Src: nb.Name, URL: "lessons/" + d.Name() + ".html",
			Title: fmt.Sprintf("%02d · %s", l.Num, l.Title), Part: partLessons, nb: nb, text: nb.Markdown()})
	}

	exs, _ := filepath.Glob(filepath.Join(root, "exercises", "*", "README.md"))
	sort.Strings(exs)
	for _, f := range exs {
		dir := filepath.Base(filepath.Dir(f))
		src := "exercises/" + dir + "/README.md"
		t, err := read(src)
		if err != nil {
			return nil, err
		}
		title := firstHeading(t, dir)
		// "02-runqput: runqput: runnext, …" reads "02 · runqput: runnext, …".
		if rest, ok := strings.CutPrefix(title, dir+": "); ok && len(dir) > 3 {
			title = dir[:2] + " · " + rest
		}
		pages = append(pages, &Page{Src: src, URL: "exercises/" + dir + ".html", Title: title, Part: partExercises, text: t})
	}

	docs := slices.Clone(referenceDocs)
	more, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	sort.Strings(more)
	for _, f := range more {
		if name := filepath.Base(f); !slices.Contains(docs, name) {
			docs = append(docs, name)
		}
	}
	for _, name := range docs {
		src := "docs/" + name
		t, err := read(src)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		pages = append(pages, &Page{Src: src, URL: "docs/" + strings.TrimSuffix(name, ".md") + ".html",
			Title: firstHeading(t, name), Part: partReference, text: t})
	}
	return pages, nil
}

// firstHeading is a Markdown text's first # heading, or def.
func firstHeading(text, def string) string {
	for _, l := range strings.Split(text, "\n") {
		if h, ok := strings.CutPrefix(l, "# "); ok {
			return strings.ReplaceAll(strings.TrimSpace(h), "`", "")
		}
	}
	return def
}

// rel is the relative URL from the page at from to the site path to.
func rel(from, to string) string {
	up := strings.Count(from, "/")
	return strings.Repeat("../", up) + to
}

// resolver maps the course's links (written for a repository host) to the
// book: a page's Markdown to the page, a folder to its README's page, any
// other file of the repository to a source page generated for it.
type resolver struct {
	root  string
	bySrc map[string]*Page
	files map[string]bool // repository files and folders that need a source page
}

func (r *resolver) resolve(from, dest string) (string, bool) {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:") {
		return "", false
	}
	target, anchor, _ := strings.Cut(dest, "#")
	if anchor != "" {
		anchor = "#" + anchor
	}
	p := path.Clean(path.Join(path.Dir(from), target))
	fromURL := r.bySrc[from].URL
	if pg, ok := r.bySrc[p]; ok {
		return rel(fromURL, pg.URL) + anchor, true
	}
	if pg, ok := r.bySrc[path.Join(p, "README.md")]; ok {
		return rel(fromURL, pg.URL) + anchor, true
	}
	fi, err := os.Stat(filepath.Join(r.root, filepath.FromSlash(p)))
	if err != nil || strings.HasPrefix(p, "../") {
		return "", false
	}
	r.files[p] = true
	if fi.IsDir() {
		return rel(fromURL, "src/"+p+"/index.html"), true
	}
	return rel(fromURL, "src/"+p+".html") + anchor, true
}

// sourcePages makes a page for each repository file a link named (its
// text, highlighted) and each folder (its files, linked).
func (r *resolver) sourcePages() ([]*Page, error) {
	var out []*Page
	names := make([]string, 0, len(r.files))
	for p := range r.files {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		disk := filepath.Join(r.root, filepath.FromSlash(p))
		fi, err := os.Stat(disk)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			b, err := os.ReadFile(disk)
			if err != nil {
				return nil, err
			}
			if strings.HasSuffix(p, ".md") {
				// A Markdown file the book has no page for (an exercise's
				// HINTS.md): rendered, not listed, and left out of the
				// table of contents and the search.
				out = append(out, &Page{Src: p, URL: "src/" + p + ".html", Title: firstHeading(string(b), p), text: string(b)})
				continue
			}
			out = append(out, &Page{Src: p, URL: "src/" + p + ".html", Title: p, code: string(b), lang: langOf(p)})
			continue
		}
		ents, err := os.ReadDir(disk)
		if err != nil {
			return nil, err
		}
		var list strings.Builder
		fmt.Fprintf(&list, "# %s\n\nThe folder `%s` of the repository:\n\n", p, p)
		for _, e := range ents {
			name := e.Name()
			if e.IsDir() {
				fmt.Fprintf(&list, "- `%s/`\n", name)
				continue
			}
			if _, ok := r.bySrc[p+"/"+name]; !ok {
				r.files[p+"/"+name] = true
			}
			fmt.Fprintf(&list, "- [%s](%s)\n", name, name)
		}
		out = append(out, &Page{Src: p + "/", URL: "src/" + p + "/index.html", Title: p + "/", text: list.String()})
	}
	return out, nil
}

func langOf(p string) string {
	switch path.Ext(p) {
	case ".go":
		return "go"
	case ".md":
		return "markdown"
	case ".sh":
		return "bash"
	}
	return "text"
}
