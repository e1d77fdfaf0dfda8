package inline_test

import (
	"flag"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang/inline"
	gmplabruntime "github.com/gmplab/gmplab/runtime"
)

var update = flag.Bool("update", false, "rewrite the toolchain's table from the real compiler: stdcalls.txt on the release the model follows, testdata/stdcalls-<release>.txt on a later one")

// StdPackages are the packages of the standard library (and gmplab's sim)
// whose functions stdcalls.txt describes: those gmplab's front end
// supports (lang's TestStdCallsCoverSupport checks that every one is
// here).
var StdPackages = []string{
	"bufio", "bytes", "cmp", "container/heap", "container/list", "container/ring", "context", "crypto/sha256", "encoding/base64", "errors", "flag", "fmt", "hash", "io",
	"iter", "log", "maps", "math", "math/bits", "math/rand", "math/rand/v2", "os", "regexp", "regexp/syntax",
	"runtime", "runtime/debug", "runtime/metrics", "slices", "sort", "strconv", "strings", "sync", "sync/atomic", "time", "unicode", "unicode/utf8",
	"github.com/gmplab/gmplab/sim",
}

// tableFile is the table of release's compiler. The model follows one
// release's compiler, the release gmplab's runtime follows
// (runtime.GoVersion): its table is stdcalls.txt, which the model embeds
// whatever toolchain builds gmplab. A later release the runtime model also
// follows (runtime.LaterGoVersions) has its own table,
// testdata/stdcalls-<release>.txt, which the model does not read: it
// records what that release's compiler does, and
// TestStdCallsLaterReleases checks that docs/assumptions.md names every
// function it compiles differently.
func tableFile(release string) (string, error) {
	switch {
	case release == gmplabruntime.GoVersion:
		return "stdcalls.txt", nil
	case slices.Contains(gmplabruntime.LaterGoVersions, release):
		return filepath.Join("testdata", "stdcalls-"+release+".txt"), nil
	}
	return "", fmt.Errorf("the tests run on %s, which is not a release the model follows (%s): add it to runtime.LaterGoVersions (docs/assumptions.md says what that takes), then go test ./lang/inline -run StdCalls -update with it",
		release, strings.Join(append([]string{gmplabruntime.GoVersion}, gmplabruntime.LaterGoVersions...), ", "))
}

// tableHeader is the first line of release's table.
func tableHeader(release string) string {
	return "# " + release + " amd64: " + strings.Join(StdPackages, " ")
}

// TestStdCalls checks that the toolchain's table (tableFile) is for
// StdPackages and this toolchain; with -update it rebuilds it from the
// real compiler: a wrapper around a call of each exported function and
// method is compiled with -gcflags='-m=2 -S'; the wrapper's cost minus its
// own nodes is what the call adds (the callee's cost when -m says
// "inlining call to", 0 for an intrinsic, 57 for a call), and a NOSPLIT
// wrapper means the inlined body calls nothing.
func TestStdCalls(t *testing.T) {
	release := runtime.Version()
	if strings.HasPrefix(release, "devel ") {
		t.Skipf("a development toolchain (%s): no release's table to check", release)
	}
	file, err := tableFile(release)
	if err != nil {
		t.Fatal(err)
	}
	header := tableHeader(release)
	if !*update {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (go test ./lang/inline -run StdCalls -update, with %s)", err, release)
		}
		if first, _, _ := strings.Cut(string(b), "\n"); first != header {
			t.Errorf("%s is for\n%s\nnot\n%s\n(go test ./lang/inline -run StdCalls -update)", file, first, header)
		}
		return
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("-update needs the go command: ", err)
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	var probes []probe
	for _, path := range StdPackages {
		pkg, err := imp.(types.ImporterFrom).ImportFrom(path, ".", 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		probes = append(probes, probesOf(pkg)...)
	}
	src, firstLine := probeSource(probes)
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	root, _ := filepath.Abs("../..")
	write("go.mod", "module probe\n\ngo 1.26\n\nrequire github.com/gmplab/gmplab v0.0.0\n\nreplace github.com/gmplab/gmplab => "+root+"\n")
	write("main.go", src)
	cmd := exec.Command("go", "build", "-mod=mod", "-gcflags=-m=2 -S", "-o", os.DevNull, ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%.3000s", err, out)
	}
	rows := readProbes(t, string(out), probes, firstLine)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(header+"\n# key kind cost calls inlines (go test ./lang/inline -run StdCalls -update)\n"+strings.Join(rows, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestStdCallsLaterReleases checks, whatever the toolchain, that each
// later release the model follows has its table, measured on that
// release's compiler, and that docs/assumptions.md names (as `key`) every
// library function that release's compiler compiles differently from the
// model's table (another kind, cost, leaf or count of bodies, or a function
// only one of them has): the model keeps the table of the release it
// follows, so those calls are where it is off on the later one.
func TestStdCallsLaterReleases(t *testing.T) {
	doc, err := os.ReadFile("../../docs/assumptions.md")
	if err != nil {
		t.Fatal(err)
	}
	model := readTable(t, "stdcalls.txt", gmplabruntime.GoVersion)
	for _, release := range gmplabruntime.LaterGoVersions {
		file, err := tableFile(release)
		if err != nil {
			t.Fatal(err)
		}
		later := readTable(t, file, release)
		var keys []string
		for k, row := range later {
			if model[k] != row {
				keys = append(keys, k)
			}
		}
		for k := range model {
			if _, ok := later[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			t.Logf("%s: %s: %s, the model's %s", release, k, rowText(later[k]), rowText(model[k]))
			if !strings.Contains(string(doc), "`"+k+"`") {
				t.Errorf("%s's compiler compiles a call of %s differently from the model's table (%s, the model's %s): say so, naming `%s`, in docs/assumptions.md's section on %s",
					release, k, rowText(later[k]), rowText(model[k]), k, release)
			}
		}
	}
}

// rowText is a row's fields for a message.
func rowText(row string) string {
	if row == "" {
		return "no row"
	}
	return strconv.Quote(row)
}

// readTable reads a table measured on release's compiler: its rows'
// fields after the key, by key.
func readTable(t *testing.T, file, release string) map[string]string {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (go test ./lang/inline -run StdCalls -update, with %s)", err, release)
	}
	first, rest, _ := strings.Cut(string(b), "\n")
	if first != tableHeader(release) {
		t.Fatalf("%s is for\n%s\nnot\n%s\n(go test ./lang/inline -run StdCalls -update, with %s)", file, first, tableHeader(release), release)
	}
	rows := map[string]string{}
	for _, l := range strings.Split(rest, "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Fields(l)
		if len(f) != 5 {
			t.Fatalf("%s: a row of %d fields, not 5: %q", file, len(f), l)
		}
		rows[f[0]] = strings.Join(f[1:], " ")
	}
	return rows
}

// probe is a wrapper around one call.
type probe struct {
	key    string   // inline.StdKey of the callee
	pkgs   []string // the packages its wrapper names
	params []string
	call   string // the call, with the parameters' names
	nodes  int    // the wrapper's own nodes: the call, its function and its arguments
}

// probesOf makes a probe for each exported, non-generic function and
// method of pkg whose signature can be written outside the package.
func probesOf(pkg *types.Package) []probe {
	var out []probe
	var pkgs []string
	qual := func(p *types.Package) string {
		if !slices.Contains(pkgs, p.Path()) {
			pkgs = append(pkgs, p.Path())
		}
		return alias(p.Path())
	}
	nameable := func(sig *types.Signature) bool {
		ok := true
		check := func(t types.Type) {
			s := types.TypeString(t, func(p *types.Package) string {
				if strings.Contains(p.Path(), "internal") {
					ok = false
				}
				return p.Name()
			})
			if strings.Contains(s, "internal") {
				ok = false
			}
		}
		for i := range sig.Params().Len() {
			check(sig.Params().At(i).Type())
			if !exportedType(sig.Params().At(i).Type()) {
				ok = false
			}
		}
		return ok
	}
	add := func(fn *types.Func, recv types.Type) {
		sig := fn.Type().(*types.Signature)
		inst := ""
		if tps := sig.TypeParams(); tps.Len() > 0 {
			targs, ok := typeArgs(tps)
			if !ok {
				return
			}
			is, err := types.Instantiate(nil, sig, targs, true)
			if err != nil {
				return
			}
			sig = is.(*types.Signature)
			var names []string
			for _, a := range targs {
				names = append(names, types.TypeString(a, qual))
			}
			inst = "[" + strings.Join(names, ", ") + "]"
		}
		if !nameable(sig) {
			return
		}
		var params, args []string
		pkgs = []string{pkg.Path()}
		fun := alias(pkg.Path()) + "." + fn.Name() + inst
		nodes := 2 // the call and its function's name
		if recv != nil {
			rs := types.TypeString(recv, qual)
			fun = "(" + rs + ")." + fn.Name()
			params = append(params, "r "+rs)
			args = append(args, "r")
			nodes = 1 // a method expression's OMETHEXPR is refunded
		}
		for i := range sig.Params().Len() {
			pt := sig.Params().At(i).Type()
			name := "a" + strconv.Itoa(i)
			if sig.Variadic() && i == sig.Params().Len()-1 {
				params = append(params, name+" ..."+types.TypeString(pt.(*types.Slice).Elem(), qual))
				args = append(args, name+"...")
			} else {
				params = append(params, name+" "+types.TypeString(pt, qual))
				args = append(args, name)
			}
		}
		nodes += len(args)
		out = append(out, probe{key: inline.StdKey(fn), pkgs: pkgs, params: params, call: fun + "(" + strings.Join(args, ", ") + ")", nodes: nodes})
	}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if !token.IsExported(name) {
			continue
		}
		switch o := scope.Lookup(name).(type) {
		case *types.Func:
			add(o, nil)
		case *types.TypeName:
			n, ok := o.Type().(*types.Named)
			if !ok || n.TypeParams().Len() > 0 || types.IsInterface(n) || o.IsAlias() {
				continue
			}
			for i := range n.NumMethods() {
				m := n.Method(i)
				if !m.Exported() {
					continue
				}
				recv := m.Type().(*types.Signature).Recv().Type()
				add(m, recv)
			}
		}
	}
	return out
}

func exportedType(t types.Type) bool {
	ok := true
	var walk func(t types.Type)
	seen := map[types.Type]bool{}
	walk = func(t types.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			if !t.Obj().Exported() && t.Obj().Pkg() != nil {
				ok = false
			}
			for i := range t.TypeArgs().Len() {
				walk(t.TypeArgs().At(i))
			}
		case *types.Pointer:
			walk(t.Elem())
		case *types.Slice:
			walk(t.Elem())
		case *types.Array:
			walk(t.Elem())
		case *types.Map:
			walk(t.Key())
			walk(t.Elem())
		case *types.Chan:
			walk(t.Elem())
		case *types.Signature:
			for i := range t.Params().Len() {
				walk(t.Params().At(i).Type())
			}
			for i := range t.Results().Len() {
				walk(t.Results().At(i).Type())
			}
		case *types.TypeParam:
			ok = false
		}
	}
	walk(t)
	return ok
}

// alias is the name a probe imports path as.
func alias(path string) string {
	return "p_" + strings.NewReplacer("/", "_", ".", "_").Replace(path)
}

func probeSource(probes []probe) (string, int) {
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	lines := 3
	var paths []string
	for _, p := range probes {
		for _, q := range p.pkgs {
			if !slices.Contains(paths, q) {
				paths = append(paths, q)
			}
		}
	}
	slices.Sort(paths)
	for _, p := range paths {
		fmt.Fprintf(&b, "\t%s %q\n", alias(p), p)
		lines++
	}
	b.WriteString(")\n\n")
	lines += 2
	for i, p := range probes {
		fmt.Fprintf(&b, "func w%d(%s) { %s }\n", i, strings.Join(p.params, ", "), p.call)
	}
	b.WriteString("\nfunc main() {}\n")
	return b.String(), lines + 1
}

var (
	reCost     = regexp.MustCompile(`^\./main\.go:(\d+):\d+: (?:can inline w(\d+) with cost (\d+)|cannot inline w(\d+): function too complex: cost (\d+))`)
	reInlining = regexp.MustCompile(`^\./main\.go:(\d+):\d+: inlining call to `)
	reText     = regexp.MustCompile(`^main\.w(\d+) STEXT (.*)size=`)
)

// readProbes reads the build's output into the table's rows.
func readProbes(t *testing.T, out string, probes []probe, firstLine int) []string {
	cost := map[int]int{}
	inlined := map[int]int{} // "inlining call to" lines, by line
	nosplit := map[int]bool{}
	for _, l := range strings.Split(out, "\n") {
		if m := reCost.FindStringSubmatch(l); m != nil {
			i, c := m[2], m[3]
			if i == "" {
				i, c = m[4], m[5]
			}
			n, _ := strconv.Atoi(i)
			cost[n], _ = strconv.Atoi(c)
		} else if m := reInlining.FindStringSubmatch(l); m != nil {
			line, _ := strconv.Atoi(m[1])
			inlined[line]++
		} else if m := reText.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			nosplit[n] = strings.Contains(m[2], "nosplit")
		}
	}
	var rows []string
	for i, p := range probes {
		c, ok := cost[i]
		if !ok {
			t.Fatalf("no cost for w%d (%s)", i, p.key)
		}
		extra := c - p.nodes
		kind := "call"
		switch {
		case inlined[firstLine+i] > 0:
			kind = "inline"
		case extra == 0:
			kind = "intrinsic"
		}
		calls := "calls"
		if nosplit[i] {
			calls = "leaf"
		}
		rows = append(rows, fmt.Sprintf("%s %s %d %s %d", p.key, kind, extra, calls, inlined[firstLine+i]))
	}
	slices.Sort(rows)
	return slices.Compact(rows)
}

// typeArgs picks type arguments for a generic function's probe: int for a
// basic constraint (any, comparable, cmp.Ordered, ~int…), []int or
// map[int]int for a slice or map constraint.
func typeArgs(tps *types.TypeParamList) ([]types.Type, bool) {
	intT := types.Typ[types.Int]
	var out []types.Type
	for i := range tps.Len() {
		it, _ := tps.At(i).Constraint().Underlying().(*types.Interface)
		var t types.Type = intT
		if it != nil {
			if core := coreType(it); core != nil {
				switch core.(type) {
				case *types.Slice:
					t = types.NewSlice(intT)
				case *types.Map:
					t = types.NewMap(intT, intT)
				case *types.Signature:
					return nil, false
				}
			}
		}
		out = append(out, t)
	}
	return out, true
}

// coreType is the single underlying type of an interface's type set, if
// it has one term (~[]E: a slice).
func coreType(it *types.Interface) types.Type {
	for i := range it.NumEmbeddeds() {
		if u, ok := it.EmbeddedType(i).(*types.Union); ok && u.Len() == 1 {
			return u.Term(0).Type().Underlying()
		}
	}
	return nil
}
