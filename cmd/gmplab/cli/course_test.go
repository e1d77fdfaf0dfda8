package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/gmplab/gmplab/internal/testnote"
)

// TestCourseHelper: the gmplab binary has neither the lesson reader nor
// the book built in (builtIn is empty there), and runs gmplab lesson and
// gmplab book build in gmplab-course, which it builds from this clone
// into the user's cache folder on first use. The lesson prints what the
// reader in process prints (TestLessonPrinted's golden file), and the
// book is built.
func TestCourseHelper(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gmplab-course; skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	freshProgress(t)
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache) // where gmplab-course is kept
	const golden = "testdata/lessons/lesson.golden"
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}

	saved := builtIn
	builtIn = Extras{}
	defer func() { builtIn = saved }()
	testnote.Say(t, "gmplab lesson in gmplab-course: building gmplab-course from the clone")
	var got, errb bytes.Buffer
	if code := Run([]string{"lesson", fixture}, strings.NewReader(""), &got, &errb); code != 0 {
		t.Fatalf("in gmplab-course: exit %d: %s", code, errb.String())
	}
	if errb.Len() > 0 {
		t.Errorf("stderr (not a terminal: no progress line): %q", errb.String())
	}
	if got.String() != string(want) {
		t.Errorf("gmplab lesson in gmplab-course differs from the reader in process:\n%s", diff.Diff(golden, want, "gmplab-course", got.Bytes()))
	}
	exes, _ := filepath.Glob(filepath.Join(cache, "gmplab", "bin", "*", courseHelper.name))
	if len(exes) != 1 {
		t.Errorf("gmplab-course in the cache folder: %v, want one", exes)
	}

	site := t.TempDir()
	var out bytes.Buffer
	errb.Reset()
	if code := Run([]string{"book", "build", "-o", site, "--no-wasm"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("gmplab book build in gmplab-course: exit %d: %s%s", code, out.String(), errb.String())
	}
	if !strings.HasPrefix(out.String(), "book: ") || !strings.Contains(out.String(), " pages in "+site) {
		t.Errorf("gmplab book build said %q", out.String())
	}
	if _, err := os.Stat(filepath.Join(site, "lessons", "04-sysmon.html")); err != nil {
		t.Error(err)
	}
}
