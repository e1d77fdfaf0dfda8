package checker

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunsAtInit: func init and package-level values that call are code
// that runs at initialisation; constants, plain values and functions are
// not.
func TestRunsAtInit(t *testing.T) {
	for src, want := range map[string]string{
		"package p\nfunc init() {}\n":                        "x.go:2: func init",
		"package p\nvar big = make([]byte, 20<<30)\n":        "x.go:2: a package-level variable's value calls",
		"package p\nvar f = func() int { return 1 }\n":       "x.go:2: a package-level variable's value calls",
		"package p\nconst n = 4\nvar x = n * 2\n":            "",
		"package p\nfunc (T) init() {}\ntype T int\n":        "",
		"package p\nfunc runqget() { println(\"hello\") }\n": "",
		"package p\nfunc f( {\n":                             "", // does not parse: the compiler says why
	} {
		got := RunsAtInit("x.go", []byte(src))
		if (want == "") != (got == "") || !strings.HasPrefix(got, want) {
			t.Errorf("%q: got %q, want %q…", src, got, want)
		}
	}
}

// TestGoTestRefuses runs go test, as an instructor would in a checkout
// with a learner's files dropped in, on exercise folders that cheat: an
// os.Exit(0) in init (go test said ok), a TestMain, a second test file, an
// import of the reference solution. Each fails before any learner code
// runs, with the reason. The folders are in a module of their own that
// uses this checkout's checker (a replace directive), so nothing is
// written into the checkout.
func TestGoTestRefuses(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test (-short)")
	}
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	gosum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	rootmod, _ := os.ReadFile(filepath.Join(root, "go.mod"))
	gomod := strings.Replace(string(rootmod), "module "+Module, "module example.com/class", 1) +
		"\nrequire github.com/gmplab/gmplab v0.0.0\n\nreplace github.com/gmplab/gmplab => " + root + "\n"
	os.WriteFile(filepath.Join(mod, "go.mod"), []byte(gomod), 0o644)
	os.WriteFile(filepath.Join(mod, "go.sum"), gosum, 0o644)
	ex := filepath.Join(root, "exercises", "02-runqget")
	exercise, _ := os.ReadFile(filepath.Join(ex, "exercise.go"))
	test, _ := os.ReadFile(filepath.Join(ex, "runqget_test.go"))
	sol, _ := os.ReadFile(filepath.Join(ex, "solution", "runqget.go"))
	good := strings.NewReplacer("package solution", "package runqget", "func Runqget", "func runqget", "Runqget(pp)", "runqget(pp)",
		"func FindRunnable", "func findRunnable").Replace(string(sol))
	cases := []struct {
		name  string
		files map[string]string
		want  string // in go test's output; "" for a pass
	}{
		{"honest", map[string]string{"runqget.go": good}, ""},
		{"exit-in-init", map[string]string{"runqget.go": strings.Replace(good, "import \"github.com/gmplab/gmplab/exercises/rt\"",
			"import (\n\t\"os\"\n\n\t\"github.com/gmplab/gmplab/exercises/rt\"\n)\n\nfunc init() { os.Exit(0) }", 1)}, `imports "os"`},
		{"testmain", map[string]string{"runqget.go": good, "runqget_test.go": string(test) + "\nfunc TestMain(m *testing.M) {}\n"}, "declares TestMain"},
		{"extra-test", map[string]string{"runqget.go": good, "mine_test.go": "package runqget\n\nimport \"testing\"\n\nfunc TestMine(t *testing.T) {}\n"}, "has test files"},
		{"imports-solution", map[string]string{"runqget.go": strings.Replace(good, "import \"github.com/gmplab/gmplab/exercises/rt\"",
			"import (\n\t\"github.com/gmplab/gmplab/exercises/rt\"\n\tref \"github.com/gmplab/gmplab/exercises/02-runqget/solution\"\n)\n\nvar _ = ref.Runqget", 1)}, `imports "github.com/gmplab/gmplab/exercises/02-runqget/solution"`},
		{"init-var", map[string]string{"runqget.go": good + "\nvar table = build()\n\nfunc build() []int { return nil }\n"}, "may not run at initialisation"},
	}
	var pkgs []string
	for _, c := range cases {
		dir := filepath.Join(mod, c.name, "exercises", "02-runqget")
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "exercise.go"), exercise, 0o644)
		os.WriteFile(filepath.Join(dir, "runqget_test.go"), test, 0o644)
		for n, src := range c.files {
			os.WriteFile(filepath.Join(dir, n), []byte(src), 0o644)
		}
		pkgs = append(pkgs, "./"+c.name+"/exercises/02-runqget")
	}
	// go test -json carries the result whole, rules and score, for
	// gmplab grade --from-json.
	cmd := exec.Command("go", "test", "-json", "-count=1", "-mod=mod", pkgs[0])
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), `"Output":"`+ResultPrefix+`- {\"version\":2,\"exercise\":\"02-runqget\",\"status\":\"pass\"`) ||
		!strings.Contains(string(out), `\"rules\":[{\"name\":\"runqget: runnext first`) {
		t.Errorf("go test -json of an honest solution: no result line with its rules (%v):\n%.3000s", err, out)
	}
	for i, c := range cases {
		cmd := exec.Command("go", "test", "-count=1", "-mod=mod", pkgs[i])
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod")
		out, err := cmd.CombinedOutput()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: go test fails: %s", c.name, out)
		case c.want != "" && err == nil:
			t.Errorf("%s: go test passes, want a refusal with %q:\n%s", c.name, c.want, out)
		case c.want != "" && !strings.Contains(string(out), c.want):
			t.Errorf("%s: go test says\n%s\nwant %q", c.name, out, c.want)
		}
	}
}
