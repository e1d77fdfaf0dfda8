// gmplab's book: theme, table of contents, search (and its words marked
// on the page it opens), copy buttons, keyboard access to what scrolls,
// and quizzes. No framework.
(function () {
  "use strict";
  var base = document.body.getAttribute("data-base") || "";
  var root = document.documentElement;
  function store(k, v) { try { if (v == null) localStorage.removeItem(k); else localStorage.setItem(k, v); } catch (e) {} }
  function stored(k) { try { return localStorage.getItem(k); } catch (e) { return null; } }

  // Light and dark.
  function setTheme(t) {
    root.setAttribute("data-theme", t);
    store("gmplab-theme", t);
  }
  document.querySelector(".theme").addEventListener("click", function () {
    setTheme(root.getAttribute("data-theme") === "dark" ? "light" : "dark");
  });

  // The table of contents: on a wide screen the ☰ button folds it away
  // (and the book remembers); on a narrow one it is a drawer, closed by a
  // tap outside it, by Escape or by following a link.
  var menu = document.querySelector(".menu");
  var narrow = window.matchMedia("(max-width: 960px)");
  var sidebar = document.querySelector(".sidebar");
  var backdrop = document.querySelector(".backdrop");
  function menuState() {
    var open = narrow.matches ? document.body.classList.contains("nav-open") : !root.classList.contains("nav-hidden");
    menu.setAttribute("aria-expanded", open ? "true" : "false");
  }
  function closeDrawer(focusMenu) {
    if (!document.body.classList.contains("nav-open")) return;
    document.body.classList.remove("nav-open");
    menuState();
    if (focusMenu) menu.focus();
  }
  menu.addEventListener("click", function () {
    if (narrow.matches) {
      document.body.classList.toggle("nav-open");
      if (document.body.classList.contains("nav-open")) {
        var a = sidebar.querySelector("li.current > a") || sidebar.querySelector("a");
        setTimeout(function () { if (a) a.focus(); }, 0);
      }
    } else {
      var hidden = root.classList.toggle("nav-hidden");
      store("gmplab-sidebar", hidden ? "hidden" : null);
    }
    menuState();
  });
  if (narrow.addEventListener) narrow.addEventListener("change", function () { document.body.classList.remove("nav-open"); menuState(); });
  menuState();
  if (backdrop) backdrop.addEventListener("click", function () { closeDrawer(false); });
  sidebar.addEventListener("click", function (e) { if (e.target.tagName === "A") closeDrawer(false); });
  sidebar.addEventListener("keydown", function (e) { if (e.key === "Escape") closeDrawer(true); });
  var cur = document.querySelector(".sidebar li.current");
  if (cur && cur.scrollIntoView && !narrow.matches) {
    var sr = sidebar.getBoundingClientRect(), cr = cur.getBoundingClientRect();
    sidebar.scrollTop += cr.top - sr.top - sr.height / 3;
  }

  // Anchors on headings.
  document.querySelectorAll(".page h2[id], .page h3[id]").forEach(function (h) {
    var a = document.createElement("a");
    a.className = "anchor"; a.href = "#" + h.id; a.textContent = "#";
    a.setAttribute("aria-label", "Link to the section " + h.textContent);
    h.appendChild(a);
  });

  // The section being read, marked in the table of contents.
  var secLinks = document.querySelectorAll(".sidebar .sections a");
  if (secLinks.length && "IntersectionObserver" in window) {
    var byId = {};
    secLinks.forEach(function (a) { byId[a.getAttribute("href").slice(1)] = a; });
    var io = new IntersectionObserver(function (es) {
      es.forEach(function (e) {
        if (e.isIntersecting && byId[e.target.id]) {
          secLinks.forEach(function (a) { a.classList.remove("active"); a.removeAttribute("aria-current"); });
          byId[e.target.id].classList.add("active");
          byId[e.target.id].setAttribute("aria-current", "location");
        }
      });
    }, { rootMargin: "0px 0px -70% 0px" });
    document.querySelectorAll(".page h2[id]").forEach(function (h) { io.observe(h); });
  }

  // Copy buttons on code, outputs and commands.
  function copyText(el) {
    if (el.classList.contains("cmd")) return el.querySelector("code").textContent;
    var c = el.querySelector("pre") || el;
    // Highlighted code: without its line numbers.
    var lines = c.querySelectorAll(".line .cl");
    if (lines.length) return Array.prototype.map.call(lines, function (l) { return l.textContent; }).join("");
    return c.textContent;
  }
  function copy(text) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      // A browser that neither grants nor refuses (no focus, a prompt
      // nobody sees) would leave the button saying nothing: after two
      // seconds it is taken as refused.
      return Promise.race([navigator.clipboard.writeText(text), new Promise(function (ok, no) {
        setTimeout(function () { no(new Error("the clipboard did not answer")); }, 2000);
      })]);
    }
    return new Promise(function (ok, no) {
      var t = document.createElement("textarea");
      t.value = text; t.setAttribute("readonly", ""); t.style.position = "fixed"; t.style.opacity = "0";
      document.body.appendChild(t); t.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (e) {}
      t.remove();
      if (done) ok(); else no(new Error("copy refused"));
    });
  }
  document.querySelectorAll(".page .cell .cmd, .page .cell.source .chroma, .page .cell pre.output, .page > pre, .page li > pre, .page .aside pre").forEach(function (el) {
    var what = el.classList.contains("cmd") ? "the command" : el.classList.contains("output") ? "the output" : "the code";
    var b = document.createElement("button");
    b.type = "button"; b.className = "copy"; b.textContent = "Copy";
    b.setAttribute("aria-label", "Copy " + what);
    b.addEventListener("click", function () {
      // The answer shows for 1.6 s from when it comes, however long the
      // clipboard took.
      var back = function () { setTimeout(function () { b.textContent = "Copy"; b.classList.remove("done"); }, 1600); };
      b.classList.add("done");
      copy(copyText(el)).then(function () { b.textContent = "Copied"; back(); }, function () { b.textContent = "Select and copy"; back(); });
    });
    // What scrolls holds its button in a wrapper that does not, where the
    // button covers nothing at any scroll: beside a command (one line), in
    // a strip of its own above a block of lines (which may scroll down as
    // well as sideways, so the strip is outside what scrolls).
    // A source cell's block has its file's name above it: the button goes
    // beside the name.
    var host = document.createElement("div");
    var cap = el.previousElementSibling;
    if (el.classList.contains("chroma") && cap && cap.tagName === "FIGCAPTION") {
      host.className = "copyable copy-beside";
      cap.parentNode.insertBefore(host, cap);
      host.appendChild(cap);
      host.appendChild(b);
      return;
    }
    host.className = "copyable " + (el.classList.contains("cmd") ? "copy-beside" : "copy-above");
    el.parentNode.insertBefore(host, el);
    host.appendChild(el);
    host.appendChild(b);
  });

  // A table wider than its column scrolls sideways in its own box: a
  // fading edge on each side where there is more to see, and a line above
  // the table saying so, as long as it is wider (a resize may change it).
  var tables = [];
  document.querySelectorAll(".page table").forEach(function (t) {
    var box = document.createElement("div");
    box.className = "table-scroll";
    t.parentNode.insertBefore(box, t);
    box.appendChild(t);
    var hint = document.createElement("p");
    hint.className = "table-hint";
    hint.hidden = true;
    hint.textContent = "\u21c6 Wider than the page: scroll the table sideways to see all of it.";
    box.parentNode.insertBefore(hint, box);
    var edges = function () {
      var wide = t.scrollWidth > t.clientWidth + 1;
      hint.hidden = !wide;
      box.classList.toggle("more-left", wide && t.scrollLeft > 1);
      box.classList.toggle("more-right", wide && t.scrollLeft + t.clientWidth < t.scrollWidth - 1);
    };
    t.addEventListener("scroll", edges, {passive: true});
    tables.push(edges);
    edges();
  });

  // What scrolls sideways or down can be scrolled from the keyboard: it
  // takes the focus (WCAG 2.1.1, axe's scrollable-region-focusable).
  function focusable() {
    document.querySelectorAll(".page pre, .page .cmd, .page .timeline-scroll, .page table, .st-line, .st-code, .st-out, .results").forEach(function (el) {
      var scrolls = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      if (scrolls && !el.hasAttribute("tabindex")) {
        el.tabIndex = 0;
        el.setAttribute("data-scroll-focus", "");
        if (!el.getAttribute("aria-label") && !el.getAttribute("role")) {
          el.setAttribute("role", "region");
          el.setAttribute("aria-label", el.classList.contains("cmd") ? "command" : el.classList.contains("timeline-scroll") ? "timeline" : el.tagName === "TABLE" ? "table" : "code or output");
        }
      } else if (!scrolls && el.hasAttribute("data-scroll-focus")) {
        el.removeAttribute("tabindex");
        el.removeAttribute("data-scroll-focus");
      }
    });
  }
  window.gmplabFocusable = focusable;
  focusable();
  var rt = null;
  window.addEventListener("resize", function () {
    clearTimeout(rt);
    rt = setTimeout(function () { focusable(); tables.forEach(function (f) { f(); }); }, 150);
  });

  // Search: a small index, loaded on first use.
  var input = document.getElementById("search");
  var list = document.querySelector(".results");
  var loading = false, sel = -1, pending = null;
  // loadIndex calls then once the index is there. While it loads, the
  // latest caller's then is the one that runs (a query typed meanwhile).
  function loadIndex(then) {
    if (window.GMPLAB_SEARCH) return then();
    pending = then;
    if (loading) return;
    loading = true;
    var s = document.createElement("script");
    s.src = base + "search-index.js";
    s.onload = function () { var f = pending; pending = null; if (f) f(); };
    document.head.appendChild(s);
  }
  function esc(s) { return s.replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }
  function reEsc(w) { return w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }
  function snippet(x, words) {
    var lx = x.toLowerCase(), at = -1;
    for (var i = 0; i < words.length && at < 0; i++) at = lx.indexOf(words[i]);
    var start = Math.max(0, at - 50), s = (start > 0 ? "…" : "") + x.slice(start, start + 150) + (x.length > start + 150 ? "…" : "");
    s = esc(s);
    words.forEach(function (w) {
      if (w.length > 1) s = s.replace(new RegExp("(" + reEsc(esc(w)) + ")", "ig"), "<mark>$1</mark>");
    });
    return s;
  }
  // score ranks an entry: the words in its section's title first, then
  // in its text (more for more mentions), then in its page's title.
  function score(e, words) {
    var t = e.t.toLowerCase(), p = e.p.toLowerCase(), x = e.x.toLowerCase(), total = 0;
    for (var i = 0; i < words.length; i++) {
      var w = words[i], s = 0;
      if (t.indexOf(w) >= 0) s += 10;
      if (x.indexOf(w) >= 0) s += 2 + Math.min(6, x.split(w).length - 1) * 0.5;
      if (p.indexOf(w) >= 0) s += 1;
      if (!s) return 0;
      total += s;
    }
    return total;
  }
  function search() {
    var q = input.value.trim().toLowerCase();
    list.innerHTML = ""; sel = -1;
    if (!q) { list.hidden = true; input.setAttribute("aria-expanded", "false"); return; }
    var words = q.split(/\s+/), hits = [];
    window.GMPLAB_SEARCH.forEach(function (e, i) {
      var s = score(e, words);
      if (s) hits.push({ e: e, s: s, i: i });
    });
    hits.sort(function (a, b) { return b.s - a.s || a.i - b.i; });
    var hl = "?highlight=" + encodeURIComponent(q);
    hits.slice(0, 12).forEach(function (h, n) {
      var li = document.createElement("li");
      var u = h.e.u.split("#");
      li.id = "result-" + n;
      li.setAttribute("role", "option");
      li.innerHTML = '<a href="' + esc(base + u[0] + hl + (u[1] ? "#" + u[1] : "")) + '">' + (h.e.t === h.e.p ? "" : '<span class="r-page">' + esc(h.e.p) + "</span>") + esc(h.e.t) +
        '<span class="r-snip">' + snippet(h.e.x, words) + "</span></a>";
      list.appendChild(li);
    });
    if (!hits.length) list.innerHTML = '<li role="option"><a>Nothing matches “' + esc(q) + '”.</a></li>';
    list.hidden = false;
    input.setAttribute("aria-expanded", "true");
  }
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", "Search results");
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-controls", "search-results");
  input.setAttribute("aria-expanded", "false");
  list.id = "search-results";
  input.addEventListener("focus", function () { loadIndex(function () {}); });
  input.addEventListener("input", function () { loadIndex(search); });
  input.addEventListener("keydown", function (e) {
    var as = list.querySelectorAll("a[href]");
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      sel = Math.max(0, Math.min(as.length - 1, sel + (e.key === "ArrowDown" ? 1 : -1)));
      as.forEach(function (a, i) { a.classList.toggle("sel", i === sel); });
      if (as[sel]) { input.setAttribute("aria-activedescendant", "result-" + sel); as[sel].scrollIntoView({ block: "nearest" }); }
    } else if (e.key === "Enter" && as.length) {
      location.href = as[Math.max(sel, 0)].href;
    } else if (e.key === "Escape") {
      input.value = ""; list.hidden = true; input.setAttribute("aria-expanded", "false"); input.blur();
    }
  });
  document.addEventListener("click", function (e) { if (!e.target.closest(".search")) { list.hidden = true; input.setAttribute("aria-expanded", "false"); } });

  // The words searched for, marked on the page a result opened (as mdBook
  // does); Escape or the bar's button clears them.
  var hlq = new URLSearchParams(location.search).get("highlight");
  if (hlq) {
    var words = hlq.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 1; });
    var re = words.length ? new RegExp("(" + words.map(reEsc).join("|") + ")", "ig") : null;
    var marks = [];
    if (re) {
      var walker = document.createTreeWalker(document.querySelector(".page"), NodeFilter.SHOW_TEXT, {
        acceptNode: function (n) {
          var p = n.parentNode;
          if (!n.nodeValue.trim() || p.closest("script, style, textarea, .stepper, .timeline-svg, button")) return NodeFilter.FILTER_REJECT;
          return NodeFilter.FILTER_ACCEPT;
        }
      });
      var texts = [];
      while (walker.nextNode()) texts.push(walker.currentNode);
      texts.forEach(function (n) {
        var v = n.nodeValue;
        re.lastIndex = 0;
        if (!re.test(v)) return;
        var frag = document.createDocumentFragment(), last = 0;
        v.replace(re, function (m, g, at) {
          frag.appendChild(document.createTextNode(v.slice(last, at)));
          var mk = document.createElement("mark");
          mk.className = "hit"; mk.textContent = m;
          frag.appendChild(mk); marks.push(mk);
          last = at + m.length;
        });
        frag.appendChild(document.createTextNode(v.slice(last)));
        n.parentNode.replaceChild(frag, n);
      });
    }
    if (marks.length) {
      var bar = document.createElement("div");
      bar.className = "hits-bar";
      bar.setAttribute("role", "status");
      bar.appendChild(document.createTextNode(marks.length + " match" + (marks.length === 1 ? "" : "es") + " for “" + hlq + "” on this page "));
      var clear = document.createElement("button");
      clear.type = "button"; clear.textContent = "Clear (Esc)";
      bar.appendChild(clear);
      document.querySelector("main").insertBefore(bar, document.querySelector("main").firstChild);
      var unmark = function () {
        marks.forEach(function (m) { m.replaceWith(document.createTextNode(m.textContent)); });
        marks = [];
        bar.remove();
        var u = new URL(location.href);
        u.searchParams.delete("highlight");
        history.replaceState(null, "", u.pathname + u.search + u.hash);
      };
      clear.addEventListener("click", unmark);
      document.addEventListener("keydown", function (e) { if (e.key === "Escape" && marks.length && !e.target.closest("input, textarea, .stepper")) unmark(); });
      if (!location.hash) marks[0].scrollIntoView({ block: "center" });
    }
  }

  document.addEventListener("keydown", function (e) {
    var t = e.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA" || t === "SELECT" || e.ctrlKey || e.metaKey || e.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    var inWidget = document.activeElement && document.activeElement.closest && document.activeElement.closest(".stepper");
    if (e.key === "Escape" && document.body.classList.contains("nav-open")) closeDrawer(true);
    else if (inWidget) return;
    else if (e.key === "/" || e.key === "s") { e.preventDefault(); input.focus(); }
    else if (e.key === "t") setTheme(root.getAttribute("data-theme") === "dark" ? "light" : "dark");
    else if (e.key === "ArrowLeft" && !e.shiftKey) { var p = document.querySelector("a[rel=prev]"); if (p) location.href = p.href; }
    else if (e.key === "ArrowRight" && !e.shiftKey) { var n = document.querySelector("a[rel=next]"); if (n) location.href = n.href; }
  });

  // Quizzes, checked here: the verdict, and each marked choice, in words
  // as well as in colour.
  document.querySelectorAll(".quiz").forEach(function (q) {
    var right = +q.getAttribute("data-right");
    var ans = q.querySelector(".quiz-answer"), verdict = q.querySelector(".verdict");
    var buttons = q.querySelectorAll(".choices button");
    buttons.forEach(function (b) {
      b.addEventListener("click", function () {
        var i = +b.getAttribute("data-i");
        buttons.forEach(function (o) {
          o.classList.remove("right", "wrong");
          o.setAttribute("aria-pressed", o === b ? "true" : "false");
          var s = o.querySelector(".said");
          if (s) s.remove();
        });
        var say = function (o, cls, words) {
          o.classList.add(cls);
          var s = document.createElement("span");
          s.className = "said"; s.textContent = words;
          o.appendChild(s);
        };
        if (i === right) say(b, "right", "✓ Your answer: right");
        else {
          say(b, "wrong", "✗ Your answer: not this one");
          say(q.querySelector('.choices button[data-i="' + right + '"]'), "right", "✓ The answer");
        }
        verdict.className = "verdict " + (i === right ? "right" : "wrong");
        verdict.textContent = i === right ? "Right." : "Not quite: the answer is marked “✓ The answer”.";
        ans.hidden = false;
      });
    });
  });
})();
