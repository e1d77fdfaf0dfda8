package lang

import (
	"embed"
	"go/ast"
	"go/version"
	"io/fs"
	goruntime "runtime"
	"slices"
	"strings"
)

// Library packages written in Go source: lang/srcpkg/<import path>/*.go is
// Go's own source of the packages (or the part of them) that run as Go
// code in the simulated program, exactly as the real package runs them,
// because they call back into the program (sort.Search, strings.Map,
// sync.OnceFunc) or block on the runtime's semaphores (sync.RWMutex): the
// order of the callbacks, and the schedule, are then Go's own. The files
// are embedded in the binary (each carries `//go:build ignore`, so the go
// command leaves it alone) and are part of the front end's library
// (ssalib.go), with lang/stubs and lang/ssasrc.
//
// The copies in lang/srcpkg are of Go 1.26 (runtime.GoVersion's
// release). A later release whose files differ where it matters (a
// function at another line, so that a traceback's line would not be the
// toolchain's) has its copies of those files in lang/srcpkg-go1.NN, which
// replace the earlier ones for a gmplab built with that release or a
// later one (srcRelease): the library a program sees is the one of the Go
// that built gmplab, as go run's would be. Taking them from $GOROOT
// instead would not do: the copies are edited (intrinsics, functions the
// VM computes), and the book's WebAssembly engine has no GOROOT. The
// go/ssa front end's library (ssalib.go: libFiles) reads srcpkg through
// srcFiles; TestAssumptionsAgainstGo's slices_release_lines.go checks a
// traceback's line in slices.go against go run under either toolchain.
//
//go:embed srcpkg srcpkg-go*
var srcFS embed.FS

// srcRelease is the release line of the toolchain that built gmplab
// ("go1.27"), whose library sources are used.
var srcRelease = version.Lang(goruntime.Version())

// srcFiles lists the library source files a compilation sees: every file
// of srcpkg, each replaced by its copy in the latest srcpkg-goX.Y at or
// before release, by path in srcFS and keyed by their path under
// $GOROOT/src.
func srcFiles(fsys fs.FS, release string) (map[string]string, error) {
	roots := []string{"srcpkg"}
	if release != "" { // a development toolchain: Go 1.26's
		overlays, err := fs.Glob(fsys, "srcpkg-go*")
		if err != nil {
			return nil, err
		}
		slices.SortFunc(overlays, func(a, b string) int {
			return version.Compare(strings.TrimPrefix(a, "srcpkg-"), strings.TrimPrefix(b, "srcpkg-"))
		})
		for _, o := range overlays {
			if version.Compare(strings.TrimPrefix(o, "srcpkg-"), release) <= 0 {
				roots = append(roots, o)
			}
		}
	}
	files := map[string]string{}
	for _, root := range roots {
		err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
				files[strings.TrimPrefix(p, root+"/")] = p
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// srcFile is one parsed library file.
type srcFile struct {
	name  string // $GOROOT/src/<path>/<file>
	src   []byte
	file  *ast.File
	base  int
	size  int
	lines []int
}

// isInternalPath reports whether a program may not import path (Go's
// "use of internal package … not allowed").
func isInternalPath(p string) bool {
	return p == "internal" || strings.HasPrefix(p, "internal/") || strings.Contains(p, "/internal/") || strings.HasSuffix(p, "/internal")
}
