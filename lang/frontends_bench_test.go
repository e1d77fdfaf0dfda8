package lang

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// The speed of the simulated program's code: four kernels of ordinary Go
// (a loop of additions, a recursion, a value-receiver method called in a
// loop, a closure called in a loop), each run natively and by gmplab
// (compiled, then simulated) in the same benchmark run:
//
//	go test ./lang -run '^$' -bench FrontEnds
//
// The native and simulated functions compute the same value; the
// cpu-ns/op figures side by side (the process's CPU time, which the
// machine's load does not inflate as it does ns/op) are the speed ratio.

// A kernel is the Go source of one function, kernel(n int) int, and its
// native twin.
type feKernel struct {
	name   string
	n      int
	src    string
	native func(n int) int
}

var feKernels = []feKernel{
	{"loop", 10_000_000, `func kernel(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	return s
}`, func(n int) int {
		s := 0
		for i := 0; i < n; i++ {
			s += i
		}
		return s
	}},
	{"fib", 25, `func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func kernel(n int) int { return fib(n) }`, feNativeFib},
	{"method", 1_000_000, `type point struct{ x, y int }

func (p point) sum() int { return p.x + p.y }

func kernel(n int) int {
	p := point{1, 2}
	s := 0
	for i := 0; i < n; i++ {
		s += p.sum()
	}
	return s
}`, func(n int) int {
		p := feNativePoint{1, 2}
		s := 0
		for i := 0; i < n; i++ {
			s += p.sum()
		}
		return s
	}},
	{"closure", 1_000_000, `func kernel(n int) int {
	k := 3
	add := func(a int) int { return a + k }
	s := 0
	for i := 0; i < n; i++ {
		s = add(s)
	}
	return s
}`, func(n int) int {
		k := 3
		add := func(a int) int { return a + k }
		s := 0
		for i := 0; i < n; i++ {
			s = add(s)
		}
		return s
	}},
}

//go:noinline
func feNativeFib(n int) int {
	if n < 2 {
		return n
	}
	return feNativeFib(n-1) + feNativeFib(n-2)
}

type feNativePoint struct{ x, y int }

//go:noinline
func (p feNativePoint) sum() int { return p.x + p.y }

// kernelProgram is the kernel as a program that prints kernel(n).
func (k feKernel) program() []byte {
	return []byte("package main\n\nimport \"fmt\"\n\n" + k.src + "\n\nfunc main() {\n\tfmt.Println(kernel(" + strconv.Itoa(k.n) + "))\n}\n")
}

func BenchmarkFrontEnds(b *testing.B) {
	for _, k := range feKernels {
		want := fmt.Sprintln(k.native(k.n))
		b.Run(k.name+"/native", func(b *testing.B) {
			cpu := processCPU()
			for b.Loop() {
				k.native(k.n)
			}
			b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
		})
		{
			prog, err := Compile(k.name+".go", k.program())
			if err != nil {
				b.Fatal(err)
			}
			b.Run(k.name+"/gmplab", func(b *testing.B) {
				var instrs int64
				cpu := processCPU()
				for b.Loop() {
					mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 1, MaxInstrs: 1 << 40, MaxTime: 1 << 50})
					if err != nil {
						b.Fatal(err)
					}
					var out string
					ex := mc.Run(func(ev *runtime.Event) {
						if ev.Kind == runtime.EvPrint {
							out += ev.Text
						}
					})
					if ex == nil || ex.Code != 0 || out != want {
						b.Fatalf("exit %v, output %q, want %q", ex, out, want)
					}
					instrs = mc.Stats().Instrs
				}
				b.ReportMetric(float64(processCPU()-cpu)/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(instrs)/float64(k.n), "instrs/n")
			})
		}
	}
}
