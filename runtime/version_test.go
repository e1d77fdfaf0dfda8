package runtime

import (
	goruntime "runtime"
	"slices"
	"strings"
	"testing"
)

// The toolchain running the tests is a release the model follows (of
// GoVersion's or of a LaterGoVersions' line): on another, the real-runtime
// tests would compare with a runtime whose differences from GoVersion's
// nobody has read (docs/assumptions.md lists them for each release).
func TestToolchainIsFollowed(t *testing.T) {
	v := goruntime.Version()
	if strings.HasPrefix(v, "devel ") {
		t.Skipf("a development toolchain (%s): no release to check", v)
	}
	line := func(r string) string { // go1.27.3 → go1.27
		if i := strings.LastIndexByte(r, '.'); i > len("go1") {
			return r[:i]
		}
		return r
	}
	followed := append([]string{GoVersion}, LaterGoVersions...)
	if !slices.ContainsFunc(followed, func(r string) bool { return line(r) == line(v) }) {
		t.Fatalf("the tests run on %s, and the model follows %s: read how %s's src/runtime differs (docs/assumptions.md has the list for each release), then add it to LaterGoVersions",
			v, strings.Join(followed, ", "), v)
	}
}
