package book_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/gmplab/gmplab/book/stepper"
	"github.com/gmplab/gmplab/internal/hostload"
)

// probe starts measuring how long the page's thread goes without running
// a 10 ms timer: the longest gap is how long a key or a click would have
// waited.
const probe = `(function(){window.__gaps=[];var last=performance.now();clearInterval(window.__probe);
window.__probe=setInterval(function(){var n=performance.now();window.__gaps.push(n-last);last=n},10);return ""})()`

// gaps stops the probe: the longest gap and how many ticks it saw.
func (tb *tab) gaps() (longest float64, ticks int) {
	tb.t.Helper()
	var g []float64
	tb.must("gaps", json.Unmarshal([]byte(tb.str(`clearInterval(window.__probe), JSON.stringify(window.__gaps)`)), &g))
	if len(g) == 0 {
		return 0, 0
	}
	return slices.Max(g), len(g)
}

// responsive checks a longest gap: under 100 ms, the bound for input
// handled without a felt delay (the engine on the page's thread stalled
// it for 46 s). On an overloaded host (internal/hostload) the page's
// thread itself waits for a core for a second and more, whatever the page
// does, so there the figure is logged, not checked.
func responsive(t *testing.T, what string, longest float64, ticks int) {
	t.Helper()
	load, busy := hostload.Busy()
	t.Logf("%s: the page's longest stall was %.0f ms over %d ticks of its 10 ms timer (load %.1f)", what, longest, ticks, load)
	if ticks < 3 {
		t.Errorf("%s: only %d ticks: the probe did not run", what, ticks)
	}
	switch {
	case longest > 100 && !busy:
		t.Errorf("%s: the page stalled for %.0f ms, over 100 ms", what, longest)
	case longest > 100:
		t.Logf("%s: over 100 ms, on a host at load %.1f: not checked (the bound holds on a host that is not overloaded)", what, load)
	}
}

// runEdited puts a program and flags in the first widget's editor and
// runs it.
func (tb *tab) runEdited(w, src, flags string) {
	tb.t.Helper()
	sj, _ := json.Marshal(src)
	fj, _ := json.Marshal(flags)
	tb.str(fmt.Sprintf(`(function(r){r.widget.edit(true); r.querySelector(".st-src").value=%s; r.querySelector(".st-flags input").value=%s; r.widget.runEdited(); return ""})(%s)`, sj, fj, w))
}

const endless = "package main\n\nfunc main() {\n\tn := 0\n\tfor {\n\t\tn++\n\t}\n}\n"

const many = `package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 100000; i++ {
		wg.Add(1)
		go func() { wg.Done() }()
	}
	wg.Wait()
	fmt.Println("done")
}
`

// TestBrowserNeverFrozen runs what froze the page when the engine ran on
// its thread, and checks that the page stays responsive: an endless loop
// (stopped with the Stop button, after which the engine runs again), the
// same loop under a small --max-instrs (the widget says which limit
// stopped it), and 100,000 goroutines (the widget says it keeps the first
// 20,000 of the run's events, and how many there were, as stepper.Run
// natively counts them).
func TestBrowserNeverFrozen(t *testing.T) {
	s := browserSession(t)
	tb := s.newTab(t, 1366, 900, false)
	tb.open("lessons/03-steal.html")
	w := widget("")
	tb.loaded(w)
	flags := tb.str(w + `.getAttribute("data-flags")`)

	tb.str(probe)
	tb.runEdited(w, endless, flags)
	tb.wait(w+`.hasAttribute("data-running") && !`+w+`.querySelector(".st-stop").hidden`, time.Minute)
	// Keys and clicks while it runs: the theme button, twice.
	start := tb.num(`performance.now()`)
	for range 2 {
		tb.click(".theme")
	}
	tb.wait(`performance.now() > `+strconv.FormatFloat(start+2500, 'f', 0, 64), time.Minute)
	if !tb.is(w + `.hasAttribute("data-running")`) {
		t.Fatal("the endless loop is not running any more after 2.5 s")
	}
	longest, ticks := tb.gaps()
	responsive(t, "during an endless loop", longest, ticks)
	tb.click(`.stepper .st-stop`)
	tb.wait(`!`+w+`.hasAttribute("data-running")`, 30*time.Second)
	if st := tb.str(w + `.querySelector(".st-status").textContent`); !strings.HasPrefix(st, "Stopped after") {
		t.Errorf("after Stop the widget says %q", st)
	}
	// The engine works after a stop: the loop again, under a small limit.
	tb.runEdited(w, endless, flags+" --max-instrs 2000000")
	tb.wait(w+`.getAttribute("data-ran") === "1"`, 3*time.Minute)
	if st := tb.str(w + `.querySelector(".st-status").textContent`); !strings.Contains(st, "--max-instrs limit") {
		t.Errorf("a run stopped by --max-instrs says %q", st)
	}
	tb.str(w + `.widget.go(` + w + `.widget.n), ""`)
	if out := tb.str(w + `.querySelector(".st-out").textContent`); !strings.Contains(out, "Raise --max-instrs") {
		t.Errorf("at its end, the output of a run stopped by --max-instrs is %q", out)
	}

	// 100,000 goroutines.
	tr, err := stepper.Run("lessons/03-steal/steal.go", []byte(many), strings.Fields(flags))
	tb.must("stepper.Run", err)
	tb.str(probe)
	t0 := time.Now()
	tb.runEdited(w, many, flags)
	tb.wait(w+`.getAttribute("data-ran") === "2"`, 8*time.Minute)
	took := time.Since(t0)
	longest, ticks = tb.gaps()
	responsive(t, fmt.Sprintf("during 100,000 goroutines (%s)", took.Round(time.Millisecond)), longest, ticks)
	t.Logf("100,000 goroutines: %s", tb.str(`JSON.stringify({setMs: `+w+`.widget.setMs, svg: `+w+`.querySelectorAll(".st-tl svg *").length, prof: `+w+`.widget.prof})`))
	st := tb.str(w + `.querySelector(".st-status").textContent`)
	total := strconv.FormatInt(tr.Total, 10)
	total = total[:len(total)-3] + "," + total[len(total)-3:]
	if !strings.Contains(st, total+" events") || !strings.Contains(st, "the first 20,000") {
		t.Errorf("after 100,000 goroutines the widget says %q; want %s events, the first 20,000 kept", st, total)
	}
	tb.str(w + `.focus(), ""`)
	tb.key(kb.End)
	tb.wait(w+`.widget.i === 20000`, 30*time.Second)
	if out := tb.str(w + `.querySelector(".st-out").textContent`); !strings.Contains(out, "done") {
		t.Errorf("at the end of 100,000 goroutines the output is %q", out)
	}
}

// TestBrowserFigures measures what the issue asks for, and logs it: the
// time from opening lesson 03 on its first widget to the widget's first
// board, with an empty cache (a new browser profile) and with the module
// cached; and the time of one step (→, then the next frame drawn) on the
// longest run of the lessons. The bounds are loose, for a loaded host;
// the figures are the point.
func TestBrowserFigures(t *testing.T) {
	s := browserSession(t)
	// A browser of its own, for an empty cache.
	actx, cancel := chromedp.NewExecAllocator(context.Background(), chromeFlags(s.exe)...)
	defer cancel()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	bctx, cancel = context.WithTimeout(bctx, 10*time.Minute)
	defer cancel()
	tb := &tab{t: t, s: s, ctx: bctx}
	tb.must("viewport", chromedp.Do(bctx, chromedp.EmulateViewport(1366, 900)))
	w := widget("stepper-steal-go")
	first := func(what string) float64 {
		tb.must("open", chromedp.Do(bctx, chromedp.Navigate(s.url+"lessons/03-steal.html#stepper-steal-go")))
		tb.wait(w+` && `+w+`.widget && `+w+`.widget.usableAt !== undefined`, 5*time.Minute)
		ms := tb.num(w + `.widget.usableAt`)
		var tm map[string]float64
		json.Unmarshal([]byte(tb.str(`JSON.stringify(window.gmplabEngine.timing)`)), &tm)
		load, _ := hostload.Busy()
		t.Logf("first usable stepper, %s: %.0f ms after navigation (module compiled at %.0f ms, %.0f ms of compiling; engine up at %.0f ms; load %.1f)",
			what, ms, tm["compiled"], tm["compileMs"], tm["ready"], load)
		return ms
	}
	cold := first("empty cache")
	tb.must("about:blank", chromedp.Do(bctx, chromedp.Navigate("about:blank")))
	cached := first("module cached")
	load, busy := hostload.Busy()
	if !busy && (cold > 6000 || cached > 2000) {
		t.Errorf("first usable stepper: %.0f ms cold, %.0f ms cached; want within 6 s and 2 s (load %.1f)", cold, cached, load)
	}

	// One step: → dispatched on the widget, then the next frame.
	tb.must("lesson 07", chromedp.Do(bctx, chromedp.Navigate(s.url+"lessons/07-production.html")))
	tb.wait(`document.readyState === "complete"`, time.Minute)
	big := `Array.from(document.querySelectorAll(".stepper")).filter(function(r){return /server\.go$/.test(r.getAttribute("data-file"))})[0]`
	if !tb.is(big + ` !== undefined`) {
		big = widget("")
	}
	tb.loaded(big)
	var times []float64
	tb.must("steps", json.Unmarshal([]byte(tb.str(`(async function(r){var ts=[];r.widget.go(0);r.focus();
		for (var i=0;i<60;i++){var t0=performance.now();r.dispatchEvent(new KeyboardEvent("keydown",{key:"ArrowRight",bubbles:true}));
		await new Promise(function(ok){requestAnimationFrame(function(){ok()})});ts.push(performance.now()-t0)}
		return JSON.stringify(ts)})(`+big+`)`)), &times))
	slices.Sort(times)
	n := tb.num(big + `.widget.n`)
	t.Logf("one step on %s (%.0f events): median %.1f ms, p95 %.1f ms, over %d steps (→ to the next frame drawn)",
		tb.str(big+`.getAttribute("data-file")`), n, times[len(times)/2], times[len(times)*95/100], len(times))
	// Like the first usable stepper's, the bound holds on a host that is
	// not loaded: at load 58 on 2 CPUs the median step took 520 ms (the
	// renderer gets a fraction of a core).
	if load, busy := hostload.Busy(); !busy && times[len(times)/2] > 500 {
		t.Errorf("a step takes %.0f ms (median; load %.1f)", times[len(times)/2], load)
	}
	if m, err := os.Stat(s.site.Wasm); err == nil {
		t.Logf("the module: %d bytes; sent as %d bytes (brotli) or %d (gzip)", m.Size(), len(s.site.Files["assets/stepper.wasm.br"]), len(s.site.Files["assets/stepper.wasm.gz"]))
	}
}
