package cli

import (
	"fmt"
	"io"
	"os/exec"
	goruntime "runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/internal/gobuild"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// newVersionCmd builds `gmplab version`, which gmplab --version also
// prints.
func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Say which gmplab this is, which Go runtime it models and which Go built it",
		Long: `Version prints gmplab's version (its commit, when the build recorded one or
the clone it was built from is still there), the Go releases whose scheduler
the model follows, and the Go toolchain gmplab was built with. gmplab --version
prints the same.`,
		Args: noArgs(""),
		RunE: func(cmd *cobra.Command, args []string) error {
			writeVersion(cmd.OutOrStdout())
			return nil
		},
	}
}

// writeVersion prints what gmplab version prints, folded to the terminal.
func writeVersion(w io.Writer) {
	var b strings.Builder
	versionText(&b)
	io.WriteString(w, view.Fill(b.String(), layoutWidth(w)))
}

// versionText writes gmplab version's three lines.
func versionText(w io.Writer) {
	fmt.Fprintf(w, "gmplab %s\n", gmplabVersion())
	later := make([]string, len(runtime.LaterGoVersions))
	for i, v := range runtime.LaterGoVersions {
		later[i] = goName(v)
	}
	fmt.Fprintf(w, "models the scheduler of the %s runtime", goName(runtime.GoVersion))
	if len(later) > 0 {
		fmt.Fprintf(w, ", and of %s (docs/assumptions.md lists what differs)", strings.Join(later, " and "))
	}
	fmt.Fprintf(w, "\nbuilt with %s %s/%s\n", goruntime.Version(), goruntime.GOOS, goruntime.GOARCH)
}

// goName is "Go 1.26.8" for "go1.26.8".
func goName(v string) string { return "Go " + strings.TrimPrefix(v, "go") }

// gmplabVersion is the module's version as the build recorded it ("v0.3.0"
// for go install …@v0.3.0, "(devel)" for a build in a clone), with the
// commit: recorded by the build (go build stamps it in a git checkout
// unless -buildvcs=false), else the one the clone it was built from is at
// now, if git can say.
func gmplabVersion() string {
	v, rev, when, modified := "(devel)", "", "", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				when = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += ", commit " + rev
		if when != "" {
			v += " of " + when
		}
		if modified {
			v += ", with changes"
		}
		return v
	}
	if dir := gobuild.SourceDir(); dir != "" {
		v += ", built from " + dir
		if out, err := exec.Command("git", "-C", dir, "rev-parse", "--short=12", "HEAD").Output(); err == nil {
			v += " (at commit " + strings.TrimSpace(string(out)) + " now)"
		}
	}
	return v
}
