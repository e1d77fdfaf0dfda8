package gmplab

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// layoutRow is a row of README.md's Layout table: | `path` | what |.
var layoutRow = regexp.MustCompile("^\\| `([^`]+)`(?:, `([^`]+)`)* \\|")

// README.md's Layout table names only paths that exist, and names every
// top-level folder that holds Go code (itself or under it).
func TestReadmeLayout(t *testing.T) {
	f, err := os.Open("README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var named []string
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			in = line == "## Layout"
		case in && layoutRow.MatchString(line):
			for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(strings.SplitN(line, "|", 3)[1], -1) {
				named = append(named, strings.TrimSuffix(m[1], "/"))
			}
		}
	}
	if len(named) == 0 {
		t.Fatal("README.md has no Layout table")
	}
	for _, p := range named {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("README.md's Layout names %s: %v", p, err)
		}
	}
	ents, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") || !hasGo(e.Name()) {
			continue
		}
		if !slices.ContainsFunc(named, func(p string) bool { return p == e.Name() || strings.HasPrefix(p, e.Name()+"/") }) {
			t.Errorf("README.md's Layout does not say what %s/ is", e.Name())
		}
	}
}

// hasGo reports whether dir or a folder under it holds a Go file.
func hasGo(dir string) bool {
	found := false
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}
