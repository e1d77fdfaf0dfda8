package checker

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"

	"github.com/gmplab/gmplab/checker/sandbox"
)

// What the checker refuses in an exercise's folder, whether the code is
// graded by gmplab grade or by go test in an instructor's checkout with a
// learner's files dropped in: imports outside the allowlist (CheckImports),
// code that runs at initialisation (func init, a package-level variable
// whose value calls a function), and test files other than the exercise's
// own (a second _test.go, a TestMain, another Test function). Under go
// test, the refusal comes from this package's init (folderGuard), which Go
// runs before the learner package's, since the learner package imports
// the checker through exercise.go: a learner's os.Exit(0) in init, or a
// TestMain that skips the checker, never runs.

// RunsAtInit says where file's code would run at initialisation (a func
// init, a package-level variable whose value calls a function or holds a
// function literal), or "" when none does. A file that does not parse
// has none (the compiler reports it).
func RunsAtInit(filename string, src []byte) string {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, filename, src, parser.SkipObjectResolution)
	if err != nil {
		return ""
	}
	base := filepath.Base(filename)
	for _, d := range file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.Name == "init" {
				return fmt.Sprintf("%s:%d: func init: exercise code may not run at initialisation (put the work in your function)", base, fset.Position(d.Pos()).Line)
			}
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			var at ast.Node
			ast.Inspect(d, func(n ast.Node) bool {
				switch n.(type) {
				case *ast.CallExpr, *ast.FuncLit:
					if at == nil {
						at = n
					}
				}
				return at == nil
			})
			if at != nil {
				return fmt.Sprintf("%s:%d: a package-level variable's value calls a function: exercise code may not run at initialisation (set it in your function)", base, fset.Position(at.Pos()).Line)
			}
		}
	}
	return ""
}

// CheckSource is every check of a learner's source file: its imports and
// the code it would run at initialisation.
func CheckSource(filename string, src []byte) error {
	if err := CheckImports(filename, src); err != nil {
		return err
	}
	if why := RunsAtInit(filename, src); why != "" {
		return fmt.Errorf("%w: %s", ErrInit, why)
	}
	return nil
}

// ErrInit marks what the checker refuses besides imports: code that
// would run at initialisation, test files of the learner's.
var ErrInit = errors.New("refused")

// CheckFolder checks an exercise's folder as go test compiles it: every
// file of the package but the grader's exercise.go (CheckSource), and its
// test files: exactly the exercise's one, whose only function is
// TestExercise. It returns nil for a folder that is not an exercise's.
func CheckFolder(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	if !exerciseName.MatchString(filepath.Base(abs)) || filepath.Base(filepath.Dir(abs)) != "exercises" {
		return nil
	}
	if _, err := os.Stat(filepath.Join(abs, "exercise.go")); err != nil {
		return nil
	}
	pkg, err := build.ImportDir(abs, build.ImportComment)
	if err != nil {
		return nil // go test says why in its words
	}
	for _, f := range pkg.GoFiles {
		if f == "exercise.go" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(abs, f))
		if err != nil {
			return err
		}
		if err := CheckSource(f, src); err != nil {
			return err
		}
	}
	tests := append(append([]string(nil), pkg.TestGoFiles...), pkg.XTestGoFiles...)
	if len(tests) != 1 {
		return fmt.Errorf("%w: exercises/%s has test files %s: an exercise has exactly one, which runs the checker (a learner's test files are not taken)", ErrInit, pkg.Name, strings.Join(tests, ", "))
	}
	src, err := os.ReadFile(filepath.Join(abs, tests[0]))
	if err != nil {
		return err
	}
	f, err := parser.ParseFile(token.NewFileSet(), tests[0], src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name != "TestExercise" {
			return fmt.Errorf("%w: %s declares %s: the exercise's test file runs the checker and nothing else", ErrInit, tests[0], fd.Name.Name)
		}
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
			return fmt.Errorf("%w: %s declares package-level variables: the exercise's test file runs the checker and nothing else", ErrInit, tests[0])
		}
	}
	return nil
}

// folderGuard refuses, before any learner code runs, an exercise folder
// that go test is about to test and that CheckFolder refuses. go test runs
// a test binary in the package's folder. A grading process of gmplab
// grade (sandbox.Active) is checked by the grader before it is built.
func folderGuard() {
	if !testBinary() || sandbox.Active() {
		return
	}
	if err := CheckFolder("."); err != nil {
		fmt.Fprintf(os.Stderr, "--- FAIL: TestExercise\n    gmplab: %v\nFAIL\n", err)
		os.Exit(1)
	}
}

func init() { folderGuard() }

// testBinary reports whether this process is a test binary go test built
// (pkg.test), as testing.Testing would: gmplab imports the checker too,
// and importing package testing would build it into gmplab (the exercises'
// tests take checktest.Test from package checktest instead).
func testBinary() bool {
	exe := filepath.Base(os.Args[0])
	return strings.HasSuffix(strings.TrimSuffix(exe, ".exe"), ".test")
}
