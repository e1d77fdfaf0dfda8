package lang

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang/inline"
	"github.com/gmplab/gmplab/runtime"
)

// The model of the compiler's inliner (lang/inline) against the real
// compiler, over every program of the corpus: lang/testdata, the examples,
// the lessons' scenarios and the exercises'.
//
// testdata/inline/compiler.txt is what go1.26.8, the release the model
// follows, decides for each program (go build -gcflags='-m=2 -S', written
// by `go test ./lang -run InlineAgainstCompiler -real`): each function's
// inlinability with its cost (or the reason it is not inlinable), how many
// bodies -m=2 reports inlined at each call site of a declared function
// (not at go and defer statements, whose calls the compiler moves into
// wrappers, nor inside closures, which it may drop once inlined), and the
// declared functions the assembler makes NOSPLIT; its last section,
// $GOROOT/src, is which functions of the library's Go source the
// assembler makes NOSPLIT in the real packages (inline_libnosplit_test.go).
// The test computes the
// same from the model and compares: every disagreement must be one of
// testdata/inline/known.txt, under the reason it is known for, and every
// entry there must still be one, so that the list stays true. The
// agreement is logged (go test ./lang -run InlineAgainstCompiler -v).
//
// Each later release the runtime model follows (runtime.LaterGoVersions)
// has the same pair under testdata/inline/<release>/: what its compiler
// decides, and the model's disagreements with it. The model follows
// go1.26.8's compiler whatever toolchain builds gmplab, so the test
// compares it with every release's decisions on either toolchain; -real
// rewrites those of the toolchain in use.

// inlineRelease is one release's recorded decisions (golden) and the
// model's known disagreements with them.
type inlineRelease struct {
	version, golden, known string
}

// inlineReleases are the releases the model is compared with: the one it
// follows, then the later ones.
func inlineReleases() []inlineRelease {
	out := []inlineRelease{{runtime.GoVersion, "testdata/inline/compiler.txt", "testdata/inline/known.txt"}}
	for _, v := range runtime.LaterGoVersions {
		dir := filepath.Join("testdata", "inline", v)
		out = append(out, inlineRelease{v, filepath.Join(dir, "compiler.txt"), filepath.Join(dir, "known.txt")})
	}
	return out
}

// toolchainRelease is the release of the go command the tests run, whose
// decisions -real records.
func toolchainRelease(t *testing.T) inlineRelease {
	v := goVersion(t)
	for _, r := range inlineReleases() {
		if r.version == v {
			return r
		}
	}
	var have []string
	for _, r := range inlineReleases() {
		have = append(have, r.version)
	}
	t.Fatalf("the go command is %s, and the inliner model is compared with %s: add %s to runtime.LaterGoVersions first", v, strings.Join(have, ", "), v)
	return inlineRelease{}
}

var inlineNew = flag.Bool("inline-new", false, "with -real, record only the programs testdata/inline/*/compiler.txt does not have yet")

var updateKnown = flag.Bool("inline-known", false, "rewrite testdata/inline/known.txt with the disagreements found, unexplained ones under their own heading")

// inlineCorpus is every program of the corpus, as paths from lang/.
func inlineCorpus(t *testing.T) []string {
	var files []string
	isMain := regexp.MustCompile(`(?m)^package main$`)
	for _, pat := range []string{"testdata/*/*.go", "../examples/*.go", "../lessons/*/*.go", "../exercises/*/*.go", "../exercises/*/solution/*.go", "../cmd/gmplab/cli/testdata/preemptoff/*.go"} {
		m, _ := filepath.Glob(pat)
		for _, f := range m {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if isMain.Match(src) {
				files = append(files, f)
			}
		}
	}
	sort.Strings(files)
	return files
}

func TestInlineAgainstCompiler(t *testing.T) {
	files := inlineCorpus(t)
	if *realGo {
		writeInlineGolden(t, toolchainRelease(t), files, *inlineNew)
	}
	model := map[string]inlineFacts{}
	for _, file := range files {
		if got, ok := modelInlineFacts(t, file); ok {
			model[file] = got
		} // else a program gmplab refuses (TestExamplePrograms lists them)
	}
	model[libSource] = libraryInlineFacts(t)
	for _, r := range inlineReleases() {
		want := readInlineGolden(t, r)
		var diffs []string
		stats := map[string][2]int{} // by kind: agreeing, compared
		for _, file := range append(slices.Clone(files), libSource) {
			got, ok := model[file]
			if !ok {
				continue
			}
			w, ok := want[file]
			if !ok {
				t.Errorf("%s: not in %s (go test ./lang -run InlineAgainstCompiler -real, with %s)", file, r.golden, r.version)
				continue
			}
			diffs = append(diffs, diffInlineFacts(file, got, w, stats)...)
		}
		for _, k := range []string{"func", "site", "nosplit"} {
			s := stats[k]
			t.Logf("%s: %-7s the model agrees with the compiler on %d of %d (%.1f%%)", r.version, k, s[0], s[1], 100*float64(s[0])/float64(max(s[1], 1)))
		}
		if *updateKnown {
			writeInlineKnown(t, r, diffs)
			continue
		}
		known := readInlineKnown(t, r)
		unlisted := 0
		for _, d := range diffs {
			if _, ok := known[d]; !ok {
				t.Errorf("a disagreement with %s's compiler that %s does not list: %s", r.version, r.known, d)
				unlisted++
			}
			delete(known, d)
		}
		if unlisted > 0 {
			t.Errorf("if a program of the corpus changed, %s is out of date: go test ./lang -run InlineAgainstCompiler -real, with %s (GOTOOLCHAIN=%[2]s), records its decisions again", r.golden, r.version)
		}
		for _, d := range slices.Sorted(mapKeys(known)) {
			t.Errorf("%s lists %q, which the model now gets right: take it out", r.known, d)
		}
	}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// inlineFacts is what one side decides for one program: functions by
// position ("inline 25", "no too complex 117", "no unhandled op GO"),
// inlined bodies per call site position, NOSPLIT functions by name.
type inlineFacts struct {
	funcs   map[string]string
	sites   map[string]int
	nosplit map[string]bool
}

func newInlineFacts() inlineFacts {
	return inlineFacts{funcs: map[string]string{}, sites: map[string]int{}, nosplit: map[string]bool{}}
}

// modelInlineFacts compiles file and reads the model's decisions.
func modelInlineFacts(t *testing.T, file string) (inlineFacts, bool) {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var p *inline.Package
	var fset *token.FileSet
	inlineHook = func(fs *token.FileSet, m *inline.Package) { fset, p = fs, m }
	defer func() { inlineHook = nil }()
	if _, err := Compile(file, src); err != nil || p == nil {
		return inlineFacts{}, false
	}
	facts := newInlineFacts()
	lc := func(pos token.Pos) (string, bool) {
		ps := fset.Position(pos)
		return strconv.Itoa(ps.Line) + ":" + strconv.Itoa(ps.Column), ps.Filename == file
	}
	for _, f := range p.Funcs() {
		at, ok := lc(f.Pos)
		if !ok {
			continue // the library's
		}
		facts.funcs[at] = funcFact(f.Inlinable, f.Reason, int(f.Cost))
		if f.Obj == nil {
			continue
		}
		for _, in := range p.Inlines(f) {
			if at, ok := lc(in.Pos); ok {
				facts.sites[at]++
			}
		}
		if sig := f.Obj.Type().(*types.Signature); sig.TypeParams().Len() == 0 && sig.RecvTypeParams().Len() == 0 && f.Name != "init" {
			facts.nosplit["main."+f.Name] = p.NoSplit(f)
		}
	}
	return facts, true
}

// funcFact words a function's decision.
func funcFact(inlinable bool, reason string, cost int) string {
	switch {
	case inlinable:
		return "inline " + strconv.Itoa(cost)
	case strings.HasPrefix(reason, "function too complex"):
		return "no too complex " + strconv.Itoa(cost)
	}
	return "no " + reason
}

// diffInlineFacts lists where got (the model's) and want (the
// compiler's) disagree, counting the comparisons in stats.
func diffInlineFacts(file string, got, want inlineFacts, stats map[string][2]int) []string {
	var out []string
	count := func(kind string, agree bool) {
		s := stats[kind]
		s[1]++
		if agree {
			s[0]++
		}
		stats[kind] = s
	}
	// Functions both sides know (the compiler does not look at a generic
	// function no one instantiates).
	for _, at := range slices.Sorted(mapKeys(want.funcs)) {
		g, ok := got.funcs[at]
		if !ok {
			continue
		}
		w := want.funcs[at]
		// The decision and an inlinable function's cost (what a call of
		// it costs its caller) must agree; past the budget the cost no
		// longer matters.
		agree := g == w || strings.HasPrefix(g, "no too complex") && strings.HasPrefix(w, "no too complex")
		count("func", strings.HasPrefix(g, "inline") == strings.HasPrefix(w, "inline"))
		if !agree {
			out = append(out, fmt.Sprintf("%s func %s: model %s, compiler %s", file, at, g, w))
		}
	}
	sites := map[string]bool{}
	for at := range got.sites {
		sites[at] = true
	}
	for at := range want.sites {
		sites[at] = true
	}
	for _, at := range slices.Sorted(mapKeys(sites)) {
		g, w := got.sites[at], want.sites[at]
		count("site", g == w)
		if g != w {
			out = append(out, fmt.Sprintf("%s site %s: model %d, compiler %d", file, at, g, w))
		}
	}
	for _, name := range slices.Sorted(mapKeys(got.nosplit)) {
		w, ok := want.nosplit[name]
		if !ok {
			continue // not compiled on its own (the compiler dropped it)
		}
		g := got.nosplit[name]
		count("nosplit", g == w)
		if g != w {
			out = append(out, fmt.Sprintf("%s nosplit %s: model %v, compiler %v", file, name, g, w))
		}
	}
	return out
}

// ---- the compiler's side ----------------------------------------------------

var (
	// A function's name may have spaces: an instance shaped by a struct
	// type (slices.IndexFunc[go.shape.[]main.item,go.shape.struct { main.n int }]).
	reCanInline    = regexp.MustCompile(`^(\S+):(\d+):(\d+): can inline (.+?) with cost (\d+) as`)
	reCannotInline = regexp.MustCompile(`^(\S+):(\d+):(\d+): cannot inline (.+?): (.*)$`)
	reTooComplex   = regexp.MustCompile(`^function too complex: cost (\d+) exceeds budget \d+$`)
	reInliningCall = regexp.MustCompile(`^(\S+):(\d+):(\d+): inlining call to (.+)$`)
	reStext        = regexp.MustCompile(`^(main\.\S+) STEXT (nosplit )?size=`)
)

// writeInlineGolden writes what the compiler decides for every program
// of the corpus.
//
// With onlyNew (-inline-new) it builds only the programs the golden does
// not have yet, keeps the others' records as they are and drops those of
// programs no longer in the corpus: a new test program is recorded in
// seconds, without measuring the corpus again.
func writeInlineGolden(t *testing.T, r inlineRelease, files []string, onlyNew bool) {
	var facts map[string]inlineFacts
	if onlyNew {
		facts = readInlineGolden(t, r)
		var add []string
		for _, f := range files {
			if _, ok := facts[f]; !ok {
				add = append(add, f)
			}
		}
		for f, fa := range compilerInlineFacts(t, add) {
			facts[f] = fa
		}
	} else {
		facts = compilerInlineFacts(t, files)
	}
	if _, ok := facts[libSource]; !ok || !onlyNew {
		facts[libSource] = compilerLibraryFacts(t)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: go build -gcflags='-m=2 -S' of the corpus (go test ./lang -run InlineAgainstCompiler -real)\n", goVersion(t))
	for _, f := range append(slices.Clone(files), libSource) {
		b.WriteString(formatInlineFacts(f, facts[f]))
	}
	writeFile(t, r.golden, b.String())
}

// formatInlineFacts is one program's section of compiler.txt.
func formatInlineFacts(file string, fa inlineFacts) string {
	var b strings.Builder
	fmt.Fprintf(&b, "== %s\n", file)
	for _, at := range slices.Sorted(mapKeys(fa.funcs)) {
		fmt.Fprintf(&b, "func %s %s\n", at, fa.funcs[at])
	}
	for _, at := range slices.Sorted(mapKeys(fa.sites)) {
		fmt.Fprintf(&b, "site %s %d\n", at, fa.sites[at])
	}
	for _, name := range slices.Sorted(mapKeys(fa.nosplit)) {
		fmt.Fprintf(&b, "nosplit %s %v\n", name, fa.nosplit[name])
	}
	return b.String()
}

// The golden is the compiler's: a few programs built again agree with it
// (the lesson's cooperative-preemption demo, the asyncpreemptoff loops,
// the disassembly test's recursion).
func TestInlineGoldenIsTheCompilers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command; skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH: cannot ask the real compiler")
	}
	files := []string{"../lessons/05-preempt/coop.go", "../cmd/gmplab/cli/testdata/preemptoff/loop.go", "testdata/disasm/fib.go"}
	r := toolchainRelease(t)
	want := readInlineGolden(t, r)
	for f, got := range compilerInlineFacts(t, files) {
		w, ok := want[f]
		if !ok {
			if !strings.HasPrefix(f, "../cmd/") {
				t.Errorf("%s: not in %s", f, r.golden)
			}
			continue
		}
		if g, w := formatInlineFacts(f, got), formatInlineFacts(f, w); g != w {
			t.Errorf("the compiler now decides otherwise than %s says (go test ./lang -run InlineAgainstCompiler -real):\n%s\nwant\n%s", r.golden, g, w)
		}
	}
}

// compilerInlineFacts builds the programs with the go command, in one
// module (one directory per program, so that one build compiles them
// all), and reads what the compiler decided.
func compilerInlineFacts(t *testing.T, files []string) map[string]inlineFacts {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("-real needs the go command: ", err)
	}
	root, _ := filepath.Abs("..")
	dir := t.TempDir()
	tour, _ := filepath.Abs("srcpkg/golang.org/x/tour")
	tourDir := filepath.Join(dir, "tour")
	copyWithoutBuildIgnore(t, tour, tourDir)
	writeFile(t, filepath.Join(tourDir, "go.mod"), "module golang.org/x/tour\n\ngo 1.18\n")
	writeFile(t, filepath.Join(dir, "go.mod"), "module corpus\n\ngo 1.26\n\nrequire (\n\tgithub.com/gmplab/gmplab v0.0.0\n\tgolang.org/x/tour v0.0.0\n)\n\n"+
		"replace github.com/gmplab/gmplab => "+root+"\n\nreplace golang.org/x/tour => ./tour\n")
	pkgOf := map[string]string{}
	for i, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := "p" + strconv.Itoa(i)
		pkgOf[p] = f
		writeFile(t, filepath.Join(dir, p, "main.go"), strings.Replace(string(src), "//go:build ignore\n", "\n", 1))
	}
	args := []string{"build", "-mod=mod", "-gcflags=-m=2 -S"}
	if len(files) == 1 {
		// go build of one main package writes its binary (named as a
		// folder of dir); of several, none.
		args = append(args, "-o", os.DevNull)
	}
	cmd := exec.Command("go", append(args, "./...")...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%.3000s", err, out)
	}
	facts := map[string]inlineFacts{}
	type decision struct{ name, what string }
	decisions := map[string]map[string][]decision{} // file → position → in order
	for _, f := range pkgOf {
		facts[f] = newInlineFacts()
		decisions[f] = map[string][]decision{}
	}
	cur := ""
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "# corpus/") {
			cur = pkgOf[strings.TrimPrefix(l, "# corpus/")]
			continue
		}
		if m := reStext.FindStringSubmatch(l); m != nil && cur != "" {
			facts[cur].nosplit[m[1]] = m[2] != ""
			continue
		}
		if m := reCanInline.FindStringSubmatch(l); m != nil {
			if f, ok := pkgOf[strings.TrimSuffix(m[1], "/main.go")]; ok {
				at := m[2] + ":" + m[3]
				decisions[f][at] = append(decisions[f][at], decision{m[4], "inline " + m[5]})
			}
		} else if m := reCannotInline.FindStringSubmatch(l); m != nil && !strings.Contains(m[5], "recursive cycle") {
			if f, ok := pkgOf[strings.TrimSuffix(m[1], "/main.go")]; ok {
				at := m[2] + ":" + m[3]
				what := "no " + m[5]
				if mm := reTooComplex.FindStringSubmatch(m[5]); mm != nil {
					what = "no too complex " + mm[1]
				}
				decisions[f][at] = append(decisions[f][at], decision{m[4], what})
			}
		} else if m := reInliningCall.FindStringSubmatch(l); m != nil {
			if f, ok := pkgOf[strings.TrimSuffix(m[1], "/main.go")]; ok {
				facts[f].sites[m[2]+":"+m[3]]++
			}
		}
	}
	// A generic function is decided per shaped instance (the model
	// decides the generic body, which is what the shaped instance is);
	// its instances' wrappers are reported at the same place.
	for f, byPos := range decisions {
		for at, ds := range byPos {
			pick := ds[0]
			for _, d := range ds {
				if strings.Contains(d.name, "[go.shape") {
					pick = d
					break
				}
			}
			facts[f].funcs[at] = pick.what
		}
	}
	// Keep the sites of declared functions' own code (see the comment at
	// the top). The wrapper of a generic function's instance is reported
	// inlining the shaped function at the generic function's own
	// position: code the compiler makes, not a call of the program's.
	for _, f := range files {
		skip := wrappedSpans(t, f)
		for at := range facts[f].sites {
			generic := slices.ContainsFunc(decisions[f][at], func(d decision) bool { return strings.Contains(d.name, "[") })
			if generic || skip(at) {
				delete(facts[f].sites, at)
			}
		}
	}
	return facts
}

// wrappedSpans says whether a position of file is in a go or defer
// statement's call or inside a function literal. A node's End is the
// position just past it: the call of a function literal called where it
// is written (func() { ... }()) is at its body's End, outside the body.
func wrappedSpans(t *testing.T, file string) func(at string) bool {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var spans [][2]token.Position
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			spans = append(spans, [2]token.Position{fset.Position(n.Call.Pos()), fset.Position(n.Call.End())})
		case *ast.DeferStmt:
			spans = append(spans, [2]token.Position{fset.Position(n.Call.Pos()), fset.Position(n.Call.End())})
		case *ast.FuncLit:
			spans = append(spans, [2]token.Position{fset.Position(n.Body.Pos()), fset.Position(n.Body.End())})
		}
		return true
	})
	return func(at string) bool {
		l, c, _ := strings.Cut(at, ":")
		line, _ := strconv.Atoi(l)
		col, _ := strconv.Atoi(c)
		for _, s := range spans {
			after := line > s[0].Line || line == s[0].Line && col >= s[0].Column
			before := line < s[1].Line || line == s[1].Line && col < s[1].Column
			if after && before {
				return true
			}
		}
		return false
	}
}

func readInlineGolden(t *testing.T, r inlineRelease) map[string]inlineFacts {
	b, err := os.ReadFile(r.golden)
	if err != nil {
		t.Fatalf("%v (go test ./lang -run InlineAgainstCompiler -real, with %s)", err, r.version)
	}
	if first, _, _ := strings.Cut(string(b), "\n"); !strings.HasPrefix(first, "# "+r.version+": ") {
		t.Fatalf("%s is not %s's decisions: %s (go test ./lang -run InlineAgainstCompiler -real, with %s)", r.golden, r.version, first, r.version)
	}
	out := map[string]inlineFacts{}
	var cur inlineFacts
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.SplitN(l, " ", 3)
		switch {
		case strings.HasPrefix(l, "== "):
			cur = newInlineFacts()
			out[strings.TrimPrefix(l, "== ")] = cur
		case len(f) == 3 && f[0] == "func":
			cur.funcs[f[1]] = f[2]
		case len(f) == 3 && f[0] == "site":
			cur.sites[f[1]], _ = strconv.Atoi(f[2])
		case len(f) == 3 && f[0] == "nosplit":
			cur.nosplit[f[1]] = f[2] == "true"
		}
	}
	return out
}

// ---- the known disagreements ---------------------------------------------------

// readInlineKnown reads known.txt: reasons as "# …" headings, each
// followed by the disagreements it explains.
func readInlineKnown(t *testing.T, r inlineRelease) map[string]string {
	b, err := os.ReadFile(r.known)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	reason := ""
	for _, l := range strings.Split(string(b), "\n") {
		switch {
		case l == "":
		case strings.HasPrefix(l, "# "):
			reason = l[2:]
		default:
			out[l] = reason
		}
	}
	return out
}

// writeInlineKnown rewrites r's known.txt: the disagreements already
// listed there, or in that of the release the model follows, keep their
// reasons, new ones go under UNEXPLAINED (a reviewer's job).
func writeInlineKnown(t *testing.T, r inlineRelease, diffs []string) {
	old := map[string]string{}
	for _, k := range []inlineRelease{inlineReleases()[0], r} {
		if _, err := os.Stat(k.known); err == nil {
			maps.Copy(old, readInlineKnown(t, k))
		}
	}
	byReason := map[string][]string{}
	var order []string
	for _, d := range diffs {
		reason, ok := old[d]
		if !ok {
			reason = "UNEXPLAINED: explain or fix"
		}
		if _, seen := byReason[reason]; !seen {
			order = append(order, reason)
		}
		byReason[reason] = append(byReason[reason], d)
	}
	slices.Sort(order)
	var b strings.Builder
	fmt.Fprintf(&b, "# The model's disagreements with %s over the corpus (lang/inline_test.go: TestInlineAgainstCompiler),\n", r.version)
	b.WriteString("# each under the reason it is known for. go test ./lang -run InlineAgainstCompiler -inline-known rewrites it.\n")
	for _, reason := range order {
		fmt.Fprintf(&b, "\n# %s\n", reason)
		for _, d := range byReason[reason] {
			b.WriteString(d + "\n")
		}
	}
	writeFile(t, r.known, b.String())
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyWithoutBuildIgnore copies the tree from to to, without the
// //go:build ignore lines that keep the library's files out of gmplab's
// own build.
func copyWithoutBuildIgnore(t *testing.T, from, to string) {
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		writeFile(t, filepath.Join(to, rel), strings.Replace(string(b), "//go:build ignore\n", "\n", 1))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Every package gmplab supports is described by the inliner's table of
// library functions (lang/inline/stdcalls.txt, whose first line lists
// them), but golang.org/x/tour and golang.org/x/sync, not the standard
// library's, whose functions the model compiles from source.
func TestStdCallsCoverSupport(t *testing.T) {
	b, err := os.ReadFile("inline/stdcalls.txt")
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(b), "\n")
	_, list, _ := strings.Cut(first, ": ")
	have := strings.Fields(list)
	for _, p := range supportedImports() {
		if !slices.Contains(have, p) && !strings.HasPrefix(p, "golang.org/x/") {
			t.Errorf("gmplab supports %s, which lang/inline/stdcalls_test.go's StdPackages leaves out", p)
		}
	}
}
