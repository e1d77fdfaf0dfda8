package book_test

import (
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/book"
	"github.com/gmplab/gmplab/cmd/gmplab/cli"
)

// buildSite builds the whole book (without the WebAssembly module) from
// the repository into a temporary folder.
func buildSite(t *testing.T, wasm bool) (string, *book.Site) {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	x := &cli.CellExecutor{Root: root}
	site, err := book.Build(book.Options{Root: root, Out: out, Timeline: x.TimelineOf, NoWasm: !wasm, Log: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	return out, site
}

var (
	hrefRe = regexp.MustCompile(`(?:href|src|data-trace)="([^"]*)"`)
	idRe   = regexp.MustCompile(` id="([^"]*)"`)
)

// TestSiteLinks builds the whole book and checks every internal link:
// the file it names exists in the site, and so does its #anchor.
func TestSiteLinks(t *testing.T) {
	out, site := buildSite(t, false)
	ids := map[string]map[string]bool{}
	pages := map[string]string{}
	err := filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(out, p)
		r = filepath.ToSlash(r)
		pages[r] = string(b)
		ids[r] = map[string]bool{}
		for _, m := range idRe.FindAllStringSubmatch(string(b), -1) {
			ids[r][m[1]] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
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
				if strings.HasPrefix(m[0], "data-trace") {
					file = target // relative to the site's root, as the widget loads it
				}
			}
			if _, err := os.Stat(filepath.Join(out, filepath.FromSlash(file))); err != nil {
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

// TestLessonWeight: a lesson page, with its stylesheet and scripts but
// not the WebAssembly module nor the traces its widgets load when
// scrolled to, stays under 300 KB.
func TestLessonWeight(t *testing.T) {
	out, site := buildSite(t, false)
	shared := int64(0)
	for _, a := range []string{"assets/style.css", "assets/book.js", "assets/stepper.js"} {
		fi, err := os.Stat(filepath.Join(out, a))
		if err != nil {
			t.Fatal(err)
		}
		shared += fi.Size()
	}
	for _, p := range site.Pages {
		if !strings.HasPrefix(p.URL, "lessons/") {
			continue
		}
		fi, err := os.Stat(filepath.Join(out, p.URL))
		if err != nil {
			t.Fatal(err)
		}
		if w := fi.Size() + shared; w > 300<<10 {
			t.Errorf("%s weighs %d KB with its assets, over 300 KB", p.URL, w>>10)
		}
	}
}
