package lang

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/vm"
)

var update = flag.Bool("update", false, "rewrite the golden disassembly in testdata/disasm")

// The error messages, exactly.
func TestCompileErrors(t *testing.T) {
	const (
		types   = "(" + supTypes + "; see docs/go-subset.md)"
		imports = "(gmplab supports: bufio, bytes, cmp, container/heap, container/list, container/ring, context, crypto/sha256, encoding/base64, errors, flag, fmt, golang.org/x/sync/errgroup, golang.org/x/tour/tree, hash, io, iter, log, maps, math, math/bits, math/rand, math/rand/v2, os, regexp, regexp/syntax, runtime, runtime/debug, runtime/metrics, slices, sort, strconv, strings, sync, sync/atomic, time, unicode, unicode/utf8, github.com/gmplab/gmplab/sim; see docs/go-subset.md)"
	)
	for _, c := range []struct {
		name, src, want string
	}{
		{"syntax", "package main\nfunc main() { x := }\n",
			"x.go:2:20: syntax error: unexpected }, expected expression"},
		{"syntax-eof", "package main\nfunc main() {\n",
			"x.go:3:1: syntax error: unexpected EOF, expected }"},
		{"syntax-statement", "package main\nfunc main() { var x int = 3 x++ }\n",
			"x.go:2:29: syntax error: unexpected name x at end of statement"},
		{"unused", "package main\nfunc main() { x := 1 }\n",
			"x.go:2:15: declared and not used: x"},
		{"undefined", "package main\nfunc main() { y = 2 }\n",
			"x.go:2:15: undefined: y"},
		{"unused-import", "package main\nimport \"fmt\"\nfunc main() {}\n",
			"x.go:2:8: \"fmt\" imported and not used"},
		{"sorted", "package main\nfunc main() {\n\tb := 1\n\ta := 2\n\tc = 3\n}\n",
			"x.go:3:2: declared and not used: b\nx.go:4:2: declared and not used: a\nx.go:5:2: undefined: c"},
		{"at-most-10", "package main\nfunc main() {\n" + strings.Repeat("\tx := 1\n\t_ = y\n", 1) + "\ta, b, c, d, e, f, g, h, i, j, k := 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11\n}\n",
			"x.go:3:2: declared and not used: x\nx.go:4:6: undefined: y\nx.go:5:2: declared and not used: a\nx.go:5:5: declared and not used: b\nx.go:5:8: declared and not used: c\nx.go:5:11: declared and not used: d\nx.go:5:14: declared and not used: e\nx.go:5:17: declared and not used: f\nx.go:5:20: declared and not used: g\nx.go:5:23: declared and not used: h\nx.go:5:23: too many errors"},
		// go build's output: exactly ten errors are "too many" too, at the
		// tenth found (the unused variables are found after the undefined).
		{"ten", "package main\nfunc main() {\n\ta, b, c, d, e, f, g, h, i := 1, 2, 3, 4, 5, 6, 7, 8, 9\n\t_ = zz\n}\n",
			"x.go:3:2: declared and not used: a\nx.go:3:5: declared and not used: b\nx.go:3:8: declared and not used: c\nx.go:3:11: declared and not used: d\nx.go:3:14: declared and not used: e\nx.go:3:17: declared and not used: f\nx.go:3:20: declared and not used: g\nx.go:3:23: declared and not used: h\nx.go:3:26: declared and not used: i\nx.go:4:6: undefined: zz\nx.go:3:26: too many errors"},
		{"nine", "package main\nfunc main() {\n\ta, b, c, d, e, f, g, h := 1, 2, 3, 4, 5, 6, 7, 8\n\t_ = zz\n}\n",
			"x.go:3:2: declared and not used: a\nx.go:3:5: declared and not used: b\nx.go:3:8: declared and not used: c\nx.go:3:11: declared and not used: d\nx.go:3:14: declared and not used: e\nx.go:3:17: declared and not used: f\nx.go:3:20: declared and not used: g\nx.go:3:23: declared and not used: h\nx.go:4:6: undefined: zz"},
		// An unsupported import hides neither the type errors (go build's
		// lines for the rest of the file) nor the unsupported constructs.
		{"import-and-more", "package main\n\nimport (\n\t\"encoding/hex\"\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tx := 1\n\tfmt.Println(os.Args, undefinedThing)\n\tr, err := hex.DecodeString(\"x\")\n\tfmt.Println(r, err)\n\tvar s string = 3\n\t_ = s\n\tvar e complex128\n\t_ = e\n}\n",
			"x.go:4:2: import \"encoding/hex\" is not supported " + imports + "\n" +
				"x.go:10:2: declared and not used: x\n" +
				"x.go:11:23: undefined: undefinedThing\n" +
				"x.go:14:17: cannot use 3 (untyped int constant) as string value in variable declaration\n" +
				"x.go:16:6: type complex128 is not supported " + types},
		{"import", "package main\nimport \"encoding/hex\"\nfunc main() { hex.EncodeToString(nil) }\n",
			"x.go:2:8: import \"encoding/hex\" is not supported " + imports},
		// What gmplab deliberately leaves out says so (unsupportedAdvice).
		{"import-reflection", "package main\nimport \"encoding/json\"\nfunc main() { json.Valid(nil) }\n",
			"x.go:2:8: import \"encoding/json\" is not supported (" + reflectAdvice + "; see docs/go-subset.md)"},
		{"os-env", "package main\nimport \"os\"\nfunc main() { println(os.Getenv(\"HOME\")) }\n",
			"x.go:3:26: os.Getenv is not supported (" + envAdvice + "; see docs/go-subset.md)"},
		{"import-unsafe", "package main\nimport \"unsafe\"\nfunc main() { println(unsafe.Sizeof(1)) }\n",
			"x.go:2:8: import \"unsafe\" is not supported (" + unsafeAdvice + "; see docs/go-subset.md)"},
		{"import-cgo", "package main\n// #include <stdio.h>\nimport \"C\"\nfunc main() {}\n",
			"x.go:3:8: import \"C\" is not supported (" + cgoAdvice + "; see docs/go-subset.md)"},
		{"qualified-by-path", "package main\nimport \"sync/atomic\"\nfunc main() { var v atomic.Uintptr; _ = v }\n",
			"x.go:3:28: atomic.Uintptr is not supported (gmplab supports: " + supportedAPI("sync/atomic") + "; see docs/go-subset.md)"},
		// File and network I/O: the message says how to model it instead.
		{"io", "package main\n\nimport (\n\t\"net/http\"\n\t\"os\"\n)\n\nfunc main() {\n\tf, _ := os.Open(\"x\")\n\t_ = f\n\thttp.Get(\"x\")\n}\n",
			"x.go:4:2: import \"net/http\" is not supported (" + ioAdvice + "; see docs/go-subset.md)\n" +
				"x.go:9:13: os.Open is not supported (" + ioAdvice + "; see docs/go-subset.md)"},
		{"package", "package lib\nfunc main() {}\n",
			"x.go:1:9: package lib is not supported (gmplab runs a package main; see docs/go-subset.md)"},
		{"no-main", "package main\nfunc helper() {}\n",
			"x.go:1:9: function main is undeclared in the main package"},
		// go/types' checks of constant indexes, as go build prints them.
		{"array-bounds", "package main\n\nfunc main() {\n\tvar a [3]int\n\ta[5] = 1\n\t_ = a[-1]\n\tb := [2]int{1, 2, 3}\n\t_ = b\n\tvar p *[3]int\n\t_ = p[3]\n}\n",
			"x.go:5:4: invalid argument: index 5 out of bounds [0:3]\nx.go:6:8: invalid argument: index -1 (constant of type int) must not be negative\nx.go:7:20: index 2 is out of bounds (>= 2)\nx.go:10:8: invalid argument: index 3 out of bounds [0:3]"},
		// A type error in a closure hides nothing else the closure holds.
		{"error-in-closure", "package main\n\nfunc main() {\n\tgo func() {\n\t\tvar c complex128\n\t\t_ = c\n\t\tx := 1\n\t}()\n}\n",
			"x.go:5:7: type complex128 is not supported " + types + "\nx.go:7:3: declared and not used: x"},
		{"big-array", "package main\nfunc main() { var b [1 << 21]byte; _ = b }\n",
			"x.go:2:19: an array of more than 1048576 elements is not supported (the simulator's limit: use a slice, make([]T, n); see docs/go-subset.md)"},
		{"print-mutex", "package main\nimport (\n\t\"fmt\"\n\t\"sync\"\n)\ntype S struct{ mu sync.Mutex }\nfunc main() { fmt.Println(&S{}) }\n",
			"x.go:7:27: printing a struct or slice holding a sync.Mutex is not supported (Go prints its internal state, which gmplab keeps in its scheduler rather than in the value; print the fields you need; see docs/go-subset.md)"},
		{"complex", "package main\nfunc main() { var f complex128 = 1.5; _ = f }\n",
			"x.go:2:19: type complex128 is not supported " + types},
		{"complex64", "package main\nfunc main() { var f complex64 = 3; _ = f }\n",
			"x.go:2:19: type complex64 is not supported " + types},
		{"method", "package main\nimport \"time\"\nfunc main() { var t time.Time; _ = t.AddDate(0, 0, 1) }\n",
			"x.go:3:38: method time.Time.AddDate is not supported (gmplab supports: " + supportedAPI("time") + "; see docs/go-subset.md)"},
		{"lib-func", "package main\nimport \"runtime\"\nfunc main() { runtime.Breakpoint() }\n",
			"x.go:3:23: runtime.Breakpoint is not supported (gmplab supports: " + supportedAPI("runtime") + "; see docs/go-subset.md)"},
		{"lib-typo", "package main\nimport \"runtime\"\nfunc main() { runtime.Goshed() }\n",
			"x.go:3:23: undefined: runtime.Goshed"},
		{"wg-by-value", "package main\nimport \"sync\"\nfunc f(wg sync.WaitGroup) {}\nfunc main() { var wg sync.WaitGroup; f(wg) }\n",
			"x.go:3:6: passing sync.WaitGroup by value is not supported (use a pointer: *sync.WaitGroup, *sync.Mutex; see docs/go-subset.md)\nx.go:4:40: copying a sync.WaitGroup is not supported (pass a pointer: &wg; see docs/go-subset.md)"},
		// go build's words for branches (cmd/compile/internal/syntax checks
		// them), the ./ it gives the file name dropped as on each line.
		{"goto-jumps", "package main\n\nfunc main() {\n\tgoto L\n\tx := 1\n\t_ = x\nL:\n\t{\n\tM:\n\t}\n\tgoto M\n}\n",
			"x.go:4:7: goto L jumps over declaration of x at x.go:5:4\nx.go:11:7: goto M jumps into block starting at x.go:8:2"},
		{"goto-blocks", "package main\n\nfunc main() {\n\tfor i := 0; i < 2; i++ {\n\t\tgoto L\n\t\tvar a, b = 1, 2\n\t\t_, _ = a, b\n\t\tc, d := 3, 4\n\t\t_, _ = c, d\n\tL:\n\t}\n\tswitch {\n\tcase true:\n\t\tgoto M\n\tdefault:\n\tM:\n\t}\n\tif true {\n\t} else {\n\tN:\n\t\tgoto N\n\t}\n\tgoto N\n}\n",
			"x.go:5:8: goto L jumps over declaration of c, d at x.go:8:8\nx.go:14:8: goto M jumps into block starting at x.go:15:2\nx.go:23:7: goto N jumps into block starting at x.go:19:9"},
		{"labels", "package main\n\nfunc main() {\nL:\n\tfor {\n\t\tbreak Q\n\t}\n\tgoto Z\nM:\n\t{\n\t\tcontinue M\n\t}\n\tfor {\n\t\tcontinue\n\t}\n\tbreak\n}\n",
			"x.go:4:1: label L defined and not used\nx.go:6:9: break label not defined: Q\nx.go:8:7: label Z not defined\nx.go:11:12: invalid continue label M\nx.go:16:2: break is not in a loop, switch, or select"},
		// A function that is not an iterator: go/types' error alone.
		{"range-func", "package main\nfunc main() { for x := range func(yield func(int)) {} { _ = x } }\n",
			"x.go:2:30: cannot range over (func(yield func(int)) literal) (value of type func(yield func(int))): func must be func(yield func(...) bool): yield func does not return bool"},
		// go build reports inference and constraint errors at the call's (.
		{"generic-errors", "package main\n\nfunc Eq[T comparable](a, b T) bool { return a == b }\n\nfunc Zero[T any]() T {\n\tvar z T\n\treturn z\n}\n\ntype Num interface{ ~int | ~int64 }\n\nfunc Add[T Num](a, b T) T { return a + b }\n\nfunc main() {\n\t_ = Eq(func() {}, nil)\n\t_ = Zero()\n\t_ = Add(1.5, 2)\n\t_ = Add(\"a\", \"b\")\n}\n",
			"x.go:15:8: func() does not satisfy comparable\nx.go:16:10: in call to Zero, cannot infer T (declared at x.go:5:11)\nx.go:17:9: float64 does not satisfy Num (float64 missing in ~int | ~int64)\nx.go:18:9: string does not satisfy Num (string missing in ~int | ~int64)"},
		{"assign-wg", "package main\nimport \"sync\"\nfunc main() { var wg sync.WaitGroup; wg = sync.WaitGroup{}; wg.Wait() }\n",
			"x.go:3:38: assigning to a sync.WaitGroup is not supported (declare a new variable instead; see docs/go-subset.md)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Compile("x.go", []byte(c.src))
			if err == nil {
				t.Fatalf("no error, want\n%s", c.want)
			}
			if err.Error() != c.want {
				t.Errorf("got\n%s\nwant\n%s", err, c.want)
			}
			if e, ok := err.(*Error); !ok || len(e.Lines) > maxErrors+1 {
				t.Errorf("error %T with %d lines", err, len(e.Lines))
			}
			if *realGo && !strings.Contains(c.want, "see docs/go-subset.md") {
				// A Go error: the text is go build's (-real checks it),
				// except for a missing main, which the linker reports
				// without a position, and go vet's printf checks.
				switch got := goBuildErrors(t, c.src); {
				case c.name == "no-main" || got == "":
					t.Logf("not go build's error: %s", c.want)
				case got != c.want:
					t.Errorf("go build prints\n%s\nthe test wants\n%s", got, c.want)
				}
			}
		})
	}
}

// goBuildErrors is what go build prints for the program src in x.go,
// without its # line and with the file named x.go as Compile names it
// (the go command gives the compiler ./x.go).
func goBuildErrors(t *testing.T, src string) string {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-o", os.DevNull, "x.go")
	cmd.Dir = dir
	out, _ := cmd.CombinedOutput()
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if !strings.HasPrefix(l, "#") {
			lines = append(lines, strings.ReplaceAll(l, "./x.go", "x.go"))
		}
	}
	return strings.Join(lines, "\n")
}

func TestCompileFileMissing(t *testing.T) {
	if _, err := CompileFile(filepath.Join(t.TempDir(), "none.go")); err == nil {
		t.Fatal("no error for a missing file")
	}
}

func TestCompileIgnoresBuildLines(t *testing.T) {
	src := "//go:build ignore\n\n// +build ignore\n\npackage main\n\nfunc main() {}\n"
	p, err := Compile("b.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if p.Funcs[p.Main].Name != "runtime.main" || p.Init != -1 || string(p.Sources[0]) != src || p.Files[0] != "b.go" {
		t.Errorf("main %q init %d files %v", p.Funcs[p.Main].Name, p.Init, p.Files)
	}
}

// Golden disassembly of the programs in testdata/disasm (-update rewrites).
func TestDisasmGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/disasm/*.go")
	if len(files) == 0 {
		t.Fatal("no programs")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			p, err := CompileFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := p.Disasm()
			golden := strings.TrimSuffix(file, ".go") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("disassembly differs from %s (go test ./lang -run DisasmGolden -update):\n%s", golden, got)
			}
		})
	}
}

// The program form's invariants (vm.Verify, and what the front end adds
// to them: the entry and init functions' names, a source line for every
// instruction) on every program of the corpus: the test data, the
// examples, the lessons' scenarios and the exercises' scenarios. A
// program the front end refuses is left to the tests of its own corpus
// (TestExamplePrograms lists the ones refused).
func TestCompiledProgramsAreWellFormed(t *testing.T) {
	var files []string
	for _, pattern := range []string{"testdata/*/*.go", "../examples/*.go",
		"../lessons/*/*.go", "../exercises/*/*.go", "../exercises/*/solution/*.go"} {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	compiled := 0
	for _, file := range files {
		if src, err := os.ReadFile(file); err != nil || !bytes.HasPrefix(src, []byte("package main")) && !bytes.Contains(src, []byte("\npackage main\n")) {
			continue
		}
		p, err := CompileFile(file)
		if err != nil {
			if strings.Contains(err.Error(), "internal compiler error") {
				t.Errorf("%s: %v", file, err)
			}
			continue
		}
		compiled++
		checkProgram(t, file, p)
	}
	t.Logf("%d programs verified", compiled)
	if compiled < 250 {
		t.Errorf("only %d programs compiled: the corpus was not found", compiled)
	}
}

// vm.Verify fails compiled programs broken as a front end's bug would
// break them: a pop left out, a stack too shallow, a jump astray, a call
// passing one argument too many.
func TestVerifyRejectsBrokenPrograms(t *testing.T) {
	files := []string{"testdata/disasm/fib.go", "testdata/disasm/select.go", "testdata/run/generics.go", "testdata/run/pointers.go"}
	for _, c := range []struct {
		name   string
		op     vm.Op // the instruction broken (OpNop: the function)
		mutate func(f *vm.Func, pc int)
	}{
		{"a pop left out", vm.OpPop, func(f *vm.Func, pc int) { f.Code[pc].Op = vm.OpNop }},
		{"MaxStack one short", vm.OpNop, func(f *vm.Func, _ int) { f.MaxStack-- }},
		{"a jump past the end", vm.OpJump, func(f *vm.Func, pc int) { f.Code[pc].A = int32(len(f.Code)) }},
		{"an extra argument", vm.OpCall, func(f *vm.Func, pc int) { f.Code[pc].B++ }},
	} {
		broken := 0
		for _, file := range files {
			p, err := CompileFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for fi := range p.Funcs {
				f := &p.Funcs[fi]
				pc := slices.IndexFunc(f.Code, func(in vm.Instr) bool { return in.Op == c.op })
				if c.op == vm.OpNop {
					pc = 0
					if f.MaxStack == 0 {
						pc = -1
					}
				}
				if pc >= 0 {
					c.mutate(f, pc)
					broken++
					if err := vm.Verify(p); err == nil {
						t.Errorf("%s with %s in %s: Verify found nothing", file, c.name, f.Name)
					}
					break
				}
			}
		}
		if broken < 2 {
			t.Errorf("%s: only %d programs to break", c.name, broken)
		}
	}
}

func checkProgram(t *testing.T, name string, p *vm.Program) {
	t.Helper()
	if err := vm.Verify(p); err != nil {
		t.Errorf("%s:\n%v", name, err)
	}
	if p.Main < 0 || p.Main >= len(p.Funcs) || p.Funcs[p.Main].Name != "runtime.main" {
		t.Errorf("%s: Main = %d", name, p.Main)
	}
	if p.Init >= len(p.Funcs) || p.Init >= 0 && p.Funcs[p.Init].Name != "main.init" {
		t.Errorf("%s: Init = %d", name, p.Init)
	}
	for _, f := range p.Funcs {
		for pc := range f.Pos {
			if f.Pos[pc].Line <= 0 {
				t.Errorf("%s: %s:%d has no position", name, f.Name, pc)
			}
		}
	}
}

// Issue 8: "the method value c.Inc is not supported (call it, or wrap it
// in a closure)" was given for code that calls the method. Calls of the
// program's methods compile, whatever the receiver: a generic type, a
// non-struct type with a pointer receiver, a promoted method, a method of
// the type argument.
func TestMethodCallsCompile(t *testing.T) {
	for _, src := range []string{
		"package main\ntype C struct{ n int }\nfunc (c *C) Inc() { c.n++ }\nfunc main() { var c C; c.Inc(); go c.Inc(); defer c.Inc() }\n",
		"package main\ntype N int\nfunc (n *N) Inc() { *n++ }\nfunc main() { var n N; n.Inc(); p := &n; p.Inc(); println(n) }\n",
		"package main\ntype L[T any] struct{ xs []T }\nfunc (l *L[T]) Add(x T) { l.xs = append(l.xs, x) }\nfunc main() { var l L[int]; l.Add(1); go l.Add(2); defer l.Add(3) }\n",
		"package main\ntype B struct{}\nfunc (B) M() int { return 1 }\ntype E struct{ B }\nfunc main() { var e E; println(e.M()) }\n",
		"package main\ntype I interface{ M() int }\ntype T struct{}\nfunc (T) M() int { return 2 }\nfunc F[X I](x X) int { return x.M() }\nfunc main() { println(F(T{})) }\n",
	} {
		if _, err := Compile("m.go", []byte(src)); err != nil {
			t.Errorf("%s\n%v", src, err)
		}
	}
}
