package lang

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// Programs that read their command line (os.Args, flag) and standard input
// (os.Stdin), run on the simulator with the arguments and input the table
// gives and compared with the real toolchain's binary run with the same
// (testdata/stdio/NAME.CASE.golden; -real rebuilds them). The real binary
// is run with os.Args[0] set to the program's name, which is what gmplab
// puts there (vm/host_os.go).

var stdioCases = []struct {
	name, file string
	args       []string
	stdin      string
}{
	{"flags.set", "flags.go", []string{"-n", "5", "-v", "-tag=a", "-tag", "b", "-d", "1m30s", "rest", "x"}, ""},
	{"flags.none", "flags.go", nil, ""},
	{"flags.bad", "flags.go", []string{"-n", "zz"}, ""},
	{"flags.help", "flags.go", []string{"-h"}, ""},
	{"flags.unknown", "flags.go", []string{"-bogus"}, ""},
	{"scan.lines", "scan.go", nil, "one two\n\nthree four five\nno newline at the end"},
	{"scan.empty", "scan.go", nil, ""},
	{"readall.two", "readall.go", nil, "first line\nsecond line\nthird\n"},
	{"readall.empty", "readall.go", nil, ""},
}

func TestStdioPrograms(t *testing.T) {
	for _, c := range stdioCases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join("testdata/stdio", c.file)
			golden := filepath.Join("testdata/stdio", c.name+".golden")
			if *realGo {
				if err := os.WriteFile(golden, []byte(realRunWith(t, file, strings.TrimSuffix(c.file, ".go"), c.args, c.stdin)), 0o644); err != nil {
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
			for _, procs := range []int{1, 4} {
				mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: procs, Check: true})
				if err != nil {
					t.Fatal(err)
				}
				mc.SetArgs(c.args)
				mc.SetStdin(strings.NewReader(c.stdin))
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
				if ex.Code != 0 {
					errOut.WriteString(ex.Msg)
				}
				if got := formatRun(out.String(), errOut.String(), ex.Code); got != string(want) {
					t.Errorf("GOMAXPROCS=%d: got\n%s\nwant (the real runtime's)\n%s", procs, got, want)
				}
			}
		})
	}
}
