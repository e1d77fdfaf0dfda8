package book_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/gmplab/gmplab/book"
	"github.com/gmplab/gmplab/book/serve"
	"github.com/gmplab/gmplab/book/stepper"
	"github.com/gmplab/gmplab/cmd/gmplab/cli"
	"github.com/gmplab/gmplab/internal/testnote"
	"github.com/gmplab/gmplab/view"
)

// The browser tests open the book in headless Chromium, served as gmplab
// book serve serves it (from memory, compressed): the stepper widgets
// (browser_test.go), what never freezes the page and the figures of speed
// (browser_run_test.go), and what a reader meets: accessibility, the
// keyboard, the phone, print, search (browser_page_test.go). They share one
// build of the site and one browser, each test in tabs of its own; they
// wait for conditions, never for a fixed time.

// findBrowser finds a Chromium or Chrome to drive, or "".
func findBrowser() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// chromeFlags are the machine notes' flags for a headless Chromium that
// talks to nobody but the test's server.
func chromeFlags(exe string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true))
}

// session is the built site, its server and a browser.
type session struct {
	root   string
	site   *book.Site
	url    string
	exe    string
	srv    *httptest.Server
	bctx   context.Context // the browser
	cancel []context.CancelFunc
}

var (
	sessOnce sync.Once
	sess     *session
	sessErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if sess != nil {
		for i := len(sess.cancel) - 1; i >= 0; i-- {
			sess.cancel[i]()
		}
		sess.srv.Close()
	}
	os.Exit(code)
}

// browserSession builds the site with its WebAssembly module and starts
// the browser, once for the package's tests; a test without a browser
// skips and says why.
func browserSession(t *testing.T) *session {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: the browser tests build the WebAssembly module and drive Chromium")
	}
	exe := findBrowser()
	if exe == "" {
		t.Skip("no Chromium or Chrome found (apt-get install -y chromium): the browser test is skipped")
	}
	sessOnce.Do(func() {
		s := &session{exe: exe}
		s.root, sessErr = filepath.Abs("..")
		if sessErr != nil {
			return
		}
		x := &cli.CellExecutor{Root: s.root}
		var log bytes.Buffer
		testnote.Say(t, "building the book with the engine compiled to WebAssembly, then driving Chromium through it")
		start := time.Now()
		s.site, sessErr = book.Build(book.Options{Root: s.root, Timeline: x.TimelineOf, Log: &log})
		if sessErr != nil {
			return
		}
		t.Logf("built the book with its module in %v (%s)", time.Since(start).Round(time.Millisecond), strings.TrimSpace(log.String()))
		s.srv = httptest.NewServer(serve.NewFiles(s.site.Files))
		s.url = s.srv.URL + "/"
		actx, cancel := chromedp.NewExecAllocator(context.Background(), chromeFlags(exe)...)
		s.cancel = append(s.cancel, cancel)
		s.bctx, cancel = chromedp.NewContext(actx)
		s.cancel = append(s.cancel, cancel)
		if sessErr = chromedp.Do(s.bctx, chromedp.Navigate("about:blank")); sessErr != nil {
			return
		}
		sess = s
	})
	if sessErr != nil {
		t.Fatal(sessErr)
	}
	return sess
}

// tab is one browser tab of a test.
type tab struct {
	t   *testing.T
	s   *session
	ctx context.Context
}

// newTab opens a tab at a width and height, in the light or dark theme
// (as the system's preference, which the book follows on a first visit).
// A guard against a hung browser, not a measure of speed: each wait has
// its own limit, and a loaded two-core machine takes minutes.
func (s *session) newTab(t *testing.T, w, h int64, dark bool) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(s.bctx)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 40*time.Minute)
	t.Cleanup(cancel)
	tb := &tab{t: t, s: s, ctx: ctx}
	var opts []chromedp.EmulateViewportOption
	if w < 600 {
		opts = append(opts, chromedp.EmulateScale(2), chromedp.EmulateMobile)
	}
	tb.must("viewport", chromedp.Do(ctx, chromedp.EmulateViewport(w, h, opts...)))
	tb.scheme(dark)
	return tb
}

func (tb *tab) scheme(dark bool) {
	tb.t.Helper()
	v := "light"
	if dark {
		v = "dark"
	}
	_, err := chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}}})
	tb.must("prefers-color-scheme", err)
}

func (tb *tab) must(what string, err error) {
	tb.t.Helper()
	if err != nil {
		tb.t.Fatalf("%s: %v", what, err)
	}
}

// open loads a page of the site (its path from the site's root) and waits
// for the book's script to have run.
func (tb *tab) open(page string) {
	tb.t.Helper()
	tb.must("open "+page, chromedp.Do(tb.ctx, chromedp.Navigate(tb.s.url+page)))
	tb.wait(`document.readyState === "complete" && document.querySelector(".theme") !== null`, 2*time.Minute)
}

func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	tb.must(expr, err)
	return v
}

func (tb *tab) str(expr string) string  { tb.t.Helper(); return eval[string](tb, expr) }
func (tb *tab) num(expr string) float64 { tb.t.Helper(); return eval[float64](tb, expr) }
func (tb *tab) is(expr string) bool     { tb.t.Helper(); return eval[bool](tb, expr) }

// wait polls a condition until it holds, failing the test after d.
func (tb *tab) wait(cond string, d time.Duration) {
	tb.t.Helper()
	_, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(d)))
	tb.must("waiting for "+cond, err)
}

// waitNav waits for a condition across a navigation (the page it is
// evaluated in may go away while it is asked).
func (tb *tab) waitNav(cond string, d time.Duration) {
	tb.t.Helper()
	var err error
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		var ok bool
		if ok, err = chromedp.Run(tb.ctx, chromedp.Evaluate[bool](cond)); err == nil && ok {
			return
		}
	}
	tb.t.Fatalf("waiting for %s: %v", cond, err)
}

// key presses a key as a reader does (through the browser's input).
func (tb *tab) key(k string, opts ...chromedp.KeyOption) {
	tb.t.Helper()
	tb.must("key "+strconv.Quote(k), chromedp.Do(tb.ctx, chromedp.KeyEvent(k, opts...)))
}

func (tb *tab) click(sel string) {
	tb.t.Helper()
	tb.must("click "+sel, chromedp.Do(tb.ctx, chromedp.Click(chromedp.CSS(sel))))
}

// shot saves a screenshot of the viewport as NAME.png in
// $GMPLAB_SCREENSHOTS (or the test's temporary folder).
func (tb *tab) shot(name string) {
	tb.t.Helper()
	dir := os.Getenv("GMPLAB_SCREENSHOTS")
	if dir == "" {
		dir = tb.t.TempDir()
	}
	b, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	tb.must("screenshot", err)
	tb.must("screenshot", os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644))
}

// widget is the JavaScript of the first stepper, or of the one with id.
func widget(id string) string {
	if id == "" {
		return `document.querySelector(".stepper")`
	}
	return `document.getElementById(` + strconv.Quote(id) + `)`
}

// loaded scrolls a widget into view and waits for its run.
func (tb *tab) loaded(w string) {
	tb.t.Helper()
	tb.str(w + `.scrollIntoView({block: "start"}), ""`)
	tb.wait(w+`.widget && `+w+`.widget.tr !== undefined && !`+w+`.hasAttribute("data-running")`, 5*time.Minute)
}

// cliRun is what gmplab run prints for a file and flags.
func cliRun(t *testing.T, root, file, flags string) string {
	t.Helper()
	var out, errb bytes.Buffer
	wd, _ := os.Getwd()
	if err := os.Chdir(root); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	cli.Run(append([]string{"run", file}, strings.Fields(flags)...), strings.NewReader(""), &out, &errb)
	return out.String()
}

// eventLine is event n's first line in gmplab run's output.
func eventLine(out string, n int) string {
	re := regexp.MustCompile(`(?m)^ *` + strconv.Itoa(n) + ` .*$`)
	return re.FindString(out)
}

// atLine is the source line an event line names ("by G1 at 19:6"), or 0.
func atLine(line string) int {
	m := regexp.MustCompile(` at (\d+):\d+`).FindStringSubmatch(line)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestBrowserStepper steps the first widget of lesson 03, whose run the
// WebAssembly engine computed in its worker, and checks what it shows
// against gmplab run and stepper.Run natively: the event line after
// steps forwards and back, with buttons and keys; every line; the source
// line highlighted at each event that names one, and each G on the board
// beside its line; the program's output as far as the run has got; the
// timeline's cursor; breakpoints; `g 42`; the help.
func TestBrowserStepper(t *testing.T) {
	s := browserSession(t)
	tb := s.newTab(t, 1366, 900, false)
	tb.open("lessons/03-steal.html")
	w := widget("")
	tb.loaded(w)
	t.Logf("the first widget computed its run in %.0f ms from the page's start", tb.num(w+`.widget.usableAt`))

	fwd, back := `.stepper .st-bar button[aria-label^="Forward one"]`, `.stepper .st-bar button[aria-label^="Back one"]`
	for range 5 {
		tb.click(fwd)
	}
	for range 2 {
		tb.click(back)
	}
	file, flags := tb.str(w+`.getAttribute("data-file")`), tb.str(w+`.getAttribute("data-flags")`)
	want := cliRun(t, s.root, file, flags)
	if got, line := tb.str(w+`.querySelector(".st-line").textContent`), eventLine(want, 3); got != line || line == "" {
		t.Errorf("after 5 forwards and 2 backs the widget shows\n%q\nwant event 3 of gmplab run %s %s:\n%q", got, file, flags, line)
	}
	tb.str(w + `.focus(), ""`)
	tb.key(kb.ArrowRight)
	tb.wait(w+`.widget.i === 4`, 10*time.Second)
	page := tb.str(`(function(t){return t.h + "\n" + ` + strconv.Quote(view.Header()) + ` + "\n" + t.l.join("\n") + "\n"})(` + w + `.widget.tr)`)
	if page != want {
		t.Errorf("the widget's events differ from gmplab run %s %s (%d against %d bytes)", file, flags, len(page), len(want))
	}

	// The source line of every event that names one, highlighted; the
	// Gs beside their lines; the output by each event.
	src, err := os.ReadFile(filepath.Join(s.root, file))
	tb.must("the scenario", err)
	tr, err := stepper.Run(file, src, strings.Fields(flags))
	tb.must("stepper.Run", err)
	n := int(tb.num(w + `.widget.n`))
	marked, printed := 0, 0
	for i := 1; i <= n; i++ {
		tb.str(fmt.Sprintf(`%s.widget.go(%d), ""`, w, i))
		var got struct {
			Line  string
			Cur   []string
			Out   string
			Chips []string
			X     string
		}
		tb.must("the widget at an event", json.Unmarshal([]byte(tb.str(`JSON.stringify((function(r){return {
			line: r.querySelector(".st-line").textContent,
			cur: Array.from(r.querySelectorAll(".st-lines li.cur .ln")).map(function(e){return e.textContent}),
			out: r.querySelector(".st-out").textContent,
			chips: Array.from(r.querySelectorAll(".st-lines .gs .g")).map(function(e){return e.textContent + "@" + e.closest("li").querySelector(".ln").textContent}),
			x: r.querySelector(".st-cursor").getAttribute("x1")}})(`+w+`))`)), &got))
		if l := atLine(got.Line); l > 0 {
			marked++
			if len(got.Cur) != 1 || got.Cur[0] != strconv.Itoa(l) {
				t.Errorf("event %d %q: the highlighted line is %v, want %d", i, got.Line, got.Cur, l)
			}
		}
		if want := fmt.Sprint(tr.Src[i-1]); tr.Src[i-1] > 0 && (len(got.Cur) != 1 || got.Cur[0] != want) {
			t.Errorf("event %d: the highlighted line is %v, stepper.Run says %s", i, got.Cur, want)
		}
		wantOut := ""
		for _, p := range tr.OutAt {
			if p[0] <= i {
				wantOut = tr.Out[:p[1]]
			}
		}
		if wantOut != "" {
			printed++
		}
		if body, _ := strings.CutPrefix(got.Out[strings.Index(got.Out, ":\n")+2:], ""); !strings.HasPrefix(body, wantOut) || (wantOut == "" && !strings.HasPrefix(body, "(nothing yet)")) {
			t.Errorf("event %d: the output shows %q, want %q", i, got.Out, wantOut)
		}
		for _, c := range got.Chips {
			g, line, _ := strings.Cut(c, "@")
			if !strings.HasPrefix(g, "G") && !strings.HasPrefix(g, "+") {
				t.Errorf("event %d: a chip beside line %s reads %q", i, line, g)
			}
		}
		if got.X == "" {
			t.Errorf("event %d: the timeline has no cursor", i)
		}
	}
	if marked == 0 || printed == 0 {
		t.Errorf("%d events named a line and %d had output: the check checked nothing", marked, printed)
	}

	// g, then a number, then Enter: that event, whatever the box held.
	tb.str(w + `.widget.go(8), ` + w + `.focus(), ""`)
	tb.key("g")
	tb.key("42")
	tb.key(kb.Enter)
	tb.wait(w+`.widget.i === 42`, 10*time.Second)
	// A breakpoint on runqsteal, then Shift+→ from the start: the first steal.
	first := 0
	for i, k := range tr.Kinds {
		if k == "runqsteal" {
			first = i + 1
			break
		}
	}
	if first == 0 {
		t.Fatal("steal.go has no runqsteal: the breakpoint check needs one")
	}
	tb.str(w + `.widget.go(0), ` + w + `.focus(), ""`)
	tb.click(`.stepper .st-breaks summary`)
	tb.click(`.stepper .st-breaks input[value="runqsteal"]`)
	tb.str(w + `.focus(), ""`)
	tb.key(kb.ArrowRight, chromedp.KeyModifiers(chromedp.ModifierShift))
	tb.wait(fmt.Sprintf(`%s.widget.i === %d`, w, first), 10*time.Second)
	// b at an event breaks on its kind.
	tb.str(w + `.widget.go(1), ` + w + `.focus(), ""`)
	tb.key("b")
	if k := tr.Kinds[0]; !tb.is(w + `.widget.breaks[` + strconv.Quote(k) + `] === true`) {
		t.Errorf("b at event 1 did not break on %s", k)
	}
	// ? shows the keys; Escape closes them and gives the focus back.
	tb.key("?")
	tb.wait(`document.querySelector("dialog.st-help") && document.querySelector("dialog.st-help").open`, 10*time.Second)
	if keys := tb.str(`document.querySelector("dialog.st-help").textContent`); !strings.Contains(keys, "go to an event") {
		t.Errorf("the help says %q", keys)
	}
	tb.key(kb.Escape)
	tb.wait(`!document.querySelector("dialog.st-help").open && document.activeElement === `+w, 10*time.Second)
}

// TestBrowserEdit edits a scenario and its flags in the page and runs
// them on the WebAssembly engine: a program that does not compile says
// where in Go's words; an edited one steps through the lines stepper.Run
// gives natively; a link to event 9 of the edited program with other
// flags opens, in a new tab, on that program, those flags and that event.
func TestBrowserEdit(t *testing.T) {
	s := browserSession(t)
	tb := s.newTab(t, 1366, 900, false)
	tb.open("lessons/03-steal.html")
	w := widget("")
	tb.loaded(w)
	file, flags := tb.str(w+`.getAttribute("data-file")`), tb.str(w+`.getAttribute("data-flags")`)
	src := tb.str(w + `.querySelector(".st-src").value`)

	tb.str(w + `.focus(), ""`)
	tb.key("e")
	tb.wait(`document.activeElement === `+w+`.querySelector(".st-src")`, 10*time.Second)
	if !tb.is(w + `.querySelector(".st-code").hidden && !` + w + `.querySelector(".st-editor").hidden`) {
		t.Error("e: the editor did not replace the source")
	}
	set := func(src, flags string) {
		t.Helper()
		sj, _ := json.Marshal(src)
		fj, _ := json.Marshal(flags)
		tb.str(fmt.Sprintf(`(function(r){r.querySelector(".st-src").value=%s; r.querySelector(".st-flags input").value=%s; return ""})(%s)`, sj, fj, w))
	}
	set("package main\n\nfunc main() { undefinedName() }\n", flags)
	tb.click(`.stepper .st-run`)
	tb.wait(`/err/.test(`+w+`.querySelector(".st-status").className)`, 3*time.Minute)
	if st := tb.str(w + `.querySelector(".st-status").textContent`); !strings.HasPrefix(st, file+":3:") {
		t.Errorf("a compile error shows %q, want %s:3:…", st, file)
	}

	edited := strings.Replace(src, "func main() {", "func main() {\n\tprintln(\"edited in the page\")", 1)
	if edited == src {
		t.Fatalf("%s has no func main() {", file)
	}
	newFlags := strings.Replace(flags, "--gomaxprocs 4", "--gomaxprocs 2", 1)
	if newFlags == flags {
		t.Fatalf("%s's flags %q have no --gomaxprocs 4", file, flags)
	}
	set(edited, newFlags)
	tb.str(w + `.querySelector(".st-src").focus(), ""`)
	tb.key(kb.Enter, chromedp.KeyModifiers(chromedp.ModifierCtrl))
	tb.wait(w+`.getAttribute("data-ran") === "1"`, 3*time.Minute)
	if st := tb.str(w + `.querySelector(".st-status").textContent`); !strings.HasPrefix(st, "Ran your version") {
		t.Fatalf("after Run the widget says %q", st)
	}
	tr, err := stepper.Run(file, []byte(edited), strings.Fields(newFlags))
	tb.must("stepper.Run", err)
	var shown []string
	tb.must("the edited lines", json.Unmarshal([]byte(tb.str(`JSON.stringify(`+w+`.widget.tr.l)`)), &shown))
	if strings.Join(shown, "\n") != strings.Join(tr.Lines, "\n") {
		t.Errorf("the page's WebAssembly run has %d events, stepper.Run natively %d, and they differ", len(shown), len(tr.Lines))
	}
	if cmd := tb.str(w + `.querySelector(".st-cmd").textContent`); !strings.Contains(cmd, newFlags) {
		t.Errorf("the widget's command reads %q after a run with %q", cmd, newFlags)
	}
	tb.str(w + `.widget.go(9), ` + w + `.focus(), ""`)
	tb.key("k")
	tb.wait(w+`.hasAttribute("data-link")`, 30*time.Second)
	link := tb.str(w + `.getAttribute("data-link")`)
	if !strings.Contains(link, "#stepper-steal-go?e=9&") || !strings.Contains(link, "&c=") {
		t.Errorf("the link is %q", link)
	}
	tb.shot("desktop-edited")

	// The link, opened in another tab: the same program, flags and event.
	other := s.newTab(t, 1366, 900, false)
	other.must("open the link", chromedp.Do(other.ctx, chromedp.Navigate(link)))
	other.wait(w+` && `+w+`.widget && `+w+`.widget.tr !== undefined && `+w+`.widget.i === 9`, 5*time.Minute)
	if got := other.str(w + `.widget.source`); got != edited {
		t.Errorf("the link opened %d bytes of source, not the edited %d", len(got), len(edited))
	}
	if got := other.str(w + `.widget.flags`); got != newFlags {
		t.Errorf("the link opened flags %q, want %q", got, newFlags)
	}
	if got := other.str(w + `.querySelector(".st-line").textContent`); got != strings.Split(tr.Lines[8], "\n")[0] {
		t.Errorf("the link opened on %q, want event 9: %q", got, tr.Lines[8])
	}
	if !other.is(`document.activeElement === ` + w) {
		t.Error("the link's widget does not have the focus")
	}
	// Reset: back to the lesson's program, flags and run.
	other.click(`.stepper .st-edit-btn`)
	other.click(`.stepper .st-reset`)
	other.wait(w+`.widget.tr && `+w+`.widget.source === `+w+`.widget.original && `+w+`.widget.flags === `+strconv.Quote(flags), 3*time.Minute)
}

// TestBrowserNoWasm: on a site built without the module, the widget says
// why it has no run at once, and offers no controls that do nothing.
func TestBrowserNoWasm(t *testing.T) {
	s := browserSession(t)
	bare := buildSite(t)
	srv := httptest.NewServer(serve.NewFiles(bare.Files))
	defer srv.Close()
	tb := s.newTab(t, 1366, 900, false)
	tb.must("open", chromedp.Do(tb.ctx, chromedp.Navigate(srv.URL+"/lessons/03-steal.html")))
	w := widget("")
	tb.wait(w+` && `+w+`.hasAttribute("data-failed")`, time.Minute)
	if msg := tb.str(w + `.querySelector(".st-line").textContent`); !strings.Contains(msg, "--no-wasm") {
		t.Errorf("without the module the widget says %q, want why (--no-wasm)", msg)
	}
	if n := tb.num(`Array.from(` + w + `.querySelectorAll("button, input")).filter(function(b){return b.offsetParent !== null && !b.disabled}).length`); n != 0 {
		t.Errorf("without the module the widget shows %v controls that work", n)
	}
}
