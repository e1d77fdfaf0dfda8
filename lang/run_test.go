package lang

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// End-to-end tests of the front end and the interpreter: the programs in
// testdata/run are compiled, run on the simulated runtime and their output
// compared with what the real Go toolchain printed for them (the .golden
// files; go test ./lang -run InterpPrograms -real rebuilds them with `go
// build` and the real runtime).

var realGo = flag.Bool("real", false, "rebuild testdata/run/*.golden by running the programs with the real Go toolchain")

// normalizeStderr keeps what a panic prints before the goroutine traceback
// (and the signal line, whose addresses differ).
func normalizeStderr(s string) string {
	if i := strings.Index(s, "\ngoroutine "); i >= 0 {
		s = s[:i]
	}
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "[signal ") {
			continue
		}
		keep = append(keep, l)
	}
	return strings.TrimRight(strings.Join(keep, "\n"), "\n")
}

func formatRun(stdout, stderr string, code int) string {
	out := stdout
	if e := normalizeStderr(stderr); e != "" {
		out += "--- stderr\n" + e + "\n"
	}
	if code != 0 {
		out += "--- exit " + strconv.Itoa(code) + "\n"
	}
	return out
}

// simulate runs prog on the simulated runtime.
func simulate(t *testing.T, prog *vm.Program, procs int) string {
	t.Helper()
	return formatRun(simulateRaw(t, prog, procs))
}

// simulateRaw runs prog on the simulated runtime and returns what it
// printed on stdout and stderr (the exit message included) and its exit
// code.
func simulateRaw(t *testing.T, prog *vm.Program, procs int) (stdout, stderr string, code int) {
	t.Helper()
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: procs, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	ex := mc.Run(func(ev *runtime.Event) {
		if ev.Kind == runtime.EvPrint {
			if ev.MustArg("stream") == 1 {
				errOut.WriteString(ev.Text)
			} else {
				out.WriteString(ev.Text)
			}
		}
	})
	if ex == nil {
		t.Fatal("no exit")
	}
	if ex.Code != 0 {
		errOut.WriteString(ex.Msg)
	}
	return out.String(), errOut.String(), ex.Code
}

func realRun(t *testing.T, file string) string {
	t.Helper()
	return realRunWith(t, file, "", nil, "")
}

// realRunWith runs file built by the real toolchain with args and stdin;
// os.Args[0] is argv0, or the binary's path if it is "".
func realRunWith(t *testing.T, file, argv0 string, args []string, stdin string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "prog")
	if out, err := realBuild(t, file, bin); err != nil {
		t.Fatalf("go build %s: %v\n%s", file, err, out)
	}
	cmd := exec.Command(bin, args...)
	if argv0 != "" {
		cmd.Args[0] = argv0
	}
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code := 0
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatal(err)
		}
		code = ee.ExitCode()
	}
	return formatRun(stdout.String(), stderr.String(), code)
}

func TestInterpPrograms(t *testing.T) {
	testRealPrograms(t, "testdata/run", []int{1, 2, 4}, "the real runtime's")
}

// testRealPrograms compiles every program in dir, runs it on the simulator
// at each of procs and compares its output with NAME.golden, which -real
// rebuilds from the real toolchain (realRun).
func testRealPrograms(t *testing.T, dir string, procs []int, whose string) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	if len(files) == 0 {
		t.Fatal("no programs")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".go")
		t.Run(name, func(t *testing.T) {
			golden := strings.TrimSuffix(file, ".go") + ".golden"
			if *realGo {
				if err := os.WriteFile(golden, []byte(realRun(t, file)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := CompileFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range procs {
				if got := simulate(t, prog, p); got != string(want) {
					t.Errorf("GOMAXPROCS=%d: got\n%s\nwant (%s)\n%s", p, got, whose, want)
				}
			}
		})
	}
}

// The stack of a deep recursion grows exactly when the prologue checks of
// the compiled frames say so (stack accounting and the StackSmall check,
// end to end).
func TestInterpStackGrowth(t *testing.T) {
	src := `package main

import "fmt"

func depth(n int) int {
	if n == 0 {
		return 0
	}
	return depth(n-1) + 1
}

func main() {
	fmt.Println("reached depth", depth(3000))
}
`
	prog, err := Compile("rec.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	index := func(name string) int {
		for i, f := range prog.Funcs {
			if f.Name == name {
				return i
			}
		}
		t.Fatalf("no %s", name)
		return 0
	}
	frame := func(name string) int64 { return int64(prog.Funcs[index(name)].FrameSize) }
	// callPC is the pc of the call of main.depth in function fi.
	callPC := func(fi int) int32 {
		for pc, in := range prog.Funcs[fi].Code {
			if in.Op == vm.OpCall && in.A == int32(index("main.depth")) {
				return int32(pc)
			}
		}
		t.Fatalf("no call of main.depth in %s", prog.Funcs[fi].Name)
		return 0
	}
	// inlined is the node a call at pc inlines in node n (0: none): the
	// compiler inlines depth into itself once (lang/inline), and an
	// inlined call takes no stack of its own.
	inlined := func(n, pc int32) int32 {
		if n < 0 {
			n = -n
		}
		if n == 0 {
			return 0
		}
		for _, c := range prog.Inl[n].Calls {
			if c.PC == pc {
				return c.Node
			}
		}
		return 0
	}
	// The model: SP = size - used at each prologue; StackSmall frames
	// fail when SP ≤ 928 (stackguard0); newstack doubles until the frame
	// and the guard fit.
	var want [][2]int64
	size, used := int64(2048), int64(40)
	call := func(fs int64) {
		if size-used <= 928 {
			n := size * 2
			for n-used < fs+928 {
				n *= 2
			}
			want = append(want, [2]int64{size, n})
			size = n
		}
		used += fs
	}
	call(frame("runtime.main"))
	call(frame("main.main"))
	caller, node := index("main.main"), prog.Funcs[index("main.main")].Inl
	depth := index("main.depth")
	inlinedOnce := false
	for range 3001 {
		if child := inlined(node, callPC(caller)); child != 0 {
			inlinedOnce = true
			node = -child
		} else {
			call(frame("main.depth"))
			node = prog.Funcs[depth].Inl
		}
		caller = depth
	}
	if !inlinedOnce {
		t.Error("the compiler inlines depth into itself once: no call was inlined")
	}
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 1, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	var got [][2]int64
	var out string
	mc.Run(func(ev *runtime.Event) {
		switch ev.Kind {
		case runtime.EvNewstack:
			got = append(got, [2]int64{ev.MustArg("old_size"), ev.MustArg("new_size")})
		case runtime.EvPrint:
			out += ev.Text
		}
	})
	if out != "reached depth 3000\n" {
		t.Errorf("output %q", out)
	}
	if len(want) == 0 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("newstack events %v, want %v (frame of depth: %d)", got, want, frame("main.depth"))
	}
}
