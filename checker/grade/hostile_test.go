package grade

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gmplab/gmplab/checker"
)

// hostile are submissions of 01-newstack that try to spoil a grading: the
// function is the reference one, and the file adds the attack. spoil() is
// called at the start of the function.
var hostile = map[string]string{
	// Goroutines that spin from init on: before, every process of the
	// one grading program ran them and correct submissions timed out.
	// Code that runs at initialisation is refused now.
	"spin-init": "func init() {\n\tfor i := 0; i < 8; i++ {\n\t\tgo func() {\n\t\t\tfor {\n\t\t\t}\n\t\t}()\n\t}\n}\n\nfunc spoil() {}\n",
	// 20 GB at initialisation, refused likewise.
	"alloc-init": "var big = make([]byte, 20<<30)\n\nfunc spoil() {}\n",
	// Integer division by zero at initialisation, with no call: it runs,
	// and the probe finds it.
	"divide-init": "var zero = 0\n\nvar boom = 1 / zero\n\nfunc spoil() {}\n",
	// Goroutines that spin from the first call on.
	"spin-call": "var started bool\n\nfunc spoil() {\n\tif !started {\n\t\tstarted = true\n\t\tfor i := 0; i < 8; i++ {\n\t\t\tgo func() {\n\t\t\t\tfor {\n\t\t\t\t}\n\t\t\t}()\n\t\t}\n\t}\n}\n",
	// 20 GB, touched, at the first call.
	"alloc-call": "var big []byte\n\nfunc spoil() {\n\tif big == nil {\n\t\tbig = make([]byte, 20<<30)\n\t\tfor i := 0; i < len(big); i += 4096 {\n\t\t\tbig[i] = 1\n\t\t}\n\t}\n}\n",
	// A hundred thousand lines at every call: the function is slow, and
	// the output is the reason given (where a correct function that
	// prints less passes: testdata/submissions/heidi).
	"print-loop": "func spoil() {\n\tfor i := 0; i < 100000; i++ {\n\t\tprintln(\"spoil the grader's pipes\")\n\t}\n}\n",
	// Endless output from a goroutine of its own.
	"print-call": "var printing bool\n\nfunc spoil() {\n\tif !printing {\n\t\tprinting = true\n\t\tgo func() {\n\t\t\tfor {\n\t\t\t\tprintln(\"spoil the grader's pipes\")\n\t\t\t}\n\t\t}()\n\t}\n}\n",
}

// TestHostileSubmissions grades correct submissions beside hostile ones
// (spinning goroutines from init and from the first call, 20 GB at
// initialisation and at the first call, a division by zero at
// initialisation, endless output, a fork, reading another submission, a
// symbolic link to another submission's file) twice: the correct ones
// pass both times, each hostile one fails with its reason, and the two
// gradebooks are identical.
func TestHostileSubmissions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs grading programs (-short)")
	}
	root, _ := filepath.Abs("../..")
	ref, err := os.ReadFile(filepath.Join(root, "exercises", "01-newstack", "solution", "newstack.go"))
	if err != nil {
		t.Fatal(err)
	}
	good := learnerNames.Replace(strings.Replace(string(ref), "package solution", "package newstack", 1))
	dir := t.TempDir()
	write := func(name, src string) string {
		d := filepath.Join(dir, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "newstack.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return d
	}
	var subs []string
	for _, n := range []string{"good1", "good2", "good3"} {
		subs = append(subs, write(n, good))
	}
	for name, attack := range hostile {
		src := strings.Replace(good+"\n"+attack, "oldsize := gp.StackSize", "spoil()\n\toldsize := gp.StackSize", 1)
		subs = append(subs, write(name, src))
	}
	withImport := func(imp, body string) string {
		return strings.Replace(good, "import \"github.com/gmplab/gmplab/exercises/rt\"", "import (\n\t\"github.com/gmplab/gmplab/exercises/rt\"\n\t"+imp+"\n)", 1) + body
	}
	subs = append(subs,
		write("fork", withImport(`"os/exec"`, "\nfunc spoil() { exec.Command(\"/bin/true\").Run() }\n")),
		write("reader", withImport(`"os"`, "\nfunc spoil() { os.ReadFile(\"../good1/newstack.go\") }\n")))
	link := filepath.Join(dir, "linker")
	os.MkdirAll(link, 0o755)
	if err := os.Symlink(filepath.Join(dir, "good1", "newstack.go"), filepath.Join(link, "newstack.go")); err != nil {
		t.Fatal(err)
	}
	subs = append(subs, link)

	grade := func() (*Gradebook, []byte) {
		start := time.Now()
		gb, err := Grade(context.Background(), Options{Root: root, Submissions: subs, Exercises: []string{"01-newstack"},
			Timeout: 5 * time.Second, MemoryMB: 512, Jobs: 2})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("graded %d submissions in %v", len(subs), time.Since(start).Round(time.Millisecond))
		var js bytes.Buffer
		gb.WriteJSON(&js)
		return gb, js.Bytes()
	}
	// The spinners and the printer solve the exercise, but their
	// goroutines are still alive when the first test ends: that test
	// fails, and the exercise's others do not run beside them.
	want := map[string]string{
		"spin-call":   "started a goroutine that still runs",
		"print-call":  "started a goroutine that still runs",
		"print-loop":  "your code printed more than 1 MB (to standard error, where print and println write) and did not finish",
		"spin-init":   "may not run at initialisation",
		"alloc-init":  "may not run at initialisation",
		"divide-init": "its initialisation",
		"alloc-call":  "ran out of memory",
		"fork":        `imports "os/exec"`,
		"reader":      `imports "os"`,
		"linker":      "symbolic link that leads out of the submission",
	}
	var first []byte
	for run := 0; run < 2; run++ {
		gb, js := grade()
		for _, s := range gb.Submissions {
			r := s.Results[0]
			if strings.HasPrefix(s.Name, "good") {
				if r.Status != checker.StatusPass {
					t.Errorf("run %d: %s beside hostile submissions: %s %s", run+1, s.Name, r.Status, r.Message)
				}
				continue
			}
			if want[s.Name] == "" {
				t.Logf("run %d: %s: %s %s", run+1, s.Name, r.Status, r.Message)
				continue
			}
			if r.Status == checker.StatusPass || !strings.Contains(r.Message, want[s.Name]) {
				t.Errorf("run %d: %s: %s %q, want a fail with %q", run+1, s.Name, r.Status, r.Message, want[s.Name])
			}
		}
		if run == 0 {
			first = js
		} else if !bytes.Equal(first, js) {
			t.Errorf("the two gradings differ:\n%s\n%s", first, js)
		}
	}
}
