package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// FuzzCompile: no input crashes or hangs the front end, every program it
// accepts is well formed, and running one never crashes the interpreter.
// Its seeds (valid and invalid programs) run in the normal go test; fuzz
// with go test ./lang -run '^$' -fuzz FuzzCompile.
func FuzzCompile(f *testing.F) {
	files, _ := filepath.Glob("testdata/*/*.go")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(src))
	}
	for _, src := range fuzzSeeds {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		prog, err := Compile("f.go", []byte(src))
		if err != nil {
			msg := err.Error()
			if strings.Contains(msg, "internal compiler error") {
				t.Fatalf("%s\n--- source\n%s", msg, src)
			}
			if n := len(err.(*Error).Lines); n == 0 || n > maxErrors+1 {
				t.Fatalf("%d error lines", n)
			}
			return
		}
		checkProgram(t, "f.go", prog)
		mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 2, MaxSteps: 2000, MaxTime: 2e6, MaxStackSize: 1 << 20, Check: true})
		if err != nil {
			t.Fatal(err)
		}
		if ex := mc.Run(nil); ex == nil {
			t.Fatal("the run did not end")
		}
	})
}

var fuzzSeeds = []string{
	"",
	"package main",
	"package main\nfunc main() {}\n",
	"package main\nfunc main() { x := }\n",
	"package main\nfunc main() { for {} }\n",
	"package main\nfunc f() int { for {} }\nfunc main() { f() }\n",
	"package main\nfunc f(n int) int { return f(n+1) }\nfunc main() { f(0) }\n",
	"package main\nfunc main() { select {} }\n",
	"package main\nimport \"fmt\"\nfunc main() { fmt.Printf(\"%d %5s %-3v %q %t %%\\n\", 1, \"a\", 2, \"q\", true) }\n",
	"package main\nimport \"fmt\"\nfunc main() { fmt.Printf(\"%\") }\n",
	"package main\nimport \"fmt\"\nfunc main() { var f func(); defer f(); fmt.Println(1/len(\"\")) }\n",
	"package main\nfunc main() { var x int8 = -128; x /= -1; println(x, ^x, -x) }\n",
	"package main\nimport \"time\"\nfunc main() { ch := time.After(time.Millisecond); for { select { case <-ch: return; default: } } }\n",
	"package main\nimport \"sync\"\nfunc main() { var wg sync.WaitGroup; wg.Go(func() { panic(\"x\") }); wg.Wait() }\n",
	"package main\nfunc f() (a, b int, _ string) { defer func() { a = 1 }(); return }\nfunc main() { x, y, z := f(); println(x, y, z) }\n",
	"package main\nfunc main() { s := \"abc\"; println(s[1:], s[:1], s[3:], s[len(s)-1]) ; switch { case s < \"b\": fallthrough; default: println() } }\n",
	"package main\nfunc main() {\nL:\n\tfor i := range 3 {\n\t\tswitch {\n\t\tcase i > 1:\n\t\t\tbreak L\n\t\t}\n\t\tcontinue L\n\t}\n}\n",
	"package main\nimport \"github.com/gmplab/gmplab/sim\"\nfunc main() { go sim.Work(1); c := sim.Dial(5); defer c.Read(); sim.Syscall(3); sim.Breakpoint() }\n",
	"package main\nimport \"runtime\"\nfunc main() { runtime.GOMAXPROCS(runtime.GOMAXPROCS(0)); go runtime.Gosched(); println(runtime.NumGoroutine()) }\n",
	"package main\nvar a, b = f()\nfunc f() (int, int) { return b, 2 }\nfunc main() {}\n",
	"package main\nfunc main() { var c chan struct{}; close(c) }\n",
	"package main\nfunc main() { c := make(chan int, -1); _ = c }\n",
	"package main\ntype T struct{}\nfunc (T) M() {}\nfunc main() { var t T; t.M() }\n",
	"package main\nfunc main() { x := 1; _ = &x; var y [2]int; _ = y[x] }\n",
	"package main\ntype P struct{ X, Y int }\nfunc (p *P) M() int { return p.X }\nfunc main() { var p *P; f := p.M; println(f()) }\n",
	"package main\ntype A struct{ B }\ntype B struct{ *A; n int }\nfunc main() { a := A{}; a.n++; println(a.A == nil, a == A{}) }\n",
	"package main\ntype L struct{ next *L; v string }\nfunc main() { l := &L{v: \"x\"}; l.next = l; *l.next = L{}; println(l.v == \"\", l.next == nil) }\n",
	"package main\nimport \"fmt\"\ntype S int\nfunc (s S) String() string { return fmt.Sprint(int(s)) }\ntype T struct{ S S; s S }\nfunc main() { fmt.Printf(\"%+v %v %q\\n\", T{1, 2}, &T{}, S(3)) }\n",
	"package main\ntype T struct{ x int }\nfunc (T) M() {}\nfunc (*T) N() {}\nfunc main() { g := (*T).M; h := T.N; _, _ = g, h }\n",
	"package main\ntype G[T any] struct{ v T }\nfunc (g G[T]) Get() T { return g.v }\nfunc main() { println(G[int]{1}.Get()) }\n",
	"package main\nfunc main() {\n\ti := 0\n\tgoto b\na:\n\ti++\nb:\n\tif i < 3 {\n\t\tgoto a\n\t}\n\tprintln(i)\n}\n",
	"package main\nfunc main() {\n\tgoto L\n\tx := 1\n\t_ = x\nL:\n\t{\n\tM:\n\t}\n\tgoto M\n}\n",
	"package main\nimport (\"os\"; \"fmt\")\nfunc main() { fmt.Println(os.Args, y); var f os.File; g := f; _ = g.Name() }\n",
	"package main\nfunc main() { return\nL:\n\tprintln(1)\n\tgoto L }\n",
	"package main\ntype S []int\nfunc (s *S) Push(v int) { *s = append(*s, v) }\nvar g S\nfunc main() { var s S; s.Push(1); g.Push(2); p := &s[0]; *p++; q := &p; **q += len(g); println(s[0], *new(int)) }\n",
	"package main\ntype T struct{ a int; b string }\nfunc main() { t := T{}; p, q := &t.a, &t.b; *p, *q = 1, \"x\"; var n *string; m := map[*int]bool{p: true}; println(t.a, t.b, m[p], *n) }\n",
	"package main\nimport \"fmt\"\ntype G [2][2]int\nfunc (g *G) Set(i int) { g[i%2][1] = i }\nfunc main() { var g G; g.Set(3); a := [...]int{4: 1}; b := a; b[0]++; s := a[1:3]; s[0] = 9; p := &a; fmt.Println(g, a == b, len(p), a, s, p[:1]); i := 7; _ = a[i] }\n",
	"package main\nfunc main() { var a [3]int; a[5] = 1; for i, v := range &a { println(i, v) } }\n",
	"package main\nimport \"fmt\"\nfunc Map[T, U any](s []T, f func(T) U) []U { var r []U; for _, v := range s { r = append(r, f(v)) }; return r }\ntype P[K comparable, V any] struct{ k K; v V }\nfunc (p *P[K, V]) Set(v V) { p.v = v }\nfunc main() { fmt.Println(Map([]int{1}, func(i int) string { return fmt.Sprint(i) })); var p P[string, [2]int]; p.Set([2]int{1}); f := Map[string, int]; _ = f; fmt.Println(p.v) }\n",
	"package main\nfunc Z[T any]() T { var z T; return z }\nfunc main() { _ = Z() }\n",
	"package main\nimport \"sync\"\ntype C struct{ sync.Mutex; n int }\nfunc main() { var c C; c.Lock(); defer c.Unlock(); go func(c C) { c.n++ }(c) }\n",
	// Range over functions (rangefunc.go): exits of every kind, a defer, an iterator that misbehaves.
	"package main\nvar y func(int) bool\nfunc s(f func(int) bool) { y = f; for f(1) {} }\nfunc g() (r int) {\nL:\n\tfor x := range s {\n\t\tfor range s {\n\t\t\tdefer func() { r++ }()\n\t\t\tif x > 0 {\n\t\t\t\tcontinue L\n\t\t\t}\n\t\t\tgoto E\n\t\t}\n\t\treturn x\n\t}\nE:\n\treturn\n}\nfunc main() { println(g()); y(2) }\n",
	"package main\nfunc main() { for x := range func(yield func(int)) {} { _ = x }; for range func(func() bool) {} { break }; for a, b, c := range func(func(int, int) bool) {} {} }\n",
}
