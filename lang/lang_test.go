package lang

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/vm"
)

var update = flag.Bool("update", false, "rewrite the golden disassembly in testdata/disasm")

// The error messages, exactly.
func TestCompileErrors(t *testing.T) {
	const (
		types = "(gmplab supports: every integer type, bool, string, time.Duration, time.Time, chan, func, structs, pointers to structs, slices, maps, error, named types of these, *sync.WaitGroup, *sync.Mutex, *sim.Conn; see docs/go-subset.md)"
		stmts = "(gmplab supports: func, methods, closures, go, defer, if, for, range over an int, a string, a slice, a map or a channel, switch, select, break, continue, return, panic; see docs/go-subset.md)"
		fmts  = "(gmplab supports: %v %+v %d %s %t %q, a width, and the - and 0 flags; see docs/go-subset.md)"
	)
	for _, c := range []struct {
		name, src, want string
	}{
		{"syntax", "package main\nfunc main() { x := }\n",
			"x.go:2:20: syntax error: unexpected }, expected expression"},
		{"syntax-eof", "package main\nfunc main() {\n",
			"x.go:2:15: syntax error: unexpected EOF, expected }"},
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
			"x.go:3:2: declared and not used: x\nx.go:4:6: undefined: y\nx.go:5:2: declared and not used: a\nx.go:5:5: declared and not used: b\nx.go:5:8: declared and not used: c\nx.go:5:11: declared and not used: d\nx.go:5:14: declared and not used: e\nx.go:5:17: declared and not used: f\nx.go:5:20: declared and not used: g\nx.go:5:23: declared and not used: h"},
		{"import", "package main\nimport \"os/exec\"\nfunc main() { exec.Command(\"x\") }\n",
			"x.go:2:8: import \"os/exec\" is not supported (gmplab supports: errors, fmt, math/rand, math/rand/v2, os, runtime, sort, strconv, strings, sync, sync/atomic, time, unicode, github.com/gmplab/gmplab/sim; see docs/go-subset.md)"},
		{"package", "package lib\nfunc main() {}\n",
			"x.go:1:9: package lib is not supported (gmplab runs a package main; see docs/go-subset.md)"},
		{"no-main", "package main\nfunc helper() {}\n",
			"x.go:1:9: function main is undeclared in the main package"},
		{"float", "package main\nfunc main() { var f float64 = 1.5; _ = f }\n",
			"x.go:2:19: type float64 is not supported " + types},
		{"array", "package main\nfunc main() { m := map[[2]int]int{}; _ = m }\n",
			"x.go:2:15: array type [2]int is not supported " + types},
		{"interface", "package main\nfunc main() { var e interface{ M() }; _ = e }\n",
			"x.go:2:19: interface type interface{M()} is not supported " + types},
		{"errors-is", "package main\nimport \"errors\"\nfunc main() { _ = errors.Is(nil, nil) }\n",
			"x.go:3:26: errors.Is is not supported (gmplab supports: errors.New; see docs/go-subset.md)"},
		{"float", "package main\nfunc main() { var f float64 = 3; _ = f }\n",
			"x.go:2:19: type float64 is not supported " + types},
		{"address", "package main\nfunc main() { x := 1; p := &x; _ = p }\n",
			"x.go:2:23: pointer type *int is not supported " + types + "\nx.go:2:28: taking the address of x is not supported (gmplab supports: & of a struct (a variable, a field, an element), &T{...}, &wg and &mu; see docs/go-subset.md)"},
		{"generic-type", "package main\ntype T[X any] struct{ x X }\nfunc main() {}\n",
			"x.go:2:6: a generic type is not supported " + types},
		{"method", "package main\nimport \"time\"\nfunc main() { var d time.Duration; _ = d.Seconds() }\n",
			"x.go:3:42: method time.Duration.Seconds is not supported (gmplab supports: time.Duration (String, Nanoseconds, Microseconds, Milliseconds), time.Nanosecond … time.Hour, time.Time (Sub, Add, Before, After), time.Now, time.Since, time.Until, time.Sleep, time.After; see docs/go-subset.md)"},
		{"lib-func", "package main\nimport \"runtime\"\nfunc main() { runtime.Breakpoint() }\n",
			"x.go:3:23: runtime.Breakpoint is not supported (gmplab supports: runtime.Gosched, runtime.GOMAXPROCS, runtime.NumGoroutine, runtime.NumCPU, runtime.Goexit, runtime.LockOSThread, runtime.UnlockOSThread, runtime.GC (a no-op), runtime.KeepAlive (a no-op); see docs/go-subset.md)"},
		{"lib-typo", "package main\nimport \"runtime\"\nfunc main() { runtime.Goshed() }\n",
			"x.go:3:23: undefined: runtime.Goshed"},
		{"wg-by-value", "package main\nimport \"sync\"\nfunc f(wg sync.WaitGroup) {}\nfunc main() { var wg sync.WaitGroup; f(wg) }\n",
			"x.go:3:6: passing sync.WaitGroup by value is not supported (use a pointer: *sync.WaitGroup, *sync.Mutex; see docs/go-subset.md)\nx.go:4:40: copying a sync.WaitGroup is not supported (pass a pointer: &wg; see docs/go-subset.md)"},
		{"goto", "package main\nfunc main() {\nL:\n\tgoto L\n}\n",
			"x.go:4:2: goto is not supported " + stmts},
		{"type-switch", "package main\nfunc main() { var x any = 1; switch x.(type) {} }\n",
			"x.go:2:19: interface type any is not supported " + types + "\nx.go:2:30: a type switch is not supported " + stmts},
		{"range-func", "package main\nfunc main() { for x := range func(yield func(int) bool) {} { _ = x } }\n",
			"x.go:2:30: range over func(yield func(int) bool) is not supported (gmplab supports: range over an int, a string, a slice, a map or a channel; see docs/go-subset.md)"},
		{"recover", "package main\nfunc main() { defer recover() }\n",
			"x.go:2:21: the builtin recover is not supported (gmplab supports: len, cap, close, make, new, panic, print, println, min, max; see docs/go-subset.md)"},
		{"generic", "package main\nfunc g[T any](x T) T { return x }\nfunc main() { _ = g(1) }\n",
			"x.go:2:6: a generic function is not supported " + stmts},
		{"variadic-lib", "package main\nimport \"fmt\"\nfunc main() { xs := []any{}; fmt.Println(xs...) }\n",
			"x.go:3:15: interface type any is not supported " + types + "\n" +
				"x.go:3:44: f(xs...) of a library function is not supported (pass the arguments one by one; see docs/go-subset.md)"},
		{"print-chan", "package main\nimport \"fmt\"\nfunc main() { ch := make(chan int); fmt.Println(ch) }\n",
			"x.go:3:49: printing a value of type chan int is not supported (it prints as an address, which the simulator cannot make up; see docs/go-subset.md)"},
		{"print-time", "package main\nimport (\"fmt\"; \"time\")\nfunc main() { fmt.Println(time.Now()) }\n",
			"x.go:3:27: printing a time.Time is not supported (the simulated clock has no date: print time.Since(start); see docs/go-subset.md)"},
		{"printf-missing", "package main\nimport \"fmt\"\nfunc main() { fmt.Printf(\"%d %s\\n\", 1) }\n",
			"x.go:3:15: fmt.Printf format %s reads arg #2, but call has 1 arg"},
		{"printf-extra", "package main\nimport \"fmt\"\nfunc main() { fmt.Printf(\"%d\\n\", 1, 2) }\n",
			"x.go:3:15: fmt.Printf call needs 1 arg but has 2 args"},
		{"printf-wrong", "package main\nimport \"fmt\"\nfunc main() { s := \"x\"; fmt.Printf(\"%d\\n\", s) }\n",
			"x.go:3:44: fmt.Printf format %d has arg s of wrong type string"},
		{"printf-verb", "package main\nimport \"fmt\"\nfunc main() { fmt.Printf(\"%x\\n\", 1) }\n",
			"x.go:3:15: the verb %x in fmt.Printf is not supported " + fmts},
		{"printf-format", "package main\nimport \"fmt\"\nfunc main() { f := \"%d\"; fmt.Printf(f, 1) }\n",
			"x.go:3:37: fmt.Printf with a format that is not a constant is not supported " + fmts},
		{"println-result", "package main\nimport \"fmt\"\nfunc main() { n, _ := fmt.Println(); _ = n }\n",
			"x.go:3:23: using the results of fmt.Println is not supported (call fmt.Println as a statement; see docs/go-subset.md)"},
		{"method-value", "package main\nimport \"sync\"\nfunc main() { var wg sync.WaitGroup; f := wg.Wait; f() }\n",
			"x.go:3:43: the method value wg.Wait of a library type is not supported (gmplab supports: method values of the program's own types; wrap it in a closure; see docs/go-subset.md)"},
		{"struct-field", "package main\nfunc main() { s := struct{ x [3]int }{}; _ = s }\n",
			"x.go:2:15: array type [3]int is not supported " + types},
		{"pointer-method-nonstruct", "package main\ntype C int\nfunc (c *C) Inc() { }\nfunc main() {}\n",
			"x.go:3:9: a pointer receiver on C, whose underlying type is int, is not supported (gmplab supports: pointers to structs; see docs/go-subset.md)"},
		{"print-pointer-field", "package main\nimport \"fmt\"\ntype N struct{ next *N }\nfunc main() { fmt.Println(N{}) }\n",
			"x.go:4:27: printing a struct or slice holding a *N is not supported (it prints as an address, which the simulator cannot make up; print the fields you need; see docs/go-subset.md)"},
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
			if e, ok := err.(*Error); !ok || len(e.Lines) > maxErrors {
				t.Errorf("error %T with %d lines", err, len(e.Lines))
			}
		})
	}
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

// The program form's invariants, on every program of the test data: what
// the interpreter and the scheduler rely on.
func TestCompiledProgramsAreWellFormed(t *testing.T) {
	files, _ := filepath.Glob("testdata/*/*.go")
	for _, file := range files {
		p, err := CompileFile(file)
		if err != nil {
			if strings.HasPrefix(file, "testdata/examples/") {
				continue // TestExamplePrograms lists the ones refused
			}
			t.Fatal(err)
		}
		checkProgram(t, file, p)
	}
}

func checkProgram(t *testing.T, name string, p *vm.Program) {
	t.Helper()
	if p.Main < 0 || p.Main >= len(p.Funcs) || p.Funcs[p.Main].Name != "runtime.main" {
		t.Errorf("%s: Main = %d", name, p.Main)
	}
	if p.Init >= len(p.Funcs) || p.Init >= 0 && p.Funcs[p.Init].Name != "main.init" {
		t.Errorf("%s: Init = %d", name, p.Init)
	}
	for fi, f := range p.Funcs {
		if len(f.Code) == 0 || len(f.Pos) != len(f.Code) {
			t.Errorf("%s: %s: %d instructions, %d positions", name, f.Name, len(f.Code), len(f.Pos))
			continue
		}
		if f.NParams > f.NLocals || f.FrameSize < 16 || f.NoSplit && f.FrameSize >= 128 {
			t.Errorf("%s: %s: params %d locals %d frame %d nosplit %v", name, f.Name, f.NParams, f.NLocals, f.FrameSize, f.NoSplit)
		}
		last := f.Code[len(f.Code)-1].Op
		if last != vm.OpReturn && last != vm.OpJump && last != vm.OpPanic && last != vm.OpExit {
			t.Errorf("%s: %s ends with %v: it could run off its end", name, f.Name, last)
		}
		for pc, in := range f.Code {
			switch in.Op {
			case vm.OpJump, vm.OpJumpIf, vm.OpJumpIfNot:
				if in.A < 0 || int(in.A) >= len(f.Code) {
					t.Errorf("%s: %s:%d jumps to %d", name, f.Name, pc, in.A)
				}
			case vm.OpCall, vm.OpClosure, vm.OpFuncVal:
				if in.A < 0 || int(in.A) >= len(p.Funcs) {
					t.Errorf("%s: %s:%d names func %d", name, f.Name, pc, in.A)
				}
			case vm.OpLoad, vm.OpStore, vm.OpLoadBox, vm.OpStoreBox, vm.OpNewBox, vm.OpLocalRef:
				if in.A < 0 || int(in.A) >= f.NLocals {
					t.Errorf("%s: %s:%d local %d of %d", name, f.Name, pc, in.A, f.NLocals)
				}
			case vm.OpLoadGlob, vm.OpStoreGlob:
				if in.A < 0 || int(in.A) >= p.Globals {
					t.Errorf("%s: %s:%d global %d of %d", name, f.Name, pc, in.A, p.Globals)
				}
			case vm.OpStr:
				if in.A < 0 || int(in.A) >= len(p.Strings) {
					t.Errorf("%s: %s:%d string %d", name, f.Name, pc, in.A)
				}
			case vm.OpSelect:
				if in.A < 0 || int(in.A) >= len(p.Selects) {
					t.Errorf("%s: %s:%d select %d", name, f.Name, pc, in.A)
				}
			}
			if f.Pos[pc].Line <= 0 {
				t.Errorf("%s: %s:%d has no position", name, f.Name, pc)
			}
		}
		_ = fi
	}
}
