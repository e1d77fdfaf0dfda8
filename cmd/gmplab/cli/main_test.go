package cli

import (
	"os"
	"testing"

	"github.com/gmplab/gmplab/internal/render"
	"github.com/gmplab/gmplab/progress"
)

// TestMain keeps every test of the package away from the tester's own
// environment: GMPLAB_CONFIG_DIR points to a fresh directory, so no test
// touches the user's progress file, and the tester's GOMAXPROCS is hidden
// from gmplab, so that goldens do not depend on it
// (TestGOMAXPROCSEnvironment sets it on purpose). The test binary has the
// lesson reader and the book built in, as gmplab-course has (realcmd_test.go
// runs gmplab-course itself).
func TestMain(m *testing.M) {
	builtIn = Extras{Markdown: render.Markdown, BuildBook: render.Book}
	if os.Getenv(asGmplab) == "1" {
		os.Exit(Main()) // the test binary run as gmplab (pty_test.go)
	}
	dir, err := os.MkdirTemp("", "gmplab-config-")
	if err != nil {
		panic(err)
	}
	os.Setenv(progress.EnvDir, dir)
	lookupEnv = func(string) (string, bool) { return "", false }
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
