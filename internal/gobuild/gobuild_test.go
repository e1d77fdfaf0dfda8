package gobuild

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// goCmd is the go command, or skips the test.
func goCmd(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the go command; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	return gocmd
}

func write(t *testing.T, name, s string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

const plain = "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hi\") }\n"

const withSim = "package main\n\nimport \"github.com/gmplab/gmplab/sim\"\n\nfunc main() { sim.Work(1) }\n"

// A program builds in the clone holding it, in its own module, or in a
// module made for it; one that imports gmplab needs a clone.
func TestWhere(t *testing.T) {
	gocmd := goCmd(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	ownMod := filepath.Join(tmp, "own")
	write(t, filepath.Join(ownMod, "go.mod"), "module example.com/own\n\ngo 1.26\n")
	for _, c := range []struct {
		name, file, src string
		clones          []string
		want            string // "temp": the module made for it
		wantErr         string
	}{
		{"sim in the clone", filepath.Join(repo, "examples", "gosched.go"), "", nil, repo, ""},
		{"sim elsewhere, a clone given", filepath.Join(tmp, "a", "s.go"), withSim, []string{"", repo}, repo, ""},
		{"sim elsewhere, no clone", filepath.Join(tmp, "b", "s.go"), withSim, []string{tmp}, "", "imports github.com/gmplab/gmplab/sim, which builds only inside a clone of gmplab: copy s.go into your clone"},
		{"plain in its module", filepath.Join(ownMod, "cmd", "p.go"), plain, nil, ownMod, ""},
		{"plain in no module", filepath.Join(tmp, "c", "p.go"), plain, nil, "temp", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.src != "" {
				write(t, c.file, c.src)
			}
			got, err := Where(gocmd, c.file, c.clones...)
			if c.wantErr != "" {
				var nc *NeedsCloneError
				if !errors.As(err, &nc) || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("Where = %q, %v; want %q", got, err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.want == "temp" {
				b, err := os.ReadFile(filepath.Join(got, "go.mod"))
				v, verr := exec.Command(gocmd, "env", "GOVERSION").Output()
				if err != nil || verr != nil || !strings.Contains(string(b), "\ngo "+strings.TrimPrefix(strings.TrimSpace(string(v)), "go")+"\n") {
					t.Fatalf("Where = %s, whose go.mod is %q (%v), want the go line of %s", got, b, err, v)
				}
				// And the program builds there, as go run would run it.
				if err := Build(t.Context(), gocmd, got, filepath.Join(t.TempDir(), "p"), nil, c.file); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != c.want {
				t.Fatalf("Where = %s, want %s", got, c.want)
			}
		})
	}
}

func TestBuildErrorInGosWords(t *testing.T) {
	gocmd := goCmd(t)
	dir := t.TempDir()
	bad := write(t, filepath.Join(dir, "bad.go"), "package main\n\nfunc main() { x := 1 }\n")
	err := Build(t.Context(), gocmd, "../..", filepath.Join(dir, "prog"), nil, bad)
	if err == nil || !strings.Contains(err.Error(), "bad.go:3:15: declared and not used: x") || strings.Contains(err.Error(), "# command-line") {
		t.Errorf("Build: %v", err)
	}
}

// Tool builds a clone's command once, and again only after a source
// changed.
func TestTool(t *testing.T) {
	gocmd := goCmd(t)
	clone := t.TempDir()
	write(t, filepath.Join(clone, "go.mod"), "module "+Module+"\n\ngo 1.26\n")
	main := write(t, filepath.Join(clone, "cmd", "x", "main.go"), plain)
	exe := filepath.Join(t.TempDir(), "bin", "x")
	build := func() []string {
		t.Helper()
		var compiled []string
		if err := Tool(t.Context(), gocmd, clone, "./cmd/x", exe, func(p string) { compiled = append(compiled, p) }); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(exe).Output()
		if err != nil {
			t.Fatal(err)
		}
		return append(compiled, strings.TrimSpace(string(out)))
	}
	if got := build(); got[len(got)-1] != "hi" || !strings.Contains(strings.Join(got, " "), Module+"/cmd/x") {
		t.Fatalf("first build: compiled and printed %q", got)
	}
	if got := build(); len(got) != 1 {
		t.Fatalf("nothing changed, and the go command ran: %q", got)
	}
	write(t, main, strings.Replace(plain, `"hi"`, `"again"`, 1))
	later := time.Now().Add(time.Second) // a coarse file clock must still see the change
	os.Chtimes(main, later, later)
	if got := build(); got[len(got)-1] != "again" {
		t.Fatalf("after an edit: %q", got)
	}
}
