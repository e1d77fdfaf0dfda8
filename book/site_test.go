package book_test

import (
	"io"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/gmplab/gmplab/book"
	"github.com/gmplab/gmplab/cmd/gmplab/cli"
	"github.com/gmplab/gmplab/internal/testnote"
)

// bareSite is the whole book built without the WebAssembly module, in
// memory, once per test process: TestSiteLinks, TestLessonWeight and
// TestBrowserNoWasm read it (each built it again before, running every
// lesson's cells three times).
var bareSite = sync.OnceValues(func() (*book.Site, error) {
	root, err := filepath.Abs("..")
	if err != nil {
		return nil, err
	}
	x := &cli.CellExecutor{Root: root}
	return book.Build(book.Options{Root: root, Timeline: x.TimelineOf, NoWasm: true, Log: io.Discard})
})

var bareSaid sync.Once

// buildSite returns bareSite, saying so the first time.
func buildSite(t *testing.T) *book.Site {
	t.Helper()
	bareSaid.Do(func() {
		testnote.Say(t, "building the book without its module: every lesson's cells (once for the tests that read it)")
	})
	site, err := bareSite()
	if err != nil {
		t.Fatal(err)
	}
	return site
}

// exists says whether the site has the file or folder named by a link.
func exists(site *book.Site, file string) bool {
	if _, ok := site.Files[file]; ok {
		return true
	}
	for name := range site.Files {
		if strings.HasPrefix(name, file+"/") {
			return true
		}
	}
	return false
}

var (
	hrefRe = regexp.MustCompile(`(?:href|src)="([^"]*)"`)
	idRe   = regexp.MustCompile(` id="([^"]*)"`)
)

// TestSiteLinks builds the whole book and checks every internal link:
// the file it names exists in the site, and so does its #anchor.
func TestSiteLinks(t *testing.T) {
	site := buildSite(t)
	ids := map[string]map[string]bool{}
	pages := map[string]string{}
	for r, b := range site.Files {
		if !strings.HasSuffix(r, ".html") {
			continue
		}
		pages[r] = string(b)
		ids[r] = map[string]bool{}
		for _, m := range idRe.FindAllStringSubmatch(string(b), -1) {
			ids[r][m[1]] = true
		}
	}
	if len(pages) < len(site.Pages) {
		t.Fatalf("%d pages in the site, the build made %d", len(pages), len(site.Pages))
	}
	checked := 0
	for from, text := range pages {
		for _, m := range hrefRe.FindAllStringSubmatch(text, -1) {
			link := strings.ReplaceAll(m[1], "&amp;", "&")
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			target, anchor, _ := strings.Cut(link, "#")
			target, _ = url.PathUnescape(target)
			file := from
			if target != "" {
				file = path.Clean(path.Join(path.Dir(from), target))
			}
			if !exists(site, file) {
				t.Errorf("%s: broken link %s (no %s)", from, m[1], file)
				continue
			}
			if anchor != "" && !ids[file][anchor] {
				t.Errorf("%s: broken anchor %s (%s has no id %q)", from, m[1], file, anchor)
			}
			checked++
		}
	}
	if checked < 500 {
		t.Errorf("only %d links checked: the check is not reading the site", checked)
	}
}

// fetchRe finds what a page loads as it opens or as the reader uses it:
// its stylesheets, scripts and images, and the data a widget would fetch
// (data-trace, which the steppers no longer have).
var fetchRe = regexp.MustCompile(`<(?:script|img)\b[^>]*\ssrc="([^"]*)"|<link rel="stylesheet" href="([^"]*)"|\sdata-trace="([^"]*)"`)

// scriptFetches is what each script of the book loads by itself and the
// weight counts. stepper.js loads the engine (the WebAssembly module and
// Go's wasm_exec.js), which the weight leaves out; book.js loads the
// search index when the reader first focuses the search box: the whole
// site's, fetched once for every page, so it is logged apart, not counted.
var scriptFetches = map[string][]string{
	"assets/book.js":      nil,
	"assets/stepper.js":   nil,
	"assets/engine.js":    {"assets/stepper-worker.js"},
	"assets/permalink.js": nil,
	// The worker loads wasm_exec.js and the module, which the weight
	// leaves out.
	"assets/stepper-worker.js": nil,
}

// TestLessonWeight: a lesson page, with everything it fetches (its
// stylesheet, its scripts, what they load, the data of its widgets) but
// the WebAssembly module, wasm_exec.js and the site's search index (see
// scriptFetches), stays under 300 KB.
func TestLessonWeight(t *testing.T) {
	site := buildSite(t)
	size := func(file string) int64 {
		t.Helper()
		b, ok := site.Files[file]
		if !ok {
			t.Fatalf("the site has no %s", file)
		}
		return int64(len(b))
	}
	heaviest, lessons := "", 0
	var most int64
	for _, p := range site.Pages {
		if !strings.HasPrefix(p.URL, "lessons/") {
			continue
		}
		lessons++
		b, ok := site.Files[p.URL]
		if !ok {
			t.Fatalf("the site has no page %s", p.URL)
		}
		w, seen := int64(len(b)), map[string]bool{}
		var add func(file string)
		add = func(file string) {
			if seen[file] {
				return
			}
			seen[file] = true
			w += size(file)
			fs, ok := scriptFetches[file]
			if strings.HasSuffix(file, ".js") && !ok {
				t.Errorf("%s loads %s: say what it fetches in scriptFetches", p.URL, file)
			}
			for _, f := range fs {
				add(f)
			}
		}
		for _, m := range fetchRe.FindAllStringSubmatch(string(b), -1) {
			u := m[1] + m[2] + m[3]
			if u == "" || strings.Contains(u, "://") {
				continue
			}
			file := path.Clean(path.Join(path.Dir(p.URL), u))
			if m[3] != "" {
				file = path.Clean(u) // relative to the site's root, as the widget loaded it
			}
			add(file)
		}
		if !seen["assets/style.css"] || !seen["assets/book.js"] {
			t.Errorf("%s: the weight did not find the stylesheet and book.js: the check is not reading the page", p.URL)
		}
		if w > 300<<10 {
			t.Errorf("%s weighs %d KB with what it fetches, over 300 KB", p.URL, w>>10)
		}
		if w > most {
			heaviest, most = p.URL, w
		}
	}
	if lessons == 0 {
		t.Fatal("no lesson pages in the site")
	}
	t.Logf("the heaviest lesson page: %s, %d bytes with what it fetches (without the WebAssembly module, wasm_exec.js and the search index, %d bytes)", heaviest, most, size("search-index.js"))
}
