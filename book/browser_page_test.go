package book_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// axeScript finds axe-core's axe.min.js: $GMPLAB_AXE (the file, or a
// folder holding node_modules/axe-core), else .ci/axe, where .ci/run
// installs it with npm. Without it the accessibility test skips and says
// how to get it, except in CI ($CI set), where it fails.
func axeScript(t *testing.T, root string) string {
	t.Helper()
	var tries []string
	if p := os.Getenv("GMPLAB_AXE"); p != "" {
		tries = append(tries, p, filepath.Join(p, "node_modules", "axe-core", "axe.min.js"))
	}
	tries = append(tries, filepath.Join(root, ".ci", "axe", "node_modules", "axe-core", "axe.min.js"))
	for _, p := range tries {
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
	}
	msg := "axe-core is not installed (npm install --no-save --prefix .ci/axe axe-core@4.14.1, or GMPLAB_AXE=path/to/axe.min.js)"
	if os.Getenv("CI") != "" {
		t.Fatal(msg + ": CI must run the accessibility test")
	}
	t.Skip(msg + ": the accessibility test is skipped")
	return ""
}

// TestBrowserAxe runs axe-core on every page of the site, in the light
// and the dark theme, with the first stepper of each page run and shown,
// and wants no critical or serious violation.
func TestBrowserAxe(t *testing.T) {
	s := browserSession(t)
	axe := axeScript(t, s.root)
	pages, listings := axePages(s.site.Files)
	tb := s.newTab(t, 1366, 900, false)
	// Nearly seven minutes on a host at load 28; more guard than other tabs.
	ctx, cancel := context.WithTimeout(tb.ctx, 40*time.Minute)
	defer cancel()
	tb.ctx = ctx
	checked := 0
	for _, pg := range pages {
		tb.open(pg)
		if tb.is(`document.querySelector(".stepper") !== null`) {
			tb.loaded(widget(""))
			tb.str(widget("") + `.widget.go(3), window.scrollTo(0, 0), ""`)
		}
		if !tb.is(`typeof axe === "object"`) {
			tb.str(axe + `; ""`)
		}
		for _, theme := range []string{"light", "dark"} {
			tb.str(`document.documentElement.setAttribute("data-theme", "` + theme + `"), ""`)
			// The dark theme changes colours only: its pass runs the
			// contrast rule; the light one runs every rule.
			opts := `{resultTypes: ["violations"]}`
			if theme == "dark" {
				opts = `{resultTypes: ["violations"], runOnly: {type: "rule", values: ["color-contrast"]}}`
			}
			res := tb.str(`axe.run(document, ` + opts + `).then(function(r){return JSON.stringify(r.violations.filter(function(v){
				return v.impact === "critical" || v.impact === "serious"}).map(function(v){return {id: v.id, impact: v.impact, help: v.help,
				nodes: v.nodes.slice(0, 3).map(function(n){return n.target.join(" ") + ": " + (n.failureSummary || "").split("\n").slice(1, 2).join("")}), count: v.nodes.length}}))})`)
			var vs []struct {
				ID, Impact, Help string
				Nodes            []string
				Count            int
			}
			tb.must("axe's answer", json.Unmarshal([]byte(res), &vs))
			for _, v := range vs {
				t.Errorf("%s (%s theme): %s %s, %d nodes: %s; %s", pg, theme, v.Impact, v.ID, v.Count, v.Help, strings.Join(v.Nodes, " | "))
			}
			checked++
		}
	}
	t.Logf("axe-core: %d pages (%d of the %d source listings), each in both themes (%d runs)", len(pages), listings[0], listings[1], checked)
}

// axePages are the pages TestBrowserAxe checks: every page, but of the
// source listings (src/: the repository's files, made by one template from
// a file's text, the same structure with other words) the fewest that
// between them use every element, attribute and class any listing uses
// (a greedy cover, ties to the first name), so that every colour pair of
// the highlighter and every structure of a listing is still checked in
// both themes. The other listings would repeat the same checks on other
// text: about 60 of the site's 100 pages, and most of the test's time.
// listings is how many listings are checked, of how many.
func axePages(files map[string][]byte) (pages []string, listings [2]int) {
	uses := map[string]map[string]bool{} // listing → its element, attribute and class tokens
	var src []string
	for name, b := range files {
		switch {
		case !strings.HasSuffix(name, ".html"):
		case strings.HasPrefix(name, "src/"):
			src = append(src, name)
			uses[name] = markupTokens(b)
		default:
			pages = append(pages, name)
		}
	}
	slices.Sort(src)
	covered := map[string]bool{}
	for {
		best, gain := "", 0
		for _, name := range src {
			n := 0
			for tok := range uses[name] {
				if !covered[tok] {
					n++
				}
			}
			if n > gain {
				best, gain = name, n
			}
		}
		if gain == 0 {
			break
		}
		pages = append(pages, best)
		listings[0]++
		for tok := range uses[best] {
			covered[tok] = true
		}
	}
	listings[1] = len(src)
	slices.Sort(pages)
	return pages, listings
}

var (
	tagRe  = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9-]*)((?:\s[^>]*)?)>`)
	attrRe = regexp.MustCompile(`\s([a-zA-Z][a-zA-Z0-9:-]*)(?:="([^"]*)")?`)
)

// markupTokens lists what a page's markup uses: each element name, each
// element with each of its attributes' names, each element with each of
// its classes, and each element with each role.
func markupTokens(b []byte) map[string]bool {
	toks := map[string]bool{}
	for _, m := range tagRe.FindAllSubmatch(b, -1) {
		tag := strings.ToLower(string(m[1]))
		toks[tag] = true
		for _, a := range attrRe.FindAllSubmatch(m[2], -1) {
			name := strings.ToLower(string(a[1]))
			toks[tag+"@"+name] = true
			switch name {
			case "class":
				for _, c := range strings.Fields(string(a[2])) {
					toks[tag+"."+c] = true
				}
			case "role":
				toks[tag+"@role="+string(a[2])] = true
			}
		}
	}
	return toks
}

// focused describes the element that has the focus, and whether a reader
// can see it (it has a box, is not hidden, and is inside the viewport's
// width).
const focused = `(function(){var e=document.activeElement; if(!e||e===document.body) return JSON.stringify({what:"body",seen:true});
var r=e.getBoundingClientRect(), st=getComputedStyle(e);
var seen=r.width>0&&r.height>0&&st.visibility!=="hidden"&&r.right>0&&r.left<innerWidth;
return JSON.stringify({what:e.tagName.toLowerCase()+(e.className?"."+String(e.className).split(" ")[0]:"")+(e.getAttribute("aria-label")?"["+e.getAttribute("aria-label")+"]":"")+(e.closest(".stepper")?" in a stepper":""), seen:seen, stepper:!!e.closest(".stepper"), root:e.classList.contains("stepper")})})()`

type focus struct {
	What    string
	Seen    bool
	Stepper bool
	Root    bool
}

func (tb *tab) focus() focus {
	tb.t.Helper()
	var f focus
	tb.must("the focus", json.Unmarshal([]byte(tb.str(focused)), &f))
	return f
}

// TestBrowserKeyboard goes through lesson 03 with the keyboard alone:
// the first Tab reaches the skip link; Tab reaches the first stepper, and
// every stop on the way is visible (on a phone, none is in the closed
// table of contents); in the stepper, → steps, e opens the editor, Tab
// indents there, Escape leaves it for the Run button, and Tab goes on out
// of the widget.
func TestBrowserKeyboard(t *testing.T) {
	s := browserSession(t)
	for _, vp := range []struct {
		name string
		w, h int64
	}{{"desktop", 1366, 900}, {"phone", 390, 844}} {
		t.Run(vp.name, func(t *testing.T) {
			tb := s.newTab(t, vp.w, vp.h, false)
			tb.open("lessons/03-steal.html")
			tb.str(`document.activeElement.blur(), window.scrollTo(0, 0), ""`)
			tb.key(kb.Tab)
			if f := tb.focus(); !strings.HasPrefix(f.What, "a.skip") || !f.Seen {
				t.Errorf("the first Tab stop is %+v, want the skip link, visible", f)
			}
			var stops []string
			reached := false
			for i := 0; i < 400 && !reached; i++ {
				tb.key(kb.Tab)
				f := tb.focus()
				stops = append(stops, f.What)
				if !f.Seen {
					t.Errorf("Tab stop %d is not visible: %s", i+2, f.What)
				}
				reached = f.Stepper
			}
			if !reached {
				t.Fatalf("400 Tab presses did not reach the first stepper; the last stops: %v", stops[len(stops)-5:])
			}
			t.Logf("%s: the first stepper is Tab stop %d", vp.name, len(stops)+1)
			w := widget("")
			tb.str(w + `.focus(), ""`)
			tb.loaded(w)
			tb.str(w + `.focus(), ""`)
			tb.key(kb.ArrowRight)
			tb.key(kb.ArrowRight)
			tb.wait(w+`.widget.i === 2`, 10*time.Second)
			tb.key("e")
			tb.wait(`document.activeElement === `+w+`.querySelector(".st-src")`, 10*time.Second)
			before := tb.str(w + `.querySelector(".st-src").value`)
			tb.str(w + `.querySelector(".st-src").setSelectionRange(0, 0), ""`)
			tb.key(kb.Tab)
			if after := tb.str(w + `.querySelector(".st-src").value`); after != "\t"+before {
				t.Errorf("Tab in the editor did not indent")
			}
			tb.key(kb.Escape)
			if f := tb.focus(); !strings.HasPrefix(f.What, "button.st-run") {
				t.Errorf("Escape in the editor moved the focus to %s, want the Run button", f.What)
			}
			// Tab goes on: out of the editor and, in time, out of the widget.
			out := false
			for i := 0; i < 40 && !out; i++ {
				tb.key(kb.Tab)
				f := tb.focus()
				if strings.HasPrefix(f.What, "textarea") {
					t.Fatalf("Tab went back into the editor")
				}
				out = !f.Stepper
			}
			if !out {
				t.Error("40 Tab presses did not leave the stepper")
			}
		})
	}
}

// On a phone (390 px) no page of the book scrolls sideways as a whole:
// what is wider than the screen scrolls in its own box, and a long code
// span in the prose breaks (lesson 08's runtime/scheduler/multi_thread/queue.rs
// pushed its page to 408 px), but not inside a table, whose columns then
// shrank. Code's tabs are four columns.
func TestBrowserNoPageScrollsSideways(t *testing.T) {
	s := browserSession(t)
	tb := s.newTab(t, 390, 844, false)
	pages := 0
	for _, p := range s.site.Pages {
		if !strings.HasPrefix(p.URL, "lessons/") {
			continue
		}
		pages++
		tb.open(p.URL)
		if w := tb.num(`document.documentElement.scrollWidth`); w > 390 {
			wide := tb.str(`Array.from(document.querySelectorAll(".page *")).filter(function(e){var b=e.getBoundingClientRect();return b.right>document.documentElement.clientWidth+1&&!e.closest("pre,table,svg,.cell,.stepper")}).slice(0,3).map(function(e){return e.tagName+" "+e.textContent.slice(0,50)}).join(" | ")`)
			t.Errorf("%s is %.0f px wide on a 390 px screen: %s", p.URL, w, wide)
		}
		// In a table a span is not broken: its column is as wide as its
		// longest word (the table scrolls in its box), where breaking
		// "anywhere" let the columns shrink to "findRunnabl" / "e".
		if cut := tb.str(`Array.from(document.querySelectorAll(".page td code")).filter(function(c){return !/\s/.test(c.textContent)&&c.getClientRects().length>1}).map(function(c){return c.textContent}).join(", ")`); cut != "" {
			t.Errorf("%s: spans broken in a table's cells: %s", p.URL, cut)
		}
	}
	if pages < 10 {
		t.Fatalf("%d lesson pages: the test reads too few", pages)
	}
	// A tab is four columns, as the terminal reader shows it: at eight,
	// lesson 00's goroutines.go put its innermost line 48 columns in, off
	// a phone's screen.
	tb.open("lessons/00-threads.html")
	if ts := tb.str(`getComputedStyle(document.querySelector(".cell.source pre")).tabSize`); ts != "4" {
		t.Errorf("a source cell's tab is %s columns", ts)
	}
}

// TestBrowserLook takes the screenshots the closing note describes, at
// 1366x900 and 390x844, in the light and the dark theme (the theme
// follows the system's preference), and checks what can be checked of
// them: no page scrolls sideways as a whole; the dark theme's code is
// drawn in its own colours; the search results start on the screen; the
// phone's text is 12 px or more; a timeline scrolls in its own box.
func TestBrowserLook(t *testing.T) {
	s := browserSession(t)
	for _, vp := range []struct {
		name string
		w, h int64
	}{{"desktop", 1366, 900}, {"phone", 390, 844}} {
		for _, dark := range []bool{false, true} {
			theme := "light"
			if dark {
				theme = "dark"
			}
			name := vp.name + "-" + theme
			t.Run(name, func(t *testing.T) {
				tb := s.newTab(t, vp.w, vp.h, dark)
				tb.open("lessons/03-steal.html")
				if got := tb.str(`document.documentElement.getAttribute("data-theme")`); got != theme {
					t.Errorf("with the system in %s the page is %s", theme, got)
				}
				sideways := func(pg string) {
					t.Helper()
					if tb.is(`document.documentElement.scrollWidth > document.documentElement.clientWidth`) {
						t.Errorf("%s scrolls sideways as a whole at %d px", pg, vp.w)
					}
				}
				sideways("lessons/03-steal.html")
				tb.shot(name + "-lesson-top")
				// A name in the code, in the theme's colours.
				if c := tb.str(`getComputedStyle(document.querySelector(".cell.source .chroma .nx")).color`); (dark && c == "rgb(31, 35, 40)") || (!dark && c != "rgb(31, 35, 40)") {
					t.Errorf("a name in the code is drawn %s in the %s theme", c, theme)
				}
				w := widget("")
				tb.loaded(w)
				tb.str(w + `.widget.go(12), ` + w + `.scrollIntoView({block: "start"}), window.scrollBy(0, -60), ""`)
				tb.shot(name + "-stepper")
				tb.str(`document.querySelector(".quiz").scrollIntoView({block: "center"}), ""`)
				tb.click(`.quiz .choices button[data-i="0"]`)
				tb.wait(`document.querySelector(".quiz .verdict").textContent !== ""`, 10*time.Second)
				if said := tb.str(`document.querySelector(".quiz .choices .said").textContent`); !strings.HasPrefix(said, "✓") && !strings.HasPrefix(said, "✗") {
					t.Errorf("an answered choice says %q", said)
				}
				tb.shot(name + "-quiz")
				tb.str(`document.querySelector(".cell.timeline").scrollIntoView({block: "center"}), ""`)
				tb.shot(name + "-timeline")
				if vp.w < 600 {
					if !tb.is(`(function(s){return s.scrollWidth > s.clientWidth})(document.querySelector(".cell.timeline .timeline-scroll"))`) {
						t.Error("on a phone a timeline does not scroll in its own box")
					}
					small := tb.str(`(function(){var n=0,all=0,ex=[];document.querySelectorAll(".page *").forEach(function(e){
						if(!e.childNodes.length||e.closest("svg")||e.closest(".stepper"))return;var txt=Array.from(e.childNodes).some(function(c){return c.nodeType===3&&c.textContent.trim()});
						if(!txt)return;all++;var f=parseFloat(getComputedStyle(e).fontSize);if(f<12){n++;if(ex.length<3)ex.push(e.tagName+"."+e.className+" "+f)}});return n+" of "+all+" "+ex.join(", ")})()`)
					if !strings.HasPrefix(small, "0 of ") {
						t.Errorf("on a phone, text under 12 px: %s", small)
					}
				}
				tb.str(`window.scrollTo(0, 0), ""`)
				tb.click("#search")
				tb.must("search", chromedp.Do(tb.ctx, chromedp.SendKeys(chromedp.CSS("#search"), "runnext")))
				tb.wait(`document.querySelectorAll(".results a[href]").length > 0`, 30*time.Second)
				if left := tb.num(`document.querySelector(".results").getBoundingClientRect().left`); left < 0 {
					t.Errorf("the search results start at x=%.0f, off the screen", left)
				}
				tb.shot(name + "-search")
				tb.key(kb.Escape)
				if vp.w < 600 {
					tb.click(".menu")
					tb.wait(`document.body.classList.contains("nav-open") && document.querySelector(".sidebar").getBoundingClientRect().left >= 0`, 10*time.Second)
					tb.shot(name + "-menu")
					tb.key(kb.Escape)
					tb.wait(`!document.body.classList.contains("nav-open")`, 10*time.Second)
				}
				for _, pg := range []string{"index.html", "docs/glossary.html", "docs/real.html", "exercises/03-runqgrab.html"} {
					tb.open(pg)
					sideways(pg)
					tb.shot(name + "-" + strings.TrimSuffix(strings.ReplaceAll(pg, "/", "-"), ".html"))
				}
			})
		}
	}
}

// TestBrowserReading checks what mdBook does that the book does too: the
// table of contents folds away on a wide screen and stays folded; a search
// result opens its page with the words marked, and Escape clears them;
// a copy button copies a command; the whole book prints from print.html
// with no cut line and every quiz's choices.
func TestBrowserReading(t *testing.T) {
	s := browserSession(t)
	tb := s.newTab(t, 1366, 900, false)
	tb.open("lessons/03-steal.html")
	tb.click(".menu")
	tb.wait(`getComputedStyle(document.querySelector(".sidebar")).display === "none"`, 10*time.Second)
	tb.open("lessons/04-sysmon.html")
	if !tb.is(`getComputedStyle(document.querySelector(".sidebar")).display === "none" && document.querySelector(".menu").getAttribute("aria-expanded") === "false"`) {
		t.Error("the folded table of contents is open again on the next page")
	}
	tb.click(".menu")
	tb.wait(`getComputedStyle(document.querySelector(".sidebar")).display !== "none"`, 10*time.Second)

	tb.click("#search")
	tb.must("search", chromedp.Do(tb.ctx, chromedp.SendKeys(chromedp.CSS("#search"), "handoffp")))
	tb.wait(`document.querySelectorAll(".results a[href]").length > 0`, 30*time.Second)
	tb.key(kb.Enter)
	tb.waitNav(`document.readyState === "complete" && /highlight=handoffp/.test(location.search) && document.querySelectorAll("mark.hit").length > 0`, time.Minute)
	n := tb.num(`document.querySelectorAll("mark.hit").length`)
	if !tb.is(`document.querySelector(".hits-bar") !== null`) {
		t.Error("the page a search opened does not say how many matches it has")
	}
	tb.key(kb.Escape)
	tb.wait(`document.querySelectorAll("mark.hit").length === 0 && !/highlight/.test(location.search)`, 10*time.Second)
	t.Logf("a search for handoffp opened %s with %.0f matches marked", tb.str(`location.pathname`), n)

	var err error
	for _, perm := range []string{"clipboard-read", "clipboard-write"} {
		if err == nil {
			_, err = chromedp.CallBrowser(tb.ctx, browser.SetPermission, browser.SetPermissionParams{
				Permission: &browser.PermissionDescriptor{Name: perm, AllowWithoutSanitization: true}, Setting: browser.PermissionSettingGranted})
		}
	}
	if err == nil {
		tb.open("lessons/03-steal.html")
		cmd := tb.str(`document.querySelector(".cell.run .cmd code").textContent`)
		tb.str(`document.querySelector(".cell.run .cmd").scrollIntoView({block: "center"}), ""`)
		// Every text the button shows is recorded, so that a loaded
		// machine polling late cannot miss a "Copied" shown for 1.6 s.
		tb.str(`(function () { var b = document.querySelector(".cell.run .copy"); window.copyTexts = [];
			new MutationObserver(function () { window.copyTexts.push(b.textContent); }).observe(b, {childList: true, characterData: true, subtree: true}); return ""; })()`)
		tb.click(`.cell.run .copy`)
		tb.wait(`window.copyTexts.some(function (s) { return /Copied|Select/.test(s); })`, 10*time.Second)
		if tb.is(`window.copyTexts.some(function (s) { return /Select/.test(s); })`) {
			t.Errorf("the copy button said %q with the clipboard granted", tb.str(`window.copyTexts.join(" / ")`))
		}
		if got := tb.str(`navigator.clipboard.readText()`); got != cmd {
			t.Errorf("the copy button copied %q, want the command %q", got, cmd)
		}
	} else {
		t.Logf("the clipboard cannot be read here (%v): the copy button is not checked", err)
	}

	// The whole book, as print sees it.
	tb.open("print.html")
	_, err = chromedp.Call(tb.ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
	tb.must("print media", err)
	var p struct {
		Pages, Cut, Quizzes, Choices, Hidden int
		Missing                              []string
	}
	tb.must("print.html", json.Unmarshal([]byte(tb.str(`(function(){
		var cut=0; document.querySelectorAll(".cmd, pre, figcaption").forEach(function(e){if(e.scrollWidth>e.clientWidth+1)cut++});
		var q=document.querySelectorAll(".quiz"), ch=0, hid=0;
		q.forEach(function(x){x.querySelectorAll(".choices button").forEach(function(b){ch++; if(b.offsetParent===null)hid++})});
		var links=[]; document.querySelectorAll("a[href^='#']").forEach(function(a){if(a.getAttribute("href").length>1&&!document.getElementById(decodeURIComponent(a.getAttribute("href").slice(1))))links.push(a.getAttribute("href"))});
		return JSON.stringify({pages:document.querySelectorAll(".print-page").length, cut:cut, quizzes:q.length, choices:ch, hidden:hid, missing:links.slice(0,5)})})()`)), &p))
	if p.Pages < 20 || p.Quizzes < 9 {
		t.Errorf("print.html holds %d pages and %d quizzes", p.Pages, p.Quizzes)
	}
	if p.Cut > 0 {
		t.Errorf("in print, %d commands, code blocks or outputs are cut at the right edge", p.Cut)
	}
	if p.Hidden > 0 || p.Choices < 2*p.Quizzes {
		t.Errorf("in print, %d of the quizzes' %d choices are hidden", p.Hidden, p.Choices)
	}
	if len(p.Missing) > 0 {
		t.Errorf("print.html links to anchors it does not have: %v", p.Missing)
	}
	pdf, err := chromedp.Run(tb.ctx, chromedp.PrintToPDF())
	tb.must("print to PDF", err)
	t.Logf("print.html: %d pages of the book, %d quizzes; %d bytes of PDF", p.Pages, p.Quizzes, len(pdf))
	if dir := os.Getenv("GMPLAB_SCREENSHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "print.pdf"), pdf, 0o644)
	}
}

// TestAxePages: the pages TestBrowserAxe checks are every page but the
// source listings, and listings that between them use every token
// (element, attribute, class, role) that any listing uses.
func TestAxePages(t *testing.T) {
	site := buildSite(t)
	pages, listings := axePages(site.Files)
	checked := map[string]bool{}
	for _, p := range pages {
		checked[p] = true
	}
	covered := map[string]bool{}
	for _, p := range pages {
		if strings.HasPrefix(p, "src/") {
			for tok := range markupTokens(site.Files[p]) {
				covered[tok] = true
			}
		}
	}
	n := 0
	for name, b := range site.Files {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		n++
		if !strings.HasPrefix(name, "src/") {
			if !checked[name] {
				t.Errorf("%s is not checked", name)
			}
			continue
		}
		for tok := range markupTokens(b) {
			if !covered[tok] {
				t.Errorf("%s uses %s, which no checked listing does", name, tok)
			}
		}
	}
	if listings[0] == 0 || listings[0] >= listings[1] || len(pages) >= n {
		t.Errorf("%d of %d listings, %d of %d pages: no sample", listings[0], listings[1], len(pages), n)
	}
	t.Logf("%d of %d pages: %d of the %d source listings", len(pages), n, listings[0], listings[1])
}
