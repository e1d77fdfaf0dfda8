package lessons_test

// The structure of every lesson: its links resolve and it has every part
// that docs/notebook.md ("The parts of a lesson") lists, recognised by its
// level-2 heading.

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	goruntime "runtime"

	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
	"github.com/gmplab/gmplab/runtime"
)

func TestLinks(t *testing.T) {
	for _, nb := range notebooks(t) {
		o := nb.Outline()
		own := anchorsOf(o)
		for _, l := range o.Links {
			if err := checkLink(nb.Lesson.Dir, l.Dest, own); err != "" {
				t.Errorf("%s:%d: link %s: %s", nb.Name, l.Line, l.Dest, err)
			}
		}
	}
}

func anchorsOf(o *notebook.Outline) []string {
	var a []string
	for _, h := range o.Headings {
		a = append(a, h.Anchor)
	}
	return a
}

// checkLink resolves a link of lessons/<dir>/lesson.md ("" when it does).
func checkLink(dir, dest string, own []string) string {
	if regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`).MatchString(dest) {
		return "" // a URL: not checked here (no network in the tests)
	}
	file, anchor, _ := strings.Cut(dest, "#")
	anchors := own
	if file != "" {
		p := filepath.Join(dir, filepath.FromSlash(file))
		fi, err := os.Stat(p)
		if err != nil {
			return "no such file (" + filepath.ToSlash(filepath.Join("lessons", p)) + ")"
		}
		if anchor == "" {
			return ""
		}
		if fi.IsDir() || !strings.HasSuffix(p, ".md") {
			return "an anchor into a file that is not Markdown"
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err.Error()
		}
		anchors = notebook.Anchors(string(b))
	}
	if anchor != "" && !slices.Contains(anchors, anchor) {
		return "no heading has the anchor #" + anchor
	}
	return ""
}

// part is one part every lesson has.
type part struct {
	name    string
	heading string // the level-2 heading's text (lower case), or its prefix before ":"
	check   func(l, prev *lessons.Lesson, s *notebook.Section) string
}

var parts = []part{
	{"objectives", "objectives", func(_, _ *lessons.Lesson, s *notebook.Section) string {
		return want(s.Lists > 0, "a list of objectives")
	}},
	{"the problem", "the problem", func(l, prev *lessons.Lesson, s *notebook.Section) string {
		runs := runCells(s)
		if len(runs) == 0 {
			return "wants a run, step or timeline cell showing the problem"
		}
		if prev == nil || prev.Layer == l.Layer {
			return ""
		}
		for _, c := range runs {
			if !cellLayers(c, l).Has(layerOf(l)) {
				return ""
			}
		}
		return "wants a cell that runs with the " + l.Layer + " layer off (--layers without it)"
	}},
	{"the mechanism", "the mechanism", func(_, _ *lessons.Lesson, s *notebook.Section) string {
		return want(namesRuntimeFile(s), "a file of $GOROOT/src/runtime named (proc.go: handoffp)")
	}},
	{"the fix", "the fix", func(l, _ *lessons.Lesson, s *notebook.Section) string {
		for _, c := range runCells(s) {
			if cellLayers(c, l).Has(layerOf(l)) {
				return ""
			}
		}
		return "wants a run, step or timeline cell with the " + l.Layer + " layer on"
	}},
	{"a guided debugger session", "a guided debugger session", func(_, _ *lessons.Lesson, s *notebook.Section) string {
		return want(countKind(s, notebook.Step) > 0, "a step cell")
	}},
	{"try this", "try this", func(_, _ *lessons.Lesson, s *notebook.Section) string {
		return want(s.Lists > 0, "a list of things to try")
	}},
	{"a quiz", "quiz", func(_, _ *lessons.Lesson, s *notebook.Section) string {
		return want(countKind(s, notebook.Quiz) >= 3, "at least three quiz cells")
	}},
	{"the exercise", "exercise", func(l, _ *lessons.Lesson, s *notebook.Section) string {
		if l.Exercise == "" {
			return ""
		}
		_, err := os.Stat(filepath.Join("..", "exercises", l.Exercise))
		return want(err == nil, "the front matter's exercise to exist: exercises/"+l.Exercise+"/")
	}},
	{"what the model simplifies", "what the model simplifies", nil},
	{"how to see it on the real runtime", "on the real runtime", func(l, _ *lessons.Lesson, s *notebook.Section) string {
		n := 0
		for _, c := range s.Cells {
			if !c.Real() {
				continue
			}
			n++
			if args := c.Command.Args; len(args) == 0 || !slices.Contains(l.Scenarios, args[0]) {
				return "wants its real cell to run one of the lesson's scenarios (" + strings.Join(l.Scenarios, ", ") + "), got " + c.Command.Line
			}
		}
		return want(n == 1, "one real cell (gmplab compare or gmplab real: a real run is slow)")
	}},
	{"the recap", "recap", func(_, _ *lessons.Lesson, s *notebook.Section) string {
		if s.Lists == 0 {
			return "wants a list of what to remember"
		}
		for _, p := range s.Paragraphs {
			if strings.HasPrefix(p, "Read next") {
				return ""
			}
		}
		return "wants a paragraph starting Read next, naming the functions to read"
	}},
}

func want(ok bool, what string) string {
	if ok {
		return ""
	}
	return "wants " + what
}

// runCells is the section's cells that run the simulator.
func runCells(s *notebook.Section) []*notebook.Cell {
	var cs []*notebook.Cell
	for _, c := range s.Cells {
		if c.Command != nil && !c.Real() {
			cs = append(cs, c)
		}
	}
	return cs
}

func countKind(s *notebook.Section, k notebook.Kind) int {
	n := 0
	for _, c := range s.Cells {
		if c.Kind == k {
			n++
		}
	}
	return n
}

// layerOf is the layer the lesson adds: its own of LayersUpTo.
func layerOf(l *lessons.Lesson) runtime.Layer {
	upTo, _ := runtime.LayersUpTo(l.Layer)
	for _, name := range runtime.LayerNames() {
		if name == l.Layer {
			break
		}
		before, _ := runtime.LayersUpTo(name)
		upTo &^= before
	}
	return runtime.Layer(upTo)
}

// cellLayers is the layers a cell runs with: its --layers, else the
// default (gmplab run: all; gmplab step: the lesson's when it opens the
// lesson's scenario, else all).
func cellLayers(c *notebook.Cell, l *lessons.Lesson) runtime.Layers {
	args := c.Command.Args
	for i, a := range args {
		v, ok := strings.CutPrefix(a, "--layers=")
		if a == "--layers" && i+1 < len(args) {
			v, ok = args[i+1], true
		}
		if ok {
			ls, _ := runtime.ParseLayers(v)
			return ls
		}
	}
	if c.Kind == notebook.Step {
		return l.Layers()
	}
	return runtime.AllLayers
}

var goFile = regexp.MustCompile(`\b([a-z0-9_]+\.go)\b`)

// namesRuntimeFile reports whether the section names a file of the real
// runtime's source.
func namesRuntimeFile(s *notebook.Section) bool {
	dir := filepath.Join(goruntime.GOROOT(), "src", "runtime")
	for _, p := range append([]string{s.Heading.Text}, s.Paragraphs...) {
		for _, m := range goFile.FindAllStringSubmatch(p, -1) {
			if _, err := os.Stat(filepath.Join(dir, m[1])); err == nil {
				return true
			}
		}
	}
	return false
}

// matches reports whether a level-2 heading is the part's.
func (p part) matches(h notebook.Heading) bool {
	t := strings.ToLower(h.Text)
	return t == p.heading || strings.HasPrefix(t, p.heading+":")
}

func TestParts(t *testing.T) {
	nbs := notebooks(t)
	for i, nb := range nbs {
		var prev *lessons.Lesson
		if i > 0 {
			prev = nbs[i-1].Lesson
		}
		l := nb.Lesson
		o := nb.Outline()
		at := -1 // the section of the last part found
		for _, p := range parts {
			found := -1
			for j, s := range o.Sections {
				if p.matches(s.Heading) {
					found = j
					break
				}
			}
			switch {
			case found < 0:
				t.Errorf("%s: no %s: want a heading ## %s (docs/notebook.md, The parts of a lesson)", nb.Name, p.name, headingCase(p.heading))
				continue
			case found < at:
				t.Errorf("%s:%d: ## %s comes before ## %s: the parts go in the order of docs/notebook.md", nb.Name, o.Sections[found].Heading.Line, o.Sections[found].Heading.Text, o.Sections[at].Heading.Text)
			}
			at = max(at, found)
			if p.check != nil {
				if msg := p.check(l, prev, o.Sections[found]); msg != "" {
					t.Errorf("%s:%d: ## %s %s", nb.Name, o.Sections[found].Heading.Line, o.Sections[found].Heading.Text, msg)
				}
			}
			if p.heading == "objectives" && !hasPrerequisites(o, found) {
				t.Errorf("%s: no prerequisites: want a paragraph starting Prerequisites: under ## Objectives, or a ## Prerequisites section", nb.Name)
			}
		}
		if n := len(nb.CellsOf(notebook.Guide)); n != 1 {
			t.Errorf("%s: %d guide cells, want one (what gmplab step %s prints on opening)", nb.Name, n, l.Name())
		}
	}
}

func hasPrerequisites(o *notebook.Outline, objectives int) bool {
	for _, s := range o.Sections {
		if strings.EqualFold(s.Heading.Text, "prerequisites") {
			return true
		}
	}
	for _, p := range o.Sections[objectives].Paragraphs {
		if strings.HasPrefix(p, "Prerequisites:") {
			return true
		}
	}
	return false
}

func headingCase(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
