// gmplab's book: theme, table of contents, search and quizzes. No framework.
(function () {
  "use strict";
  var base = document.body.getAttribute("data-base") || "";
  var root = document.documentElement;

  // Light and dark.
  function setTheme(t) {
    root.setAttribute("data-theme", t);
    try { localStorage.setItem("gmplab-theme", t); } catch (e) {}
  }
  document.querySelector(".theme").addEventListener("click", function () {
    setTheme(root.getAttribute("data-theme") === "dark" ? "light" : "dark");
  });

  // The table of contents on a phone.
  var menu = document.querySelector(".menu");
  menu.addEventListener("click", function () {
    var open = document.body.classList.toggle("nav-open");
    menu.setAttribute("aria-expanded", open ? "true" : "false");
  });
  document.querySelector(".sidebar").addEventListener("click", function (e) {
    if (e.target.tagName === "A") document.body.classList.remove("nav-open");
  });
  var cur = document.querySelector(".sidebar li.current");
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: "center" });

  // Anchors on headings.
  document.querySelectorAll(".page h2[id], .page h3[id]").forEach(function (h) {
    var a = document.createElement("a");
    a.className = "anchor"; a.href = "#" + h.id; a.textContent = "#";
    a.setAttribute("aria-label", "Link to this section");
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
          secLinks.forEach(function (a) { a.classList.remove("active"); });
          byId[e.target.id].classList.add("active");
        }
      });
    }, { rootMargin: "0px 0px -70% 0px" });
    document.querySelectorAll(".page h2[id]").forEach(function (h) { io.observe(h); });
  }

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
  function snippet(x, words) {
    var lx = x.toLowerCase(), at = -1;
    for (var i = 0; i < words.length && at < 0; i++) at = lx.indexOf(words[i]);
    var start = Math.max(0, at - 50), s = (start > 0 ? "…" : "") + x.slice(start, start + 150) + (x.length > start + 150 ? "…" : "");
    s = esc(s);
    words.forEach(function (w) {
      if (w.length > 1) s = s.replace(new RegExp("(" + w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + ")", "ig"), "<mark>$1</mark>");
    });
    return s;
  }
  function search() {
    var q = input.value.trim().toLowerCase();
    list.innerHTML = ""; sel = -1;
    if (!q) { list.hidden = true; return; }
    var words = q.split(/\s+/), hits = [];
    window.GMPLAB_SEARCH.forEach(function (e) {
      var t = e.t.toLowerCase(), p = e.p.toLowerCase(), x = e.x.toLowerCase(), score = 0;
      for (var i = 0; i < words.length; i++) {
        var w = words[i], s = 0;
        if (t.indexOf(w) >= 0) s += 10;
        if (p.indexOf(w) >= 0) s += 3;
        if (x.indexOf(w) >= 0) s += 1 + Math.min(4, x.split(w).length - 1) * 0.5;
        if (!s) return;
        score += s;
      }
      hits.push({ e: e, s: score });
    });
    hits.sort(function (a, b) { return b.s - a.s; });
    hits.slice(0, 12).forEach(function (h) {
      var li = document.createElement("li");
      li.innerHTML = '<a href="' + base + h.e.u + '"><span class="r-page">' + esc(h.e.p) + "</span>" + esc(h.e.t) +
        '<span class="r-snip">' + snippet(h.e.x, words) + "</span></a>";
      list.appendChild(li);
    });
    if (!hits.length) list.innerHTML = '<li><a>Nothing matches “' + esc(q) + '”.</a></li>';
    list.hidden = false;
  }
  input.addEventListener("focus", function () { loadIndex(function () {}); });
  input.addEventListener("input", function () { loadIndex(search); });
  input.addEventListener("keydown", function (e) {
    var as = list.querySelectorAll("a[href]");
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      sel = Math.max(0, Math.min(as.length - 1, sel + (e.key === "ArrowDown" ? 1 : -1)));
      as.forEach(function (a, i) { a.classList.toggle("sel", i === sel); });
    } else if (e.key === "Enter" && as.length) {
      location.href = as[Math.max(sel, 0)].href;
    } else if (e.key === "Escape") {
      input.value = ""; list.hidden = true; input.blur();
    }
  });
  document.addEventListener("click", function (e) { if (!e.target.closest(".search")) list.hidden = true; });
  document.addEventListener("keydown", function (e) {
    var t = e.target.tagName;
    if (t === "INPUT" || t === "TEXTAREA" || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "/") { e.preventDefault(); input.focus(); }
    else if (e.key === "t") setTheme(root.getAttribute("data-theme") === "dark" ? "light" : "dark");
    else if (e.key === "ArrowLeft" && !document.activeElement.closest(".stepper")) { var p = document.querySelector("a[rel=prev]"); if (p) location.href = p.href; }
    else if (e.key === "ArrowRight" && !document.activeElement.closest(".stepper")) { var n = document.querySelector("a[rel=next]"); if (n) location.href = n.href; }
  });

  // Quizzes, checked here.
  document.querySelectorAll(".quiz").forEach(function (q) {
    var right = +q.getAttribute("data-right");
    var ans = q.querySelector(".quiz-answer"), verdict = q.querySelector(".verdict");
    q.querySelectorAll(".choices button").forEach(function (b) {
      b.addEventListener("click", function () {
        var i = +b.getAttribute("data-i");
        q.querySelectorAll(".choices button").forEach(function (o) { o.classList.remove("right", "wrong"); });
        b.classList.add(i === right ? "right" : "wrong");
        if (i !== right) q.querySelector('.choices button[data-i="' + right + '"]').classList.add("right");
        verdict.className = "verdict " + (i === right ? "right" : "wrong");
        verdict.textContent = i === right ? "Right." : "Not quite: the answer is marked.";
        ans.hidden = false;
      });
    });
  });
})();
