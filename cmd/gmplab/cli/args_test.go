package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// gmplab run FILE.go -- a b: what follows -- is the program's os.Args[1:],
// and a flag there is the program's, not gmplab's.
func TestRunPassesArgsAfterDash(t *testing.T) {
	file := filepath.Join(t.TempDir(), "echo.go")
	src := "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() {\n\tfmt.Println(os.Args)\n\tos.Exit(len(os.Args))\n}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r := gmplab(t, "run "+file+" --quiet -- a --gomaxprocs b")
	if r.stdout != "[echo a --gomaxprocs b]\n" || r.code != 4 {
		t.Errorf("got %+v", r)
	}
	if r := gmplab(t, "run "+file+" --quiet"); r.stdout != "[echo]\n" || r.code != 1 {
		t.Errorf("without --: got %+v", r)
	}
}

// A flag's help shows one default: a usage that states its own default
// ("(default: the lesson's, else 4)") has a zero value, which cobra does
// not add a second "(default 4)" for.
func TestOneDefaultPerFlag(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if !strings.Contains(f.Usage, "(default") {
				return
			}
			switch f.DefValue {
			case "", "0", "false", "[]", "0s":
			default:
				t.Errorf("%s --%s: the usage states a default and cobra adds (default %s)", c.CommandPath(), f.Name, f.DefValue)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(NewRootCmd())
}

// gmplab run FILE.go < input: the program's os.Stdin reads gmplab's
// standard input, and flag parses what follows --.
func TestRunReadsStdin(t *testing.T) {
	file := filepath.Join(t.TempDir(), "upper.go")
	src := `package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	prefix := flag.String("p", "> ", "prefix")
	flag.Parse()
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		fmt.Println(*prefix + strings.ToUpper(sc.Text()))
	}
	fmt.Println(flag.Args())
}
`
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	code := Run([]string{"run", file, "--quiet", "--", "-p", "* ", "rest"}, strings.NewReader("one\ntwo"), &stdout, &stderr)
	if want := "* ONE\n* TWO\n[rest]\n"; stdout.String() != want || code != 0 {
		t.Errorf("got %q (stderr %q, exit %d), want %q", stdout.String(), stderr.String(), code, want)
	}
}

// A program that does not read os.Stdin leaves gmplab's standard input
// unread (a terminal's would otherwise block the run).
func TestRunLeavesStdinUnread(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hello.go")
	if err := os.WriteFile(file, []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hi\") }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	if code := Run([]string{"run", file, "--quiet"}, failingReader{t}, &stdout, &stderr); code != 0 || stdout.String() != "hi\n" {
		t.Errorf("got %q %q %d", stdout.String(), stderr.String(), code)
	}
}

type failingReader struct{ t *testing.T }

func (r failingReader) Read([]byte) (int, error) {
	r.t.Error("standard input read by a program that does not read os.Stdin")
	return 0, os.ErrClosed
}
