package checker

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestHintsPerRule: each exercise's HINTS.md has escalating hints for
// every rule of ruleTable (gmplab check shows those of the first rule that
// does not hold), names no rule the table lacks, and no hint, the last
// included, gives the solution away: none holds more than two of the
// reference solution's statements (nor more than a third of them).
func TestHintsPerRule(t *testing.T) {
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	section := regexp.MustCompile(`(?m)^## Rule: (.+)$`)
	for ex, rules := range ruleTable {
		b, err := os.ReadFile(filepath.Join(root, "exercises", ex, "HINTS.md"))
		if err != nil {
			t.Fatal(err)
		}
		hints := string(b)
		named := map[string]bool{}
		for _, m := range section.FindAllStringSubmatch(hints, -1) {
			named[m[1]] = true
		}
		for _, r := range rules {
			if !named[r.name] {
				t.Errorf("%s: HINTS.md has no \"## Rule: %s\"", ex, r.name)
			}
			delete(named, r.name)
		}
		for n := range named {
			t.Errorf("%s: HINTS.md has hints for %q, which is no rule of the exercise", ex, n)
		}
		sols, _ := filepath.Glob(filepath.Join(root, "exercises", ex, "solution", "*.go"))
		src, _ := os.ReadFile(sols[0])
		var stmts []string
		for _, l := range strings.Split(string(src), "\n") {
			l = strings.TrimSpace(l)
			if l == "" || strings.HasPrefix(l, "//") || strings.HasPrefix(l, "func ") || strings.HasPrefix(l, "package ") ||
				strings.HasPrefix(l, "import") || strings.Trim(l, "{}()") == "" || l == "return" {
				continue
			}
			stmts = append(stmts, strings.Join(strings.Fields(l), " "))
		}
		for _, h := range strings.Split(hints, "\n## ") {
			flat := strings.Join(strings.Fields(h), " ")
			n := 0
			for _, s := range stmts {
				if strings.Contains(flat, s) {
					n++
				}
			}
			if n > 2 || 3*n > len(stmts) {
				t.Errorf("%s: a hint holds %d of the solution's %d statements:\n%s", ex, n, len(stmts), h)
			}
		}
	}
}
