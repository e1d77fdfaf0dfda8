package lang

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// The library's operations scale as Go's do: each program of
// testdata/scale runs at a size n and 4n (its first argument, or as many
// lines of standard input or arguments) and the instructions interpreted
// and the virtual CPU time they cost must grow about 4 times (at most 5.5
// times: a heap's n log n is 4.6 times at these sizes), not 16: no
// operation the library provides copies what it has built on every call.

var scaleCases = []struct {
	file string
	n    int
	// how the size is given: "arg" (os.Args[1]), "stdin" (n lines),
	// "flags" (n flags)
	by string
	// cpuOnly: the work is one call whatever n (io.Copy of a
	// strings.Reader is one WriteTo, one Write, as in Go): only its
	// virtual time, the bytes copied, grows
	cpuOnly bool
}{
	{"bytes_buffer.go", 4000, "arg", false},
	{"fprintf_writer.go", 2000, "arg", false},
	{"io_copy.go", 4000, "arg", true},
	{"container_list.go", 2000, "arg", false},
	{"container_ring.go", 2000, "arg", false},
	{"container_heap.go", 1000, "arg", false},
	{"sync_pool.go", 4000, "arg", false},
	{"utf8_bits.go", 4000, "arg", false},
	{"bufio_stdin.go", 2000, "stdin", false},
	{"flag_parse.go", 2000, "flags", false},
}

func TestLibraryScaling(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	for _, c := range scaleCases {
		t.Run(strings.TrimSuffix(c.file, ".go"), func(t *testing.T) {
			prog, err := CompileFile(filepath.Join("testdata/scale", c.file))
			if err != nil {
				t.Fatal(err)
			}
			measure := func(n int) (instrs, cpu int64, out string) {
				mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 1, MaxInstrs: 1 << 40})
				if err != nil {
					t.Fatal(err)
				}
				switch c.by {
				case "arg":
					mc.SetArgs([]string{strconv.Itoa(n)})
				case "stdin":
					mc.SetStdin(strings.NewReader(strings.Repeat("a line of input\n", n)))
				case "flags":
					var args []string
					for i := 0; i < n; i++ {
						args = append(args, "-v", strconv.Itoa(i))
					}
					mc.SetArgs(args)
				}
				var b strings.Builder
				ex := mc.Run(func(ev *runtime.Event) {
					if ev.Kind == runtime.EvPrint {
						b.WriteString(ev.Text)
					}
				})
				if ex == nil || ex.Code != 0 {
					t.Fatalf("n=%d: exit %+v", n, ex)
				}
				st := mc.Stats()
				return st.Instrs, st.CPU, b.String()
			}
			i1, c1, o1 := measure(c.n)
			i4, c4, o4 := measure(4 * c.n)
			ri, rc := float64(i4)/float64(i1), float64(c4)/float64(c1)
			t.Logf("n=%d: %d instructions, %d ns (%q); 4n: %d, %d ns (%q); ratios %.2f %.2f", c.n, i1, c1, o1, i4, c4, o4, ri, rc)
			for _, r := range []struct {
				what  string
				ratio float64
			}{{"instructions", ri}, {"virtual CPU time", rc}} {
				if c.cpuOnly && r.what == "instructions" {
					continue
				}
				if r.ratio < 3 || r.ratio > 5.5 {
					t.Errorf("%s grow %.2f times from n=%d to 4n: want about 4 (linear)", r.what, r.ratio, c.n)
				}
			}
			if o1 == o4 {
				t.Errorf("the same output at n and 4n (%q): the size did not reach the program", o1)
			}
		})
	}
}
