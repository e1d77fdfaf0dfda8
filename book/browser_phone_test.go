package book_test

import (
	"strings"
	"testing"
)

// On a phone a table wider than the screen says that it scrolls sideways:
// a fading edge on the side there is more to see (the right at first,
// both in the middle, the left at the end) and a line above it saying so;
// a table that fits has neither. No copy button covers a character of
// what it copies, at either end of a block that scrolls sideways. Checked
// at 390 px and on a desktop, in both themes, with screenshots
// ($GMPLAB_SCREENSHOTS) of a wide table and of a lesson's cells.
func TestBrowserWideTablesAndCopy(t *testing.T) {
	s := browserSession(t)
	for _, vp := range []struct {
		name string
		w, h int64
	}{{"desktop", 1366, 900}, {"phone", 390, 844}} {
		for _, dark := range []bool{false, true} {
			name := vp.name + "-light"
			if dark {
				name = vp.name + "-dark"
			}
			t.Run(name, func(t *testing.T) {
				tb := s.newTab(t, vp.w, vp.h, dark)
				tb.open("lessons/08-other-runtimes.html")
				// Each table: whether it scrolls, its hint shown, its
				// two edges' fades, at the start and at the end.
				got := tb.str(`(function () {
					var fade = function (el, side) { var s = getComputedStyle(el, side); return s.content !== "none" && s.display !== "none" && parseFloat(s.opacity) > 0.5; };
					var out = [];
					document.querySelectorAll(".page table").forEach(function (t) {
						var box = t.closest(".table-scroll"), hint = box && box.previousElementSibling && box.previousElementSibling.classList.contains("table-hint") ? box.previousElementSibling : null;
						var wide = t.scrollWidth > t.clientWidth + 1;
						var shown = !!hint && hint.getClientRects().length > 0 && hint.textContent.trim() !== "";
						t.scrollLeft = 0; t.dispatchEvent(new Event("scroll"));
						var start = box ? [fade(box, "::before"), fade(box, "::after")] : [false, false];
						t.scrollLeft = t.scrollWidth; t.dispatchEvent(new Event("scroll"));
						var end = box ? [fade(box, "::before"), fade(box, "::after")] : [false, false];
						t.scrollLeft = 0; t.dispatchEvent(new Event("scroll"));
						out.push((wide ? "wide" : "fits") + " hint=" + shown + " start=" + start.join(",") + " end=" + end.join(","));
					});
					return out.join("\n");
				})()`)
				lines := strings.Split(got, "\n")
				wide := 0
				for i, l := range lines {
					want := "fits hint=false start=false,false end=false,false"
					if strings.HasPrefix(l, "wide") {
						wide++
						want = "wide hint=true start=false,true end=true,false"
					}
					if l != want {
						t.Errorf("table %d: %s, want %s", i+1, l, want)
					}
				}
				if vp.w < 600 && wide == 0 {
					t.Errorf("no table of lesson 08 is wider than a phone: the test checks no hint (%q)", got)
				}
				if wide > 0 {
					tb.str(`(function () { var t = Array.from(document.querySelectorAll(".page table")).find(function (t) { return t.scrollWidth > t.clientWidth + 1; });
						t.closest(".table-scroll").previousElementSibling.scrollIntoView({block: "start"}); window.scrollBy(0, -70); return ""; })()`)
					tb.shot(name + "-wide-table")
				}
				for _, pg := range []string{"lessons/08-other-runtimes.html", "lessons/03-steal.html", "docs/real.html"} {
					tb.open(pg)
					if c := coveredByCopy(tb); c != "" {
						t.Errorf("%s: a copy button covers text: %s", pg, c)
					}
				}
				// lesson 03's first cells: a command, its output, a source.
				tb.open("lessons/03-steal.html")
				tb.str(`document.querySelector(".cell.run .cmd").scrollIntoView({block: "start"}), window.scrollBy(0, -70), ""`)
				tb.shot(name + "-copy-run")
				tb.str(`document.querySelector(".cell.source").scrollIntoView({block: "start"}), window.scrollBy(0, -70), ""`)
				tb.shot(name + "-copy-source")
			})
		}
	}
}

// coveredByCopy lists the copy buttons of the open page that cover a
// character of their block, with the block scrolled to its start and to
// its end; the buttons shown whether or not the pointer is on them.
func coveredByCopy(tb *tab) string {
	tb.t.Helper()
	return tb.str(`(function () {
		var bad = [], n = 0;
		var inter = function (a, b) { var w = Math.min(a.right, b.right) - Math.max(a.left, b.left), h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top); return w > 1 && h > 1 ? {left: Math.max(a.left, b.left), right: Math.min(a.right, b.right), top: Math.max(a.top, b.top), bottom: Math.min(a.bottom, b.bottom)} : null; };
		document.querySelectorAll(".page .copy").forEach(function (b) {
			n++;
			b.style.opacity = "1";
			var host = b.parentNode;
			var scrollers = Array.from(host.querySelectorAll("pre, .cmd, .chroma, figcaption")).filter(function (e) { return !e.contains(b); });
			[0, 1e6].forEach(function (x) {
				scrollers.forEach(function (s) { s.scrollLeft = x; });
				var br = b.getBoundingClientRect();
				var w = document.createTreeWalker(host, NodeFilter.SHOW_TEXT, null);
				for (var t; (t = w.nextNode());) {
					if (b.contains(t) || !t.textContent.trim()) continue;
					var clip = t.parentElement.closest("pre, .cmd, .chroma, figcaption");
					var cr = clip ? clip.getBoundingClientRect() : null;
					var r = document.createRange(); r.selectNodeContents(t);
					var hit = Array.from(r.getClientRects()).some(function (rc) { var v = cr ? inter(rc, cr) : rc; return v && inter(v, br); });
					if (hit) { bad.push(b.getAttribute("aria-label") + " over " + JSON.stringify(t.textContent.trim().slice(0, 30)) + (x ? " (scrolled to the end)" : "")); break; }
				}
			});
			scrollers.forEach(function (s) { s.scrollLeft = 0; });
			b.style.opacity = "";
		});
		if (n === 0) return "no copy button on the page";
		return bad.slice(0, 5).join("; ") + (bad.length > 5 ? " (" + bad.length + " in all)" : "");
	})()`)
}
