package cli

import (
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// gmplab version and gmplab --version say which gmplab, which Go runtime
// it models (every release the model follows), and which Go built it.
func TestVersion(t *testing.T) {
	v := gmplab(t, "version")
	if v.code != 0 || v.stderr != "" {
		t.Fatalf("gmplab version: %+v", v)
	}
	if f := gmplab(t, "--version"); f != v {
		t.Errorf("--version printed %+v, version %+v", f, v)
	}
	lines := strings.Split(strings.TrimSuffix(v.stdout, "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "gmplab ") {
		t.Fatalf("want three lines, the first gmplab's version:\n%s", v.stdout)
	}
	for _, r := range append([]string{runtime.GoVersion}, runtime.LaterGoVersions...) {
		if !strings.Contains(lines[1], "Go "+strings.TrimPrefix(r, "go")) {
			t.Errorf("%q does not name %s", lines[1], r)
		}
	}
	if want := "built with " + goruntime.Version() + " " + goruntime.GOOS + "/" + goruntime.GOARCH; lines[2] != want {
		t.Errorf("%q, want %q", lines[2], want)
	}
}
