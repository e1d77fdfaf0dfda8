// gmplab's stepper widget: step a run's events forwards and backwards,
// see the board after each, edit the scenario and run it again. Every run,
// the scenario's own as well as an edited one, is computed in the page by
// the engine compiled to WebAssembly (assets/stepper.wasm, stepper.Run):
// the page ships no events, only the source and flags. The events are the
// lines `gmplab run` prints for the same program and flags.
(function () {
  "use strict";
  var base = document.body.getAttribute("data-base") || "";
  var wasm = null; // a promise of gmplabRun
  function engine() {
    if (wasm) return wasm;
    wasm = new Promise(function (resolve, reject) {
      if (typeof WebAssembly !== "object") {
        return reject(new Error("The stepper runs the scenario on the engine compiled to WebAssembly, which this browser does not have; the cells above show the same run."));
      }
      var s = document.createElement("script");
      s.src = base + "assets/wasm_exec.js";
      s.onerror = function () { reject(new Error("the WebAssembly module is not in this build (gmplab book build without --no-wasm)")); };
      s.onload = function () {
        var go = new Go();
        var url = base + "assets/stepper.wasm";
        var inst = WebAssembly.instantiateStreaming
          ? WebAssembly.instantiateStreaming(fetch(url), go.importObject).catch(function () {
              return fetch(url).then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
            })
          : fetch(url).then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
        inst.then(function (r) {
          go.run(r.instance);
          if (window.gmplabRun) resolve(window.gmplabRun);
          else window.addEventListener("gmplab-ready", function () { resolve(window.gmplabRun); }, { once: true });
        }, reject);
      };
      document.head.appendChild(s);
    });
    return wasm;
  }

  // compute runs a program on the engine in the page: a promise of
  // stepper.Run's answer, {trace} or {err}. The run itself is synchronous;
  // the timeout lets the page draw "running…" first.
  function compute(file, src, flags) {
    return engine().then(function (run) {
      return new Promise(function (resolve) {
        setTimeout(function () { resolve(JSON.parse(run(file, src, flags))); }, 0);
      });
    });
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function hue(g) { return (g * 137) % 360; }
  function chip(g, cls) {
    var c = el("span", "g" + (cls ? " " + cls : ""), "G" + g);
    c.style.setProperty("--g", hue(g));
    return c;
  }
  function queue(ids, max) {
    var q = el("span", "st-q");
    if (!ids.length) { q.appendChild(el("span", "", "—")); return q; }
    ids.slice(0, max).forEach(function (g) { q.appendChild(chip(g)); });
    if (ids.length > max) q.appendChild(el("span", "g more", "+" + (ids.length - max)));
    return q;
  }
  function row(label, content) {
    var r = el("div", "st-row");
    r.appendChild(el("span", "lab", label));
    r.appendChild(content);
    return r;
  }
  // expand turns the trace's boards (each the changes since the one
  // before) into whole boards.
  function expand(ds) {
    var out = [], cur = null;
    ds.forEach(function (d) {
      var b = { t: d.t, p: cur ? cur.p.slice() : [], g: cur ? cur.g : [], m: cur ? cur.m : [] };
      if (d.p) Object.keys(d.p).forEach(function (k) { b.p[+k] = d.p[k]; });
      if (d.g) b.g = d.g; else if (d.e) b.g = [];
      if (d.m) b.m = d.m;
      out.push(b);
      cur = b;
    });
    return out;
  }
  function ms(ns) { return (ns / 1e6).toFixed(6) + "ms"; }

  function Widget(root) {
    this.root = root;
    this.file = root.getAttribute("data-file");
    this.flags = root.getAttribute("data-flags");
    this.src = root.querySelector(".st-src");
    this.original = this.src.value;
    this.breaks = {};
    var self = this;
    (root.getAttribute("data-breaks") || "").split(/\s+/).forEach(function (k) { if (k) self.breaks[k] = true; });
    this.build();
    var load = function () {
      var t0 = performance.now();
      self.pos.textContent = "running…";
      compute(self.file, self.original, self.flags).then(function (res) {
        if (res.err) return self.fail(res.err);
        self.original_trace = res.trace;
        self.set(res.trace);
        self.took = performance.now() - t0; // from asking for the run to its first board drawn
      }, function (err) { self.fail(err.message); });
    };
    if ("IntersectionObserver" in window) {
      var io = new IntersectionObserver(function (es) {
        if (es.some(function (e) { return e.isIntersecting; })) { io.disconnect(); load(); }
      }, { rootMargin: "600px 0px" });
      io.observe(root);
    } else load();
  }

  Widget.prototype.build = function () {
    var self = this, r = this.root;
    r.tabIndex = 0;
    var bar = el("div", "st-bar");
    function btn(label, title, f) {
      var b = el("button");
      b.innerHTML = label;
      b.type = "button"; b.title = title; b.setAttribute("aria-label", title);
      b.addEventListener("click", f);
      bar.appendChild(b);
      return b;
    }
    this.bStart = btn("<svg viewBox=\"0 0 16 16\" width=\"14\" height=\"14\" aria-hidden=\"true\"><path d=\"M2 2h2v12H2zM14 2v12L5 8z\" fill=\"currentColor\"/></svg>", "Back to the start (Home)", function () { self.go(0); });
    this.bRevCont = btn("<svg viewBox=\"0 0 16 16\" width=\"14\" height=\"14\" aria-hidden=\"true\"><path d=\"M8 2v12L1 8zM15 2v12L8 8z\" fill=\"currentColor\"/></svg>", "Back to the previous breakpoint (Shift+←)", function () { self.cont(-1); });
    this.bBack = btn("<svg viewBox=\"0 0 16 16\" width=\"14\" height=\"14\" aria-hidden=\"true\"><path d=\"M12 2v12L4 8z\" fill=\"currentColor\"/></svg>", "Back one event (←)", function () { self.go(self.i - 1); });
    this.bFwd = btn("<svg viewBox=\"0 0 16 16\" width=\"14\" height=\"14\" aria-hidden=\"true\"><path d=\"M4 2v12l8-6z\" fill=\"currentColor\"/></svg>", "Forward one event (→)", function () { self.go(self.i + 1); });
    this.bCont = btn("<svg viewBox=\"0 0 16 16\" width=\"14\" height=\"14\" aria-hidden=\"true\"><path d=\"M1 2v12l7-6zM8 2v12l7-6z\" fill=\"currentColor\"/></svg>", "Forward to the next breakpoint (Shift+→)", function () { self.cont(1); });
    this.bEnd = btn("<svg viewBox=\"0 0 16 16\" width=\"14\" height=\"14\" aria-hidden=\"true\"><path d=\"M12 2h2v12h-2zM2 2v12l9-6z\" fill=\"currentColor\"/></svg>", "To the end (End)", function () { self.go(self.n); });
    this.slider = el("input");
    this.slider.type = "range"; this.slider.min = 0; this.slider.value = 0;
    this.slider.setAttribute("aria-label", "Event");
    this.slider.addEventListener("input", function () { self.go(+self.slider.value); });
    bar.appendChild(this.slider);
    this.jump = el("input");
    this.jump.type = "number"; this.jump.min = 0; this.jump.placeholder = "event #";
    this.jump.setAttribute("aria-label", "Jump to event number");
    this.jump.addEventListener("change", function () { self.go(+self.jump.value); });
    bar.appendChild(this.jump);
    this.pos = el("span", "st-pos", "loading…");
    bar.appendChild(this.pos);
    r.appendChild(bar);

    this.line = el("pre", "st-line");
    this.line.setAttribute("aria-live", "polite");
    r.appendChild(this.line);
    this.why = el("p", "st-why");
    r.appendChild(this.why);
    this.board = el("div", "st-board");
    r.appendChild(this.board);

    this.brk = el("details", "st-breaks");
    r.appendChild(this.brk);
    this.out = el("pre", "st-out");
    r.appendChild(this.out);

    var keys = el("p", "st-keys");
    keys.innerHTML = "Keys (click the widget first): <kbd>→</kbd> <kbd>←</kbd> step, <kbd>Shift</kbd>+<kbd>→</kbd> <kbd>←</kbd> to a breakpoint, <kbd>Home</kbd> <kbd>End</kbd>, <kbd>g</kbd> jump to an event, <kbd>e</kbd> edit.";
    r.appendChild(keys);

    var edit = el("div", "st-edit");
    var actions = el("div", "st-actions");
    this.bEdit = el("button", "", "Edit and run");
    this.bEdit.type = "button";
    this.bRun = el("button", "", "Run");
    this.bRun.type = "button"; this.bRun.hidden = true;
    this.bReset = el("button", "", "Reset");
    this.bReset.type = "button"; this.bReset.hidden = true;
    this.status = el("span", "st-status");
    actions.appendChild(this.bEdit); actions.appendChild(this.bRun); actions.appendChild(this.bReset); actions.appendChild(this.status);
    this.src.parentNode.removeChild(this.src);
    edit.appendChild(this.src);
    edit.appendChild(actions);
    r.appendChild(edit);
    this.bEdit.addEventListener("click", function () {
      self.src.hidden = !self.src.hidden;
      self.bRun.hidden = self.bReset.hidden = self.src.hidden;
      self.bEdit.textContent = self.src.hidden ? "Edit and run" : "Hide the source";
      if (!self.src.hidden) self.src.focus();
    });
    this.bRun.addEventListener("click", function () { self.run(); });
    this.bReset.addEventListener("click", function () {
      self.src.value = self.original;
      self.status.className = "st-status"; self.status.textContent = "";
      if (self.original_trace) self.set(self.original_trace);
    });
    this.src.addEventListener("keydown", function (e) {
      if ((e.ctrlKey || e.metaKey) && e.key === "Enter") { e.preventDefault(); self.run(); }
      else if (e.key === "Tab" && !e.shiftKey) {
        e.preventDefault();
        var s = self.src.selectionStart;
        self.src.setRangeText("\t", s, self.src.selectionEnd, "end");
      }
      e.stopPropagation();
    });
    r.addEventListener("keydown", function (e) { self.key(e); });
  };

  Widget.prototype.key = function (e) {
    var t = e.target.tagName;
    if (t === "TEXTAREA" || (t === "INPUT" && e.target.type === "number")) return;
    var k = e.key, done = true;
    if (k === "ArrowRight" || k === "l") { if (e.shiftKey) this.cont(1); else this.go(this.i + 1); }
    else if (k === "ArrowLeft" || k === "h") { if (e.shiftKey) this.cont(-1); else this.go(this.i - 1); }
    else if (k === "Home") this.go(0);
    else if (k === "End") this.go(this.n);
    else if (k === "g") this.jump.focus();
    else if (k === "e") this.bEdit.click();
    else done = false;
    if (done) { e.preventDefault(); e.stopPropagation(); }
  };

  Widget.prototype.set = function (tr) {
    this.tr = tr;
    this.boards = expand(tr.b);
    this.n = tr.l.length;
    this.slider.max = this.n;
    this.jump.max = this.n;
    // Breakpoints: one box per kind that the run has.
    var self = this, kinds = {};
    tr.k.forEach(function (k) { kinds[k] = (kinds[k] || 0) + 1; });
    this.brk.innerHTML = "";
    var sum = el("summary", "", "Breakpoints on event kinds");
    this.brk.appendChild(sum);
    Object.keys(kinds).sort().forEach(function (k) {
      var l = el("label"), c = el("input");
      c.type = "checkbox"; c.checked = !!self.breaks[k]; c.value = k;
      c.addEventListener("change", function () { self.breaks[k] = c.checked; });
      l.appendChild(c);
      l.appendChild(document.createTextNode(" " + k + " (" + kinds[k] + ")"));
      self.brk.appendChild(l);
    });
    if (Object.keys(this.breaks).some(function (k) { return self.breaks[k]; })) this.brk.open = true;
    this.out.textContent = (tr.o ? "Program output:\n" + tr.o : "") + (tr.x ? "\n" + tr.x : "") + (tr.c ? "\n(the run has more events than the widget keeps)" : "");
    this.go(0);
  };

  // fail says why the widget has no run to step through.
  Widget.prototype.fail = function (msg) {
    this.pos.textContent = "no run";
    this.line.textContent = msg;
    this.root.setAttribute("data-failed", "");
  };

  Widget.prototype.cont = function (dir) {
    for (var j = this.i + dir; j >= 1 && j <= this.n; j += dir) {
      if (this.breaks[this.tr.k[j - 1]]) return this.go(j);
    }
    this.go(dir > 0 ? this.n : 0);
  };

  Widget.prototype.go = function (i) {
    if (!this.tr) return;
    i = Math.max(0, Math.min(this.n, i | 0));
    var prev = this.i;
    this.i = i;
    this.slider.value = i;
    this.jump.value = i;
    var tr = this.tr, b = this.boards[i];
    this.pos.textContent = "event " + i + " of " + this.n + " · " + ms(b.t);
    this.bStart.disabled = this.bBack.disabled = this.bRevCont.disabled = i === 0;
    this.bFwd.disabled = this.bEnd.disabled = this.bCont.disabled = i === this.n;
    if (i === 0) {
      this.line.textContent = tr.h;
      this.why.textContent = "The start: nothing has run yet. Step forwards (→) to see the first scheduling decision.";
    } else {
      // The CLI prints the why on the lines under the event's, wrapped.
      var lines = tr.l[i - 1].split("\n");
      this.line.textContent = lines[0];
      this.why.innerHTML = "";
      this.why.appendChild(el("b", "", tr.k[i - 1]));
      this.why.appendChild(document.createTextNode(" " + lines.slice(1).map(function (l) { return l.trim(); }).join(" ")));
    }
    this.draw(b, prev != null && prev !== i ? this.boards[prev] : null);
  };

  Widget.prototype.draw = function (b, before) {
    var bd = this.board;
    bd.innerHTML = "";
    b.p.forEach(function (p, n) {
      var card = el("div", "st-p");
      var was = before && before.p[n];
      if (was && JSON.stringify(was) !== JSON.stringify(p)) card.classList.add("changed");
      var h = el("h4");
      h.appendChild(el("b", "", "P" + n));
      h.appendChild(el("span", "", p.s + (p.m >= 0 ? " · M" + p.m : "")));
      card.appendChild(h);
      card.appendChild(row("runs", p.g >= 0 ? chip(p.g, "run") : el("span", "", "—")));
      card.appendChild(row("runnext", p.n >= 0 ? chip(p.n) : el("span", "", "—")));
      card.appendChild(row("runq", queue(p.q, 16)));
      bd.appendChild(card);
    });
    var g = el("div", "st-global");
    if (before && JSON.stringify(before.g) !== JSON.stringify(b.g)) g.classList.add("changed");
    var gh = el("h4");
    gh.appendChild(el("b", "", "global queue"));
    gh.appendChild(el("span", "", b.g.length + " G" + (b.g.length === 1 ? "" : "s")));
    g.appendChild(gh);
    g.appendChild(queue(b.g, 24));
    bd.appendChild(g);
    var m = el("div", "st-ms");
    var mh = el("h4");
    mh.appendChild(el("b", "", "Ms"));
    mh.appendChild(el("span", "", b.m.length + " thread" + (b.m.length === 1 ? "" : "s")));
    m.appendChild(mh);
    var list = el("div", "st-mlist");
    b.m.forEach(function (x) {
      var s = "M" + x.i + (x.sm ? " sysmon" : "") + " " + x.s + (x.p >= 0 ? " P" + x.p : "") + (x.g >= 0 ? " G" + x.g : "") + (x.sp ? " spinning" : "");
      list.appendChild(el("span", x.sp ? "spin" : "", s));
    });
    m.appendChild(list);
    bd.appendChild(m);
  };

  Widget.prototype.run = function () {
    var self = this;
    this.status.className = "st-status";
    this.status.textContent = "Running…";
    compute(this.file, this.src.value, this.flags).then(function (res) {
      if (res.err) {
        self.status.className = "st-status err";
        self.status.textContent = res.err;
        return;
      }
      self.set(res.trace);
      self.status.textContent = "Ran your version: " + res.trace.l.length + " events.";
      self.root.setAttribute("data-ran", String((+self.root.getAttribute("data-ran") || 0) + 1));
    }, function (err) {
      self.status.className = "st-status err";
      self.status.textContent = err.message;
    });
  };

  document.querySelectorAll(".stepper").forEach(function (r) { r.widget = new Widget(r); });
})();
