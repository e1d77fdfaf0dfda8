package lang

import (
	"go/ast"
	"go/types"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang/inline"
)

// The library functions of Go's source that the VM compiles (lang/srcpkg,
// lang/ssasrc) get the model's NOSPLIT decisions too (a call of one that
// the model takes for a NOSPLIT leaf is no cooperative preemption
// point). TestInlineAgainstCompiler compares them with the compiler's
// as one more section of the corpus, libSource: the model's decision for
// each declared function of those files against the assembler's for the
// same function of the real package (go build -gcflags=-S: "STEXT
// nosplit", obj6.go's leaf rule), where both have it.

// libSource is the library's section in compiler.txt and known.txt.
const libSource = "$GOROOT/src"

// libNoSplitPackages are the standard packages of which gmplab compiles
// Go's source (not golang.org/x/..., nor internal/bytealg, which Go
// writes in assembly and gmplab in Go).
func libNoSplitPackages(lib *ssaLib) []string {
	lib.checkAll()
	var out []string
	for _, p := range lib.paths {
		first, _, _ := strings.Cut(p, "/")
		if strings.Contains(first, ".") || strings.HasPrefix(p, "internal/") {
			continue
		}
		if slices.ContainsFunc(lib.byPkg[p], func(f *ast.File) bool { return lib.goSource(f.Pos()) }) {
			out = append(out, p)
		}
	}
	return out
}

// libraryNoSplit is the model's NOSPLIT decision for each declared,
// non-generic function of the library's Go source, by the name the
// assembler gives it ("bufio.(*Reader).Buffered").
func libraryNoSplit(t *testing.T) map[string]bool {
	lib := loadSSALib()
	lib.checkAll()
	compared := map[string]bool{}
	for _, p := range libNoSplitPackages(lib) {
		compared[p] = true
	}
	// The model is given every body of the library, as Compile gives it
	// those a program reaches (internal/bytealg's too), and is compared
	// on the standard packages' own functions.
	var decls []*ast.FuncDecl
	for _, p := range lib.paths {
		for _, f := range lib.byPkg[p] {
			if !lib.goSource(f.Pos()) {
				continue
			}
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					decls = append(decls, fd)
				}
			}
		}
	}
	model := inline.Analyze(inline.Config{Info: lib.withInfo(nil, decls)}, decls)
	out := map[string]bool{}
	for _, f := range model.Funcs() {
		if f.Obj == nil || f.Obj.Pkg() == nil || !compared[f.Obj.Pkg().Path()] || f.Name == "init" {
			continue
		}
		if sig := f.Obj.Type().(*types.Signature); sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
			continue // the compiler decides each shaped instance
		}
		out[f.Obj.Pkg().Path()+"."+f.Name] = model.NoSplit(f)
	}
	if len(out) == 0 {
		t.Fatal("the model has no library function")
	}
	return out
}

// libraryInlineFacts is the model's side of the libSource section.
func libraryInlineFacts(t *testing.T) inlineFacts {
	facts := newInlineFacts()
	facts.nosplit = libraryNoSplit(t)
	return facts
}

var reLibStext = regexp.MustCompile(`^(\S+) STEXT (nosplit )?size=`)

// compilerLibraryFacts builds the library's packages with -S and reads
// which of the functions the model judges the assembler made NOSPLIT.
func compilerLibraryFacts(t *testing.T) inlineFacts {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("-real needs the go command: ", err)
	}
	pkgs := libNoSplitPackages(loadSSALib())
	// -a: a package taken from the build cache prints no assembly.
	cmd := exec.Command("go", append([]string{"build", "-a", "-gcflags=-S"}, pkgs...)...)
	cmd.Dir = t.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-S %s: %v\n%.3000s", strings.Join(pkgs, " "), err, out)
	}
	model := libraryNoSplit(t)
	facts := newInlineFacts()
	for _, l := range strings.Split(string(out), "\n") {
		if m := reLibStext.FindStringSubmatch(l); m != nil {
			if _, ok := model[m[1]]; ok {
				facts.nosplit[m[1]] = m[2] != ""
			}
		}
	}
	if len(facts.nosplit) == 0 {
		t.Fatalf("go build -gcflags=-S %s printed no function the model has", strings.Join(pkgs, " "))
	}
	return facts
}
