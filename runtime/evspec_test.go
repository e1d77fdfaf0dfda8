package runtime_test

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	goruntime "runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// argNameRE is the form of an argument's name: a JSON key and a name in
// the debugger's expressions.
var argNameRE = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// reservedKeys are the JSON form's own keys (view.JSONEvent), which an
// argument's name must not take.
var reservedKeys = []string{"seq", "t", "kind", "m", "p", "g", "line", "col", "text", "details", "why", "arg1", "arg2"}

// Every kind has a complete spec: a unique name, the function it stands
// for and its file, a sentence, every used argument named, typed and
// described (and every unused one empty), codes for a code, details that
// print what it carries, and groups that exist.
func TestSpecsAreComplete(t *testing.T) {
	names := map[string]runtime.EvKind{}
	groups := map[string]int{}
	for _, g := range runtime.EvGroups {
		groups[g.Name] = 0
	}
	for _, k := range runtime.EvKinds() {
		s := k.Spec()
		if s.Name == "" || s.Func == "" || s.File == "" || s.Doc == "" {
			t.Errorf("kind %d: Name, Func, File and Doc are required: %+v", k, *s)
			continue
		}
		if o, dup := names[s.Name]; dup {
			t.Errorf("%s: the name of kind %d too", s.Name, o)
		}
		names[s.Name] = k
		if back, ok := runtime.EvKindByName(s.Name); !ok || back != k {
			t.Errorf("EvKindByName(%q) = %v, %v", s.Name, back, ok)
		}
		if !strings.HasSuffix(s.Doc, ".") || strings.ToUpper(s.Doc[:1]) != s.Doc[:1] && !strings.HasPrefix(s.Doc, "sysmon") {
			t.Errorf("%s: Doc is a sentence: %q", s.Name, s.Doc)
		}
		if strings.HasPrefix(s.File, "/") || !strings.HasSuffix(s.File, ".go") {
			t.Errorf("%s: File is a .go file under $GOROOT/src: %q", s.Name, s.File)
		}
		seen := map[string]bool{}
		for i, a := range s.Args {
			switch {
			case a.Name == "" && (a.Type != runtime.ArgNone || a.Doc != "" || a.Values != nil):
				t.Errorf("%s: arg%d has no name but a type, doc or values", s.Name, i+1)
			case a.Name == "":
			case a.Type == runtime.ArgNone || a.Doc == "":
				t.Errorf("%s: argument %s needs a type and a doc", s.Name, a.Name)
			case !argNameRE.MatchString(a.Name):
				t.Errorf("%s: argument %q: names are lower case with underscores", s.Name, a.Name)
			case seen[a.Name]:
				t.Errorf("%s: two arguments named %s", s.Name, a.Name)
			}
			for _, r := range reservedKeys {
				if a.Name == r {
					t.Errorf("%s: argument %s takes a key of the JSON form", s.Name, a.Name)
				}
			}
			seen[a.Name] = true
			if (a.Type == runtime.ArgCode) != (len(a.Values) > 0) {
				t.Errorf("%s: argument %s: a code, and only a code, has Values", s.Name, a.Name)
			}
			codes, vnames := map[int64]bool{}, map[string]bool{}
			for _, v := range a.Values {
				if v.Name == "" || codes[v.Code] || vnames[v.Name] {
					t.Errorf("%s: argument %s: value %d %q is empty or repeated", s.Name, a.Name, v.Code, v.Name)
				}
				codes[v.Code], vnames[v.Name] = true, true
			}
		}
		if s.Details == nil && (s.Args[0].Name != "" || s.Args[1].Name != "" || s.Text != "") {
			t.Errorf("%s: it carries arguments or text, so its Details must print them", s.Name)
		}
		if s.DetailsGM != nil && s.Details == nil {
			t.Errorf("%s: DetailsGM without Details", s.Name)
		}
		if s.Mark == 0 && s.MarkOn != runtime.MarkOnP {
			t.Errorf("%s: MarkOn without a Mark", s.Name)
		}
		for _, g := range s.Groups {
			if _, ok := groups[g]; !ok {
				t.Errorf("%s: group %q is not in EvGroups", s.Name, g)
			}
			groups[g]++
		}
		if k.String() != s.Name {
			t.Errorf("kind %d: String %q, spec %q", k, k.String(), s.Name)
		}
	}
	for _, g := range runtime.EvGroups {
		if groups[g.Name] == 0 || g.Doc == "" {
			t.Errorf("group %s: no kind is in it, or it has no doc", g.Name)
		}
		if _, clash := names[g.Name]; clash {
			t.Errorf("group %s has a kind's name", g.Name)
		}
	}
	for _, at := range runtime.ArgTypes() {
		if at.Doc() == "" || strings.HasPrefix(at.String(), "ArgType(") {
			t.Errorf("argument type %d has no name or doc", at)
		}
	}
	if got := runtime.EvKind(200).String(); got != "EvKind(200)" {
		t.Errorf("a kind out of range: %q", got)
	}
}

// Each kind's Func is a function of Go 1.26's source, in File: the name
// the trace prints is a function a learner can open. gmplab's own
// (sim.Breakpoint) is looked for in this repository.
func TestSpecFuncsExist(t *testing.T) {
	if v := goruntime.Version(); !strings.HasPrefix(v, "go1.26") {
		t.Skipf("the specs name Go 1.26's functions; this is %s", v)
	}
	root := build.Default.GOROOT
	files := map[string]*ast.File{}
	for _, k := range runtime.EvKinds() {
		s := k.Spec()
		path := filepath.Join(root, "src", filepath.FromSlash(s.File))
		fn := s.Func
		if rest, ok := strings.CutPrefix(fn, "github.com/gmplab/gmplab/"); ok {
			path = filepath.Join("..", filepath.FromSlash(s.File))
			fn = rest
		}
		pkg, name, ok := strings.Cut(fn, ".")
		if !ok || pkg != filepath.Base(filepath.Dir(s.File)) {
			t.Errorf("%s: %s is not a function of package %s (%s)", s.Name, s.Func, filepath.Base(filepath.Dir(s.File)), s.File)
			continue
		}
		recv := ""
		if strings.HasPrefix(name, "(") {
			r, n, _ := strings.Cut(name[1:], ").")
			recv, name = strings.TrimPrefix(r, "*"), n
		}
		f := files[path]
		if f == nil {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%s: %v", s.Name, err)
				continue
			}
			if f, err = parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution); err != nil {
				t.Fatal(err)
			}
			files[path] = f
		}
		if !declares(f, recv, name) {
			t.Errorf("%s: %s declares no %s", s.Name, s.File, s.Func)
		}
	}
}

// declares reports whether f declares func name, a method of recv if recv
// is not "".
func declares(f *ast.File, recv, name string) bool {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != name || (fd.Recv == nil) != (recv == "") {
			continue
		}
		if recv == "" {
			return true
		}
		typ := fd.Recv.List[0].Type
		if st, ok := typ.(*ast.StarExpr); ok {
			typ = st.X
		}
		if id, ok := typ.(*ast.Ident); ok && id.Name == recv {
			return true
		}
	}
	return false
}

// CheckEvent finds what an event of a kind must not carry.
func TestCheckEvent(t *testing.T) {
	ok := []runtime.Event{
		{Kind: runtime.EvHandoffp, M: 0, P: 1, G: -1, Arg1: 4},
		{Kind: runtime.EvGopark, M: 0, P: 0, G: 1, Arg1: 2, Text: "chan send"},
		{Kind: runtime.EvGopark, M: 0, P: 0, G: 1, Text: "GC assist wait"}, // gmplab real: no code
		{Kind: runtime.EvExecute, M: 0, P: 0, G: 1, Arg1: 1, Arg2: 9},
	}
	for _, ev := range ok {
		if err := runtime.CheckEvent(&ev); err != nil {
			t.Errorf("%+v: %v", ev, err)
		}
	}
	bad := []struct {
		ev   runtime.Event
		want string
	}{
		{runtime.Event{Kind: runtime.EvHandoffp, P: 1, Arg1: 6}, "arg1 6 (step) is not one of its codes"},
		{runtime.Event{Kind: runtime.EvHandoffp, P: 1, Arg1: 1, Arg2: 3}, "arg2 3 () is not an argument of this kind"},
		{runtime.Event{Kind: runtime.EvExecute, Arg1: 2}, "arg1 2 (inherit_time) is a bool"},
		{runtime.Event{Kind: runtime.EvRunqsteal, Arg1: 1, Arg2: -2}, "arg2 -2 (victim) is an id"},
		{runtime.Event{Kind: runtime.EvWakep, Text: "x"}, `Text "x" is set`},
		{runtime.Event{Kind: runtime.EvWakep, M: -3}, "M, P and G are ids or -1"},
		{runtime.Event{Kind: runtime.EvNone}, "is not a kind"},
	}
	for _, tc := range bad {
		err := runtime.CheckEvent(&tc.ev)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CheckEvent(%+v) = %v, want %q", tc.ev, err, tc.want)
		}
	}
}

// Arg, MustArg and SetArg name the arguments as the spec does.
func TestEventArgByName(t *testing.T) {
	ev := runtime.Event{Kind: runtime.EvRunqsteal}
	ev.SetArg("stolen", 3)
	ev.SetArg("victim", 1)
	if ev.Arg1 != 3 || ev.Arg2 != 1 || ev.MustArg("victim") != 1 {
		t.Errorf("runqsteal %+v", ev)
	}
	if _, ok := ev.Arg("step"); ok {
		t.Error("runqsteal has a step")
	}
	if _, ok := ev.Arg(""); ok {
		t.Error("an empty name found an unused argument")
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "gmplab bug: event kind runqsteal has no argument \"step\"") {
			t.Errorf("SetArg of a name the kind lacks: %v", r)
		}
	}()
	ev.SetArg("step", 1)
}

// The groups the debugger's break takes are the rows' groups.
func TestGroupKinds(t *testing.T) {
	got := runtime.GroupKinds("preempt")
	want := []runtime.EvKind{runtime.EvPreemptone, runtime.EvAsyncPreempt, runtime.EvPreempted}
	if len(got) != len(want) {
		t.Fatalf("preempt: %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("preempt: %v, want %v", got, want)
		}
	}
	if runtime.GroupKinds("nosuch") != nil {
		t.Error("a group that does not exist has kinds")
	}
}

func TestWaitReason(t *testing.T) {
	for code, want := range map[int64]string{8: "sync.WaitGroup.Wait", 10: "IO wait", 200: "waitReason(200)"} {
		if got := runtime.WaitReason(code); got != want {
			t.Errorf("WaitReason(%d) = %q, want %q", code, got, want)
		}
	}
}

// Each Trace of a spec names an event of Go 1.26's execution trace format
// (internal/trace/tracev2/events.go), selects by an argument the kind has,
// and gives a reason the runtime writes (traceruntime.go's
// traceGoStopReasonStrings and traceBlockReasonStrings); the wait reasons'
// trace reasons are the runtime's too.
func TestTraceEventsExist(t *testing.T) {
	if v := goruntime.Version(); !strings.HasPrefix(v, "go1.26") {
		t.Skipf("the specs name Go 1.26's trace events; this is %s", v)
	}
	read := func(rel string) string {
		b, err := os.ReadFile(filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	events := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\t\tName: +"(\w+)",`).FindAllStringSubmatch(read("internal/trace/tracev2/events.go"), -1) {
		events[m[1]] = true
	}
	if !events["GoCreate"] || !events["ProcSteal"] {
		t.Fatalf("read no event names from tracev2/events.go: %v", events)
	}
	reasons := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\ttrace(?:Block|GoStop)\w+: +"([^"]*)",`).FindAllStringSubmatch(read("runtime/traceruntime.go"), -1) {
		reasons[m[1]] = true
	}
	if !reasons["preempted"] || !reasons["chan receive"] || !reasons["runtime.Gosched"] {
		t.Fatalf("read no reasons from traceruntime.go: %v", reasons)
	}
	for _, k := range runtime.EvKinds() {
		s := k.Spec()
		picked := map[string]bool{}
		for _, tr := range s.Trace {
			if !events[tr.Name] {
				t.Errorf("%s: %s is no event of Go 1.26's trace format", s.Name, tr.Name)
			}
			if tr.Reason != "" && !reasons[tr.Reason] {
				t.Errorf("%s: reason %q is none the runtime writes", s.Name, tr.Reason)
			}
			if tr.Arg != "" {
				ev := runtime.Event{Kind: k}
				if _, ok := ev.Arg(tr.Arg); !ok {
					t.Errorf("%s: %s selects by %s, which the kind has not", s.Name, tr.Name, tr.Arg)
				}
				key := tr.Arg + "=" + strconv.FormatInt(tr.Value, 10)
				if picked[key] {
					t.Errorf("%s: two trace events for %s", s.Name, key)
				}
				picked[key] = true
			}
		}
	}
	for _, r := range runtime.WaitReasonTraceStrings() {
		if !reasons[r] {
			t.Errorf("wait reasons: %q is no reason the runtime's GoBlock gives", r)
		}
	}
	// TraceEvent picks by the argument: exitsyscall's fast path is
	// GoSyscallEnd, the others GoSyscallEndBlocked.
	for path, want := range map[int64]string{0: "GoSyscallEnd", 1: "GoSyscallEndBlocked", 3: "GoSyscallEndBlocked"} {
		ev := runtime.Event{Kind: runtime.EvExitsyscall, Arg1: path}
		if got := ev.TraceEvent(); got == nil || got.Name != want {
			t.Errorf("exitsyscall path %d: trace event %v, want %s", path, got, want)
		}
	}
	if ev := (runtime.Event{Kind: runtime.EvRunqsteal}); ev.TraceEvent() != nil {
		t.Errorf("runqsteal: the trace format records no steal, got %v", ev.TraceEvent())
	}
}
