package checker

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"
)

// capstoneParts are the functions of 07-scheduler's solution that come
// from the earlier exercises' solutions, in the file's order: one place
// for each, the exercise that asks for it.
var capstoneParts = []struct {
	exercise string
	names    []string
}{
	{"06-findrunnable", []string{"FindRunnable", "StealWork", "RandomEnum", "StealOrder", "Done", "Next", "Position", "gcd", "CheckRunqsNoP", "CheckTimersNoP"}},
	{"03-wakep", []string{"Wakep", "Resetspinning", "BecomeSpinning", "PidlegetSpinning"}},
	{"02-runqput", []string{"Runqput", "runqputslow"}},
	{"02-runqget", []string{"Runqget"}},
	{"03-runqgrab", []string{"Runqgrab"}},
	{"05-preemptone", []string{"Retake", "Preemptone"}},
	{"04-retake", []string{"Handoffp"}},
	{"04-exitsyscall", []string{"Exitsyscall", "ExitsyscallTryGetP", "ExitsyscallNoP"}},
	{"06-injectglist", []string{"Injectglist"}},
	{"05-preempt", []string{"GopreemptM"}},
}

// capstoneMarker ends the hand-written part of 07-scheduler's solution.
const capstoneMarker = "// ---- The earlier exercises' functions"

// TestCapstoneSolution: 07-scheduler's solution is its own schedule and,
// after the marker, the earlier exercises' solutions' functions as they
// are (-update rewrites that part).
func TestCapstoneSolution(t *testing.T) {
	path := filepath.Join("..", "exercises", "07-scheduler", "solution", "scheduler.go")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head, _, ok := strings.Cut(string(src), capstoneMarker)
	if !ok {
		t.Fatalf("%s has no line %q", path, capstoneMarker)
	}
	var b strings.Builder
	b.WriteString(head)
	b.WriteString("// ---- The earlier exercises' functions, as their solutions have them\n// (generated: go test ./checker -run TestCapstoneSolution -update) ----\n")
	for _, part := range capstoneParts {
		b.WriteString("\n// ---- " + part.exercise + " ----\n")
		decls := solutionDecls(t, part.exercise)
		for _, n := range part.names {
			d, ok := decls[n]
			if !ok {
				t.Fatalf("exercises/%s/solution has no %s", part.exercise, n)
			}
			b.WriteString("\n" + d + "\n")
		}
	}
	got := b.String()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != string(src) {
		t.Errorf("%s is not its schedule and the earlier solutions' functions (go test ./checker -run TestCapstoneSolution -update):\n%s", path, diff.Diff(path, src, "generated", []byte(got)))
	}
}

// solutionDecls are the top-level declarations of an exercise's solution
// (functions, methods by name, types), each with its doc comment, as the
// file has them.
func solutionDecls(t *testing.T, exercise string) map[string]string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "exercises", exercise, "solution", "*.go"))
	out := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, f, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		text := func(doc *ast.CommentGroup, n ast.Node) string {
			from := n.Pos()
			if doc != nil {
				from = doc.Pos()
			}
			return string(src[fset.Position(from).Offset:fset.Position(n.End()).Offset])
		}
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				out[d.Name.Name] = text(d.Doc, d)
			case *ast.GenDecl:
				if d.Tok == token.TYPE {
					out[d.Specs[0].(*ast.TypeSpec).Name.Name] = text(d.Doc, d)
				}
			}
		}
	}
	return out
}
