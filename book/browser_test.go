package book_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/gmplab/gmplab/book/stepper"
	"github.com/gmplab/gmplab/cmd/gmplab/cli"
	"github.com/gmplab/gmplab/internal/testnote"
	"github.com/gmplab/gmplab/view"
)

// browser finds a Chromium or Chrome to drive, or "".
func browser() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
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

// TestBrowser opens a lesson in headless Chromium: the widget computes its
// run on the WebAssembly engine when scrolled to; the test steps it
// forwards five times and back two and compares the event line, then every
// line, with the CLI's, edits the scenario and runs it again on the
// WebAssembly engine and compares every line with stepper.Run's, answers a
// quiz, checks that a widget on a site built without the module says why
// it has no run, and saves screenshots at a desktop and a phone width (to
// $GMPLAB_SCREENSHOTS, or a temporary folder). It waits for conditions,
// never for a fixed time.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the browser test builds the WebAssembly module and drives Chromium")
	}
	exe := browser()
	if exe == "" {
		t.Skip("no Chromium or Chrome found (apt-get install -y chromium): the browser test is skipped")
	}
	must := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	out, site := buildSite(t, true)
	testnote.Say(t, "driving Chromium through the book")
	// The module stays under 15 MB, and under 4 MB as a server would send
	// it compressed.
	mod, err := os.ReadFile(site.Wasm)
	must("the module", err)
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(mod)
	zw.Close()
	if len(mod) > 15<<20 || gz.Len() > 4<<20 {
		t.Errorf("the WebAssembly module is %d bytes, %d gzipped: over 15 MB or 4 MB", len(mod), gz.Len())
	}
	t.Logf("the WebAssembly module: %d bytes, %d gzipped", len(mod), gz.Len())
	root, _ := filepath.Abs("..")
	srv := httptest.NewServer(http.FileServer(http.Dir(out)))
	defer srv.Close()
	shots := os.Getenv("GMPLAB_SCREENSHOTS")
	if shots == "" {
		shots = t.TempDir()
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.WindowSize(1280, 900))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	// A guard against a hung browser, not a measure of speed: on a loaded
	// machine (two full test runs and more on two cores) the session took
	// 145 s, with the widget's first run alone at 24 s; each wait below
	// has its own limit.
	ctx, cancel = context.WithTimeout(ctx, 6*time.Minute)
	defer cancel()

	const w = `document.querySelector(".stepper")`
	eval := func(expr string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		must(expr, err)
		return s
	}
	shot := func(name string) {
		t.Helper()
		b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		must("screenshot", err)
		must("screenshot", os.WriteFile(filepath.Join(shots, name+".png"), b, 0o644))
	}

	must("open the lesson", chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(srv.URL+"/lessons/03-steal.html"),
		chromedp.WaitVisible(chromedp.CSS(".stepper")),
	))
	shot("desktop-top")
	must("scroll to the widget", chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(".stepper"))))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](w+`.widget && `+w+`.widget.tr !== undefined`, chromedp.WithPollingTimeout(150*time.Second)))
	must("the widget's run on the WebAssembly engine", err)
	t.Logf("the first widget computed its run in %s ms (from scrolling to it to its first board, loading the engine included)", eval(w+`.widget.took.toFixed(0)`))

	fwd, back := chromedp.CSS(`.stepper .st-bar button[aria-label^="Forward one"]`), chromedp.CSS(`.stepper .st-bar button[aria-label^="Back one"]`)
	for range 5 {
		must("forward", chromedp.Do(ctx, chromedp.Click(fwd)))
	}
	for range 2 {
		must("back", chromedp.Do(ctx, chromedp.Click(back)))
	}
	file, flags := eval(w+`.getAttribute("data-file")`), eval(w+`.getAttribute("data-flags")`)
	want := cliRun(t, root, file, flags)
	if got, line := eval(w+`.querySelector(".st-line").textContent`), eventLine(want, 3); got != line || line == "" {
		t.Errorf("after 5 forwards and 2 backs the widget shows\n%q\nwant event 3 of gmplab run %s %s:\n%q", got, file, flags, line)
	}
	// The keyboard: → steps forwards once the widget has the focus.
	eval(w + `.focus(), "ok"`)
	must("→", chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](w+`.widget.i === 4`, chromedp.WithPollingTimeout(10*time.Second)))
	must("the → key", err)
	page := eval(`(function(t){return t.h + "\n" + ` + strconv.Quote(view.Header()) + ` + "\n" + t.l.join("\n") + "\n"})(` + w + `.widget.tr)`)
	if page != want {
		t.Errorf("the widget's events differ from gmplab run %s %s (%d against %d bytes)", file, flags, len(page), len(want))
	}
	must("scroll", chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(".stepper .st-bar"))))
	shot("desktop-stepper")

	// Edit and run on the WebAssembly engine.
	src := eval(w + `.querySelector(".st-src").value`)
	edited := strings.Replace(src, "func main() {", "func main() {\n\tprintln(\"edited in the page\")", 1)
	if edited == src {
		t.Fatalf("%s has no func main() {", file)
	}
	editJSON, _ := json.Marshal(edited)
	must("edit", chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.stepper .st-edit button`))))
	// A program that does not compile says where, in Go's words.
	eval(fmt.Sprintf(`(function(){var s=%s.querySelector(".st-src"); s.value=%s; return "ok"})()`, w, strconv.Quote("package main\n\nfunc main() { undefinedName() }\n")))
	must("run", chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.stepper .st-edit .st-actions button:nth-child(2)`))))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](`/err/.test(`+w+`.querySelector(".st-status").className)`, chromedp.WithPollingTimeout(90*time.Second)))
	must("the compile error", err)
	if st := eval(w + `.querySelector(".st-status").textContent`); !strings.HasPrefix(st, file+":3:") {
		t.Errorf("a compile error shows %q, want %s:3:…", st, file)
	}
	eval(fmt.Sprintf(`(function(){var s=%s.querySelector(".st-src"); s.value=%s; return "ok"})()`, w, editJSON))
	must("run", chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.stepper .st-edit .st-actions button:nth-child(2)`))))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](w+`.getAttribute("data-ran") === "1"`,
		chromedp.WithPollingTimeout(90*time.Second)))
	must("the edited run", err)
	if st := eval(w + `.querySelector(".st-status").textContent`); !strings.HasPrefix(st, "Ran your version") {
		t.Fatalf("after Run the widget says %q", st)
	}
	tr, err := stepper.Run(file, []byte(edited), strings.Fields(flags))
	must("stepper.Run", err)
	var shown []string
	must("the edited lines", json.Unmarshal([]byte(eval(`JSON.stringify(`+w+`.widget.tr.l)`)), &shown))
	if strings.Join(shown, "\n") != strings.Join(tr.Lines, "\n") {
		t.Errorf("the page's WebAssembly run has %d events, stepper.Run natively %d, and they differ", len(shown), len(tr.Lines))
	}
	if out := eval(w + `.querySelector(".st-out").textContent`); !strings.Contains(out, "edited in the page") {
		t.Errorf("the program output after the edit is %q", out)
	}
	for range 4 {
		must("forward", chromedp.Do(ctx, chromedp.Click(fwd)))
	}
	shot("desktop-edited")

	// A quiz, answered right.
	right := eval(`document.querySelector(".quiz").getAttribute("data-right")`)
	must("answer the quiz", chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`.quiz .choices button[data-i="`+right+`"]`))))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector(".quiz .verdict").classList.contains("right")`, chromedp.WithPollingTimeout(10*time.Second)))
	must("the quiz's verdict", err)
	must("scroll", chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(".quiz"))))
	shot("desktop-quiz")
	must("scroll", chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(".cell.timeline"))))
	shot("desktop-timeline")

	// Search, and the dark theme.
	must("search", chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#search")), chromedp.SendKeys(chromedp.CSS("#search"), "runqgrab half")))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll(".results a[href]").length > 0`, chromedp.WithPollingTimeout(20*time.Second)))
	must("search results", err)
	shot("desktop-search")
	must("dark", chromedp.Do(ctx, chromedp.Click(chromedp.CSS("main")), chromedp.Click(chromedp.CSS(".theme"))))
	if th := eval(`document.documentElement.getAttribute("data-theme")`); th != "dark" {
		t.Errorf("after the theme button the theme is %q", th)
	}
	must("scroll", chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(".stepper"))))
	shot("desktop-dark")
	must("light", chromedp.Do(ctx, chromedp.Click(chromedp.CSS(".theme"))))

	// A phone.
	must("phone", chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)),
		chromedp.Navigate(srv.URL+"/lessons/03-steal.html"), chromedp.WaitVisible(chromedp.CSS(".stepper"))))
	shot("phone-top")
	must("scroll", chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(".stepper"))))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](w+`.widget.tr !== undefined`, chromedp.WithPollingTimeout(150*time.Second)))
	must("the widget on a phone", err)
	t.Logf("on the page opened again, the widget computed its run in %s ms", eval(w+`.widget.took.toFixed(0)`))
	shot("phone-stepper")
	must("scroll", chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(".cell.timeline"))))
	shot("phone-timeline")
	must("menu", chromedp.Do(ctx, chromedp.Click(chromedp.CSS(".menu"))))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.body.classList.contains("nav-open") && document.querySelector(".sidebar").getBoundingClientRect().left >= 0`, chromedp.WithPollingTimeout(10*time.Second)))
	must("the menu", err)
	shot("phone-menu")
	for _, pg := range []string{"index", "docs/glossary", "exercises/03-runqgrab"} {
		must(pg, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"+pg+".html"), chromedp.WaitVisible(chromedp.CSS("article h1"))))
		shot("phone-" + strings.ReplaceAll(pg, "/", "-"))
	}
	must("desktop", chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)))
	for _, pg := range []string{"index", "docs/glossary", "exercises/03-runqgrab"} {
		must(pg, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"+pg+".html"), chromedp.WaitVisible(chromedp.CSS("article h1"))))
		shot("desktop-" + strings.ReplaceAll(pg, "/", "-"))
	}

	// A site built without the module: the widget says why it has no run.
	bare, _ := buildSite(t, false)
	srv2 := httptest.NewServer(http.FileServer(http.Dir(bare)))
	defer srv2.Close()
	must("the site without WebAssembly", chromedp.Do(ctx, chromedp.Navigate(srv2.URL+"/lessons/03-steal.html"),
		chromedp.WaitVisible(chromedp.CSS(".stepper")), chromedp.ScrollIntoView(chromedp.CSS(".stepper"))))
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](w+`.hasAttribute("data-failed")`, chromedp.WithPollingTimeout(30*time.Second)))
	must("the widget without WebAssembly", err)
	if msg := eval(w + `.querySelector(".st-line").textContent`); !strings.Contains(msg, "--no-wasm") {
		t.Errorf("without the module the widget says %q, want why (--no-wasm)", msg)
	}
	t.Logf("screenshots in %s", shots)
}
