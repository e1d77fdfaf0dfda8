package cli

import (
	"os"
	"path/filepath"
	"testing"
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
