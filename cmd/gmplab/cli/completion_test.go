package cli

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/lessons"
)

// complete asks gmplab what the shell should offer for the command line
// (cobra's hidden __complete, which the completion scripts call) and
// returns the offers without their descriptions.
func complete(t *testing.T, args ...string) []string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := Run(append([]string{"__complete"}, args...), nil, &stdout, &stderr); code != 0 {
		t.Fatalf("gmplab __complete %q: exit %d: %s", args, code, stderr.String())
	}
	var out []string
	for _, l := range strings.Split(stdout.String(), "\n") {
		if l != "" && !strings.HasPrefix(l, ":") {
			name, _, _ := strings.Cut(l, "\t")
			out = append(out, name)
		}
	}
	return out
}

func TestCompletion(t *testing.T) {
	t.Chdir(repoRoot)
	ls, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range ls {
		names = append(names, l.Name())
	}
	exs, err := checker.ListExercises(".")
	if err != nil || len(exs) == 0 {
		t.Fatalf("exercises: %v, %v", exs, err)
	}
	var exNames, exDirs []string
	for _, e := range exs {
		exNames = append(exNames, e.Name)
		exDirs = append(exDirs, "exercises/"+e.Name)
	}
	for _, c := range []struct {
		args []string
		want []string // all of them offered
		not  []string // none of them offered
	}{
		{[]string{"step", ""}, append(slices.Clone(names), "examples/"), nil},
		{[]string{"step", "lesson-0"}, names, []string{"examples/"}},
		{[]string{"step", "examples/gos"}, []string{"examples/gosched.go"}, []string{"examples/spawn300.go"}},
		{[]string{"real", "lesson-04"}, []string{"lesson-04"}, nil},
		{[]string{"compare", "ex"}, []string{"examples/", "exercises/"}, names},
		{[]string{"run", "examples/"}, []string{"examples/gosched.go", "examples/netpoll.go"}, names},
		{[]string{"lesson", ""}, names, []string{"examples/"}},
		{[]string{"quiz", "lesson-04"}, []string{"lesson-04"}, nil},
		{[]string{"check", ""}, exNames, names},
		{[]string{"step", "lesson-02", "--with", "ex"}, exDirs, nil},
		{[]string{"step", "lesson-04", ""}, nil, names}, // one argument only
		{[]string{"run", "x.go", "--layers", "stacks,pr"}, []string{"stacks,procs", "stacks,preempt"}, []string{"stacks,all"}},
		{[]string{"run", "x.go", "--format", ""}, []string{"text", "json", "schedtrace", "chrome"}, nil},
		{[]string{"completion", ""}, []string{"bash", "zsh", "fish", "powershell"}, nil},
	} {
		got := complete(t, c.args...)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("gmplab %s<TAB>: %q lacks %q", strings.Join(c.args, " "), got, w)
			}
		}
		for _, n := range c.not {
			if slices.Contains(got, n) {
				t.Errorf("gmplab %s<TAB>: %q offers %q", strings.Join(c.args, " "), got, n)
			}
		}
	}
}

// gmplab completion SHELL writes each shell's script.
func TestCompletionScripts(t *testing.T) {
	for shell, first := range map[string]string{
		"bash":       "# bash completion V2 for gmplab",
		"zsh":        "#compdef gmplab",
		"fish":       "# fish completion for gmplab",
		"powershell": "# powershell completion for gmplab",
	} {
		r := gmplab(t, "completion "+shell)
		if r.code != 0 || !strings.HasPrefix(r.stdout, first) || !strings.Contains(r.stdout, "__complete") {
			t.Errorf("gmplab completion %s: exit %d, starts %.60q", shell, r.code, r.stdout)
		}
	}
}
