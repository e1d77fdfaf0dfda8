package runtime

// GoVersion is the Go release whose runtime the model follows: every rule
// names the function of this release's src/runtime it models, and the
// tests that run the real runtime compare with it.
const GoVersion = "go1.26.8"

// LaterGoVersions are the later releases whose scheduler the model follows
// as well: what in their src/runtime differs from GoVersion's and matters
// to a scheduling decision is listed in docs/assumptions.md with what the
// model does about it, and the suite, the real-runtime comparisons
// included, also runs on them (.ci/run).
var LaterGoVersions = []string{"go1.27.3"}
