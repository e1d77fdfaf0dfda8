// gmplab's stepper widget: step a run's events forwards and backwards as
// Python Tutor steps a program's lines. At every event the widget shows the
// event's line as `gmplab run` prints it and why it happened, the source
// line it happened at (and, beside the source, the line each G on the
// board is at), the board (each P's running G, runnext and ring, the
// global queue, the Ms), the run's per-P timeline with a cursor at the
// event, and the program's output as far as it has got. A reader can edit
// the scenario or its flags and run it again, stop any run, and copy a
// link to the moment (the program, its flags and the event), which opens
// the widget there. Every run is computed off the page by the engine
// compiled to WebAssembly (assets/engine.js, stepper.Run): the page ships
// no events, only the source and flags.
(function () {
  "use strict";
  var engine = window.gmplabEngine;
  var perm = window.gmplabPermalink;
  var SVGNS = "http://www.w3.org/2000/svg";

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function svg(tag, attrs) {
    var e = document.createElementNS(SVGNS, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  function hue(g) { return (g * 137) % 360; }
  function ms(ns) { return (ns / 1e6).toFixed(6) + "ms"; }
  function num(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
  function secs(t) { return (t / 1000).toFixed(1) + " s"; }

  // expand turns the trace's boards (each the changes since the one
  // before) into whole boards, and keeps, every 64 boards, the source line
  // of each G on that board: lineOf finds a G's line from the nearest such
  // checkpoint and the changes after it.
  var CHECK = 64;
  function expand(tr) {
    var out = [], cur = null, lines = {}, checks = [];
    tr.b.forEach(function (d, i) {
      var b = { t: d.t, p: cur ? cur.p.slice() : [], g: cur ? cur.g : [], gn: cur ? cur.gn : 0, m: cur ? cur.m : [], l: d.l };
      if (d.p) Object.keys(d.p).forEach(function (k) { b.p[+k] = d.p[k]; });
      if (d.g) { b.g = d.g; b.gn = d.gn || d.g.length; } else if (d.e) { b.g = []; b.gn = 0; }
      if (d.m) b.m = d.m;
      if (d.l) for (var g in d.l) lines[g] = d.l[g];
      if (i % CHECK === 0) {
        var keep = {};
        shown(b).forEach(function (g) { if (g in lines) keep[g] = lines[g]; });
        checks.push(keep);
        lines = Object.assign({}, keep);
      }
      out.push(b);
      cur = b;
    });
    out.checks = checks;
    return out;
  }
  // shown is the Gs a board shows.
  function shown(b) {
    var s = [];
    b.p.forEach(function (p) { if (p.g >= 0) s.push(p.g); if (p.n >= 0) s.push(p.n); s.push.apply(s, p.q); });
    s.push.apply(s, b.g);
    b.m.forEach(function (m) { if (m.g >= 0) s.push(m.g); });
    return s;
  }
  function lineOf(boards, i, g) {
    var k = i - i % CHECK;
    for (var j = i; j > k; j--) if (boards[j].l && g in boards[j].l) return boards[j].l[g];
    return boards.checks[k / CHECK][g] || 0;
  }

  // The keys, for the help and the widget's own line.
  var KEYS = [
    ["→ or l", "forward one event"], ["←", "back one event"],
    ["Shift+→ / Shift+←", "forward / back to the next breakpoint"],
    ["Home / End", "the start / the end"], ["g", "go to an event: type its number, then Enter"],
    ["b", "break on the current event's kind (or stop breaking on it)"],
    ["e", "edit the program and its flags (Ctrl+Enter runs, Esc leaves the editor)"],
    ["Esc", "stop a run that is going on"], ["k", "copy a link to this moment"], ["?", "this help"]
  ];

  var help = null;
  function showHelp(from) {
    if (!help) {
      help = el("dialog", "st-help");
      help.setAttribute("aria-labelledby", "st-help-title");
      var h = el("h2", "", "The stepper's keys");
      h.id = "st-help-title";
      help.appendChild(h);
      help.appendChild(el("p", "", "Once a widget has the focus (click it, or Tab to it):"));
      var t = el("table");
      KEYS.forEach(function (k) {
        var tr = el("tr"), th = el("th"), td = el("td", "", k[1]);
        th.scope = "row";
        k[0].split(" ").forEach(function (w) { if (w === "/" || w === "or" || w === "then") th.appendChild(document.createTextNode(" " + w + " ")); else th.appendChild(el("kbd", "", w)); });
        tr.appendChild(th); tr.appendChild(td); t.appendChild(tr);
      });
      help.appendChild(t);
      help.appendChild(el("p", "", "Outside a widget, ← and → go to the previous and next page, / searches and t switches the theme."));
      var close = el("button", "", "Close");
      close.type = "button";
      close.addEventListener("click", function () { help.close(); });
      help.appendChild(close);
      help.addEventListener("close", function () { if (help.from) help.from.focus(); });
      document.body.appendChild(help);
    }
    help.from = from;
    if (help.showModal) help.showModal(); else help.setAttribute("open", "");
  }

  function Widget(root) {
    this.root = root;
    this.file = root.getAttribute("data-file");
    this.flags0 = root.getAttribute("data-flags");
    // A replay cell's widget holds an execution trace (base64) instead of
    // a program: the engine replays it (stepper.Replay), and there is no
    // source to show, edit or print from.
    this.trace = root.getAttribute("data-replay");
    this.flags = this.flags0;
    var ta = root.querySelector(".st-src");
    this.cmd = root.querySelector(".st-cmd");
    this.original = ta.value;
    this.source = this.original;
    this.breaks = {};
    var self = this;
    (root.getAttribute("data-breaks") || "").split(/\s+/).forEach(function (k) { if (k) self.breaks[k] = true; });
    this.build(ta);
    this.loaded = false;
    var why = engine.unavailable();
    if (why) { this.loaded = true; this.fail(why); return; }
    if ("IntersectionObserver" in window) {
      var io = new IntersectionObserver(function (es) {
        if (es.some(function (e) { return e.isIntersecting; })) { io.disconnect(); self.load(); }
      }, { rootMargin: "600px 0px" });
      io.observe(root);
      this.io = io;
    } else this.load();
  }

  // load computes the scenario's run, once.
  Widget.prototype.load = function (then) {
    if (this.loaded) { if (then) then(); return; }
    this.loaded = true;
    if (this.io) this.io.disconnect();
    var self = this, t0 = performance.now();
    this.compute(this.original, this.flags0, false, function (res) {
      self.original_trace = res.trace;
      self.took = performance.now() - t0; // from asking for the run to its first board drawn
      self.usableAt = performance.now();  // since the page's navigation started
      if (then) then();
    });
  };

  Widget.prototype.build = function (ta) {
    var self = this, r = this.root;
    r.tabIndex = 0;
    r.setAttribute("role", "region");
    r.setAttribute("aria-label", "Stepper: " + this.file.split("/").pop());
    r.setAttribute("aria-keyshortcuts", "ArrowRight ArrowLeft Home End g b e k ?");
    var bar = el("div", "st-bar");
    function btn(parent, label, title, f, cls) {
      var b = el("button", cls || "");
      b.innerHTML = label;
      b.type = "button"; b.title = title;
      // An icon is named by its title; a button with words keeps them as
      // its name (what a reader sees is what a screen reader says).
      if (label.charAt(0) === "<") b.setAttribute("aria-label", title);
      b.addEventListener("click", f);
      parent.appendChild(b);
      return b;
    }
    function icon(d) { return "<svg viewBox=\"0 0 16 16\" width=\"14\" height=\"14\" aria-hidden=\"true\"><path d=\"" + d + "\" fill=\"currentColor\"/></svg>"; }
    this.bStart = btn(bar, icon("M2 2h2v12H2zM14 2v12L5 8z"), "Back to the start (Home)", function () { self.go(0); });
    this.bRevCont = btn(bar, icon("M8 2v12L1 8zM15 2v12L8 8z"), "Back to the previous breakpoint (Shift+←)", function () { self.cont(-1); });
    this.bBack = btn(bar, icon("M12 2v12L4 8z"), "Back one event (←)", function () { self.go(self.i - 1); });
    this.bFwd = btn(bar, icon("M4 2v12l8-6z"), "Forward one event (→)", function () { self.go(self.i + 1); });
    this.bCont = btn(bar, icon("M1 2v12l7-6zM8 2v12l7-6z"), "Forward to the next breakpoint (Shift+→)", function () { self.cont(1); });
    this.bEnd = btn(bar, icon("M12 2h2v12h-2zM2 2v12l9-6z"), "To the end (End)", function () { self.go(self.n); });
    this.slider = el("input");
    this.slider.type = "range"; this.slider.min = 0; this.slider.value = 0;
    this.slider.setAttribute("aria-label", "Event");
    this.slider.addEventListener("input", function () { self.go(+self.slider.value); });
    bar.appendChild(this.slider);
    this.jump = el("input");
    this.jump.type = "number"; this.jump.min = 0; this.jump.placeholder = "event #";
    this.jump.setAttribute("aria-label", "Go to event number (g)");
    this.jump.addEventListener("change", function () { if (self.jump.value !== "") self.go(+self.jump.value); });
    this.jump.addEventListener("keydown", function (e) {
      if (e.key === "Enter") { e.preventDefault(); if (self.jump.value !== "") self.go(+self.jump.value); self.root.focus(); }
      else if (e.key === "Escape") { e.preventDefault(); self.jump.value = self.i; self.root.focus(); }
      e.stopPropagation();
    });
    bar.appendChild(this.jump);
    this.pos = el("span", "st-pos", "waiting for the engine…");
    bar.appendChild(this.pos);
    this.bStop = btn(bar, "Stop", "Stop this run (Esc)", function () { self.stop(); }, "st-stop");
    this.bStop.hidden = true;
    r.appendChild(bar);
    this.steps = [this.bStart, this.bRevCont, this.bBack, this.bFwd, this.bCont, this.bEnd, this.slider, this.jump];
    this.enable(false);

    this.status = el("p", "st-status");
    this.status.setAttribute("role", "status");
    r.appendChild(this.status);
    this.line = el("pre", "st-line");
    this.line.setAttribute("aria-live", "polite");
    r.appendChild(this.line);
    this.why = el("p", "st-why");
    r.appendChild(this.why);

    var main = el("div", "st-main");
    this.code = el("div", "st-code");
    this.code.setAttribute("role", "region");
    this.code.setAttribute("aria-label", "the source, with the event's line marked");
    this.code.tabIndex = 0;
    main.appendChild(this.code);
    this.editor = el("div", "st-editor");
    this.editor.hidden = true;
    var note = el("p", "st-note", "Edit, then Run (Ctrl+Enter). Tab indents; Esc leaves the editor.");
    note.id = "st-note-" + Math.random().toString(36).slice(2);
    ta.hidden = false;
    ta.setAttribute("aria-describedby", note.id);
    ta.setAttribute("wrap", "off");
    this.src = ta;
    var fl = el("label", "st-flags");
    fl.appendChild(document.createTextNode("Flags "));
    this.flagsIn = el("input");
    this.flagsIn.type = "text"; this.flagsIn.spellcheck = false; this.flagsIn.value = this.flags;
    fl.appendChild(this.flagsIn);
    var acts = el("div", "st-actions");
    this.bRun = btn(acts, "Run", "Run this version (Ctrl+Enter)", function () { self.runEdited(); }, "st-run");
    this.bReset = btn(acts, "Reset", "Back to the lesson's program and flags", function () { self.reset(); }, "st-reset");
    this.bCancel = btn(acts, "Close the editor", "Close the editor (the run shown stays)", function () { self.edit(false); }, "st-close");
    // The actions after the textarea: Escape leaves it for Run, and Tab
    // goes on from there out of the editor, never back into it.
    this.editor.appendChild(fl);
    this.editor.appendChild(ta);
    this.editor.appendChild(note);
    this.editor.appendChild(acts);
    main.appendChild(this.editor);
    this.board = el("div", "st-board");
    main.appendChild(this.board);
    r.appendChild(main);

    this.tl = el("div", "st-tl");
    r.appendChild(this.tl);
    this.out = el("pre", "st-out");
    this.out.tabIndex = 0;
    this.out.setAttribute("role", "region");
    this.out.setAttribute("aria-label", "the program's output so far");
    r.appendChild(this.out);
    this.brk = el("details", "st-breaks");
    this.brk.appendChild(el("summary", "", "Breakpoints on event kinds"));
    r.appendChild(this.brk);

    var foot = el("div", "st-foot");
    this.bEdit = btn(foot, "Edit and run", "Edit the program and its flags, and run it (e)", function () { self.edit(self.editor.hidden); }, "st-edit-btn");
    this.bLink = btn(foot, "Link to this event", "Copy a link to this program, its flags and this event (k)", function () { self.link(); }, "st-link");
    btn(foot, "Keys <kbd>?</kbd>", "The stepper's keys (?)", function () { showHelp(self.root); }, "st-keys-btn");
    r.appendChild(foot);
    if (this.trace) this.bEdit.hidden = this.code.hidden = this.out.hidden = true;

    this.src.addEventListener("keydown", function (e) {
      if ((e.ctrlKey || e.metaKey) && e.key === "Enter") { e.preventDefault(); self.runEdited(); }
      else if (e.key === "Escape") { e.preventDefault(); self.bRun.focus(); }
      else if (e.key === "Tab" && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) {
        e.preventDefault();
        self.src.setRangeText("\t", self.src.selectionStart, self.src.selectionEnd, "end");
      }
      e.stopPropagation();
    });
    this.flagsIn.addEventListener("keydown", function (e) {
      if (e.key === "Enter") { e.preventDefault(); self.runEdited(); }
      e.stopPropagation();
    });
    r.addEventListener("keydown", function (e) { self.key(e); });
  };

  Widget.prototype.enable = function (on) {
    this.steps.forEach(function (b) { b.disabled = !on; });
  };

  Widget.prototype.key = function (e) {
    var t = e.target;
    if (t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type !== "range" && t.type !== "checkbox")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    var k = e.key, done = true;
    if (k === "Escape" && this.job) this.stop();
    else if (k === "?") showHelp(this.root);
    else if (k === "e") this.edit(this.editor.hidden);
    else if (!this.tr) done = false;
    else if (t.type === "range" && !e.shiftKey && (k === "ArrowRight" || k === "ArrowLeft" || k === "Home" || k === "End")) done = false; // the slider's own
    else if (k === "ArrowRight" || k === "l") { if (e.shiftKey) this.cont(1); else this.go(this.i + 1); }
    else if (k === "ArrowLeft" || k === "h") { if (e.shiftKey) this.cont(-1); else this.go(this.i - 1); }
    else if (k === "Home") this.go(0);
    else if (k === "End") this.go(this.n);
    else if (k === "g") { this.jump.value = ""; this.jump.focus(); }
    else if (k === "b" && this.i > 0) this.toggleBreak(this.tr.k[this.i - 1]);
    else if (k === "k") this.link();
    else done = false;
    if (done) { e.preventDefault(); e.stopPropagation(); }
  };

  // compute runs a program and shows its run; then(res) after a run that
  // worked. edited: the reader's version, said so in the status.
  Widget.prototype.compute = function (src, flags, edited, then) {
    var self = this;
    if (this.job) this.job.stop();
    var t0 = performance.now(), events = 0;
    this.root.setAttribute("data-running", "");
    this.bStop.hidden = false;
    var tick = function () {
      self.status.className = "st-status";
      self.status.textContent = "Running" + (edited ? " your version" : "") + " on the engine… " + secs(performance.now() - t0) +
        (events ? " · " + num(events) + " events" : "") + ". Esc or Stop ends it.";
    };
    tick();
    if (!this.tr) this.pos.textContent = "running…";
    var timer = setInterval(tick, 250);
    var job = this.job = engine.run(this.file, src, flags, function (n) { events = n; }, this.trace);
    var end = function () {
      clearInterval(timer);
      if (self.job === job) self.job = null;
      self.root.removeAttribute("data-running");
      self.bStop.hidden = true;
    };
    job.done.then(function (res) {
      end();
      if (res.err) {
        if (res.engine) return self.fail(res.err);
        self.status.className = "st-status err";
        self.status.textContent = res.err;
        if (!self.tr) self.fail("the program does not compile: " + res.err);
        return;
      }
      self.source = src;
      self.flags = flags;
      self.cmd.textContent = self.trace ? "gmplab replay " + self.file :
        "gmplab run " + self.file + " " + flags + (src !== self.original ? "   (your edited version of the file)" : "");
      var t1 = performance.now();
      self.set(res.trace, edited);
      self.setMs = performance.now() - t1;
      self.say(res.trace, edited, performance.now() - t0);
      if (then) then(res);
    }, function (why) {
      end();
      if (!why || !why.stopped) return;
      self.status.className = "st-status warn";
      self.status.textContent = "Stopped after " + secs(performance.now() - t0) + (events ? " and " + num(events) + " events" : "") + "." +
        (self.tr ? " The widget still shows the run before." : "");
      if (!self.tr) self.pos.textContent = "no run";
    });
  };

  // say tells how a run went: its length, the limit that stopped it, and
  // where the widget cut it.
  Widget.prototype.say = function (tr, edited, took) {
    var s = edited ? "Ran your version: " + num(tr.n) + " events" : "";
    var warn = false;
    if (tr.lim) {
      warn = true;
      s += (s ? ". " : "") + "The run hit gmplab's --" + tr.lim + " limit and was stopped there (raise it in the flags: Edit and run).";
    }
    if (tr.c) {
      warn = true;
      s += (s ? " " : "") + "The run has " + num(tr.n) + " events; the widget keeps the first " + num(tr.l.length) +
        " (its limit, not gmplab run's: gmplab run shows them all).";
    }
    if (edited && !tr.lim && !tr.c) s += ".";
    this.status.className = "st-status" + (warn ? " warn" : "");
    this.status.textContent = s;
    this.root.setAttribute("data-took", String(Math.round(took)));
  };

  Widget.prototype.set = function (tr, edited) {
    this.tr = tr;
    var P = this.prof = {}, T = performance.now();
    this.boards = expand(tr);
    P.expand = performance.now() - T;
    this.n = tr.l.length;
    this.slider.max = this.n;
    this.jump.max = this.n;
    this.i = 0;
    this.enable(true);
    this.root.removeAttribute("data-failed");
    this.root.classList.toggle("edited", !!edited);
    this.drawSource();
    P.source = performance.now() - T;
    this.drawTimeline();
    P.timeline = performance.now() - T;
    // Breakpoints: one box per kind that the run has.
    var self = this, kinds = {};
    tr.k.forEach(function (k) { kinds[k] = (kinds[k] || 0) + 1; });
    this.brk.querySelectorAll("label").forEach(function (l) { l.remove(); });
    this.boxes = {};
    Object.keys(kinds).sort().forEach(function (k) {
      var l = el("label"), c = el("input");
      c.type = "checkbox"; c.checked = !!self.breaks[k]; c.value = k;
      c.addEventListener("change", function () { self.breaks[k] = c.checked; });
      l.appendChild(c);
      l.appendChild(document.createTextNode(" " + k + " (" + kinds[k] + ")"));
      self.brk.appendChild(l);
      self.boxes[k] = c;
    });
    if (Object.keys(this.breaks).some(function (k) { return self.breaks[k]; })) this.brk.open = true;
    P.breaks = performance.now() - T;
    this.go(0);
    P.go = performance.now() - T;
  };

  Widget.prototype.toggleBreak = function (k) {
    this.breaks[k] = !this.breaks[k];
    if (this.boxes[k]) this.boxes[k].checked = this.breaks[k];
    this.brk.open = true;
    this.status.className = "st-status";
    this.status.textContent = (this.breaks[k] ? "Breaking on " : "No longer breaking on ") + k + ".";
  };

  // fail says why the widget has no run to step through.
  Widget.prototype.fail = function (msg) {
    this.pos.textContent = "no run";
    this.line.textContent = msg;
    this.why.textContent = "";
    this.status.textContent = "";
    this.enable(false);
    this.bEdit.disabled = this.bLink.disabled = true;
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
    this.root.setAttribute("data-event", String(i));
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
    this.mark(i);
    this.draw(i, prev != null && prev !== i ? this.boards[prev] : null);
    this.cursor(b.t);
    this.output(i);
  };

  // output shows what the program had printed by event i, and at the end
  // how the run ended.
  Widget.prototype.output = function (i) {
    var tr = this.tr, at = 0, op = tr.op || [];
    var lo = 0, hi = op.length - 1;
    while (lo <= hi) { var mid = (lo + hi) >> 1; if (op[mid][0] <= i) { at = op[mid][1]; lo = mid + 1; } else hi = mid - 1; }
    var s = "Program output" + (i < this.n ? " by event " + i : ", the whole run") + ":\n" + (at ? tr.o.slice(0, at) : "(nothing yet)\n");
    if (i === this.n) {
      if (tr.c && tr.o.length > at) s = "Program output of the whole run (the widget keeps its first " + num(this.n) + " events):\n" + tr.o;
      if (tr.x) s += (s.slice(-1) === "\n" ? "" : "\n") + tr.x;
    }
    this.out.textContent = s;
    this.out.scrollTop = this.out.scrollHeight;
  };

  // drawSource lays out the program, one row a line.
  Widget.prototype.drawSource = function () {
    var c = this.code;
    c.innerHTML = "";
    var ol = el("ol", "st-lines");
    this.rows = [null];
    this.source.replace(/\n$/, "").split("\n").forEach(function (l, n) {
      var li = el("li");
      li.appendChild(el("span", "ln", String(n + 1)));
      li.appendChild(el("code", "", l.replace(/\t/g, "    ") || " "));
      li.appendChild(el("span", "gs"));
      ol.appendChild(li);
    }, this);
    c.appendChild(ol);
    this.rows = [null].concat(Array.prototype.slice.call(ol.children));
    this.marked = [];
  };

  // mark highlights event i's line and puts each G on the board beside
  // the line it is at.
  Widget.prototype.mark = function (i) {
    var self = this;
    this.marked.forEach(function (r) { r.classList.remove("cur"); r.removeAttribute("aria-current"); r.lastChild.innerHTML = ""; });
    this.marked = [];
    var b = this.boards[i], line = i > 0 ? this.tr.s[i - 1] : 0;
    var at = {};
    var seen = {};
    shown(b).forEach(function (g) {
      if (seen[g]) return;
      seen[g] = true;
      var l = lineOf(self.boards, i, g);
      if (l > 0 && l < self.rows.length) (at[l] = at[l] || []).push(g);
    });
    Object.keys(at).forEach(function (l) {
      var row = self.rows[l], gs = at[l];
      gs.slice(0, 6).forEach(function (g) { var c = chip(g); c.title = "G" + g + " is at line " + l; row.lastChild.appendChild(c); });
      if (gs.length > 6) row.lastChild.appendChild(el("span", "g more", "+" + (gs.length - 6)));
      self.marked.push(row);
    });
    this.line.setAttribute("data-line", line || "");
    if (line > 0 && line < this.rows.length) {
      var row = this.rows[line];
      row.classList.add("cur");
      row.setAttribute("aria-current", "step");
      this.marked.push(row);
      // Keep the line in view inside the code box, not the page.
      var c = this.code, top = row.offsetTop; // .st-code is the rows' offsetParent
      if (top < c.scrollTop || top + row.offsetHeight > c.scrollTop + c.clientHeight) c.scrollTop = Math.max(0, top - c.clientHeight / 3);
    }
  };

  function chip(g, cls) {
    var c = el("span", "g" + (cls ? " " + cls : ""), "G" + g);
    c.style.setProperty("--g", hue(g));
    return c;
  }

  Widget.prototype.draw = function (i, before) {
    var self = this, b = this.boards[i], bd = this.board;
    var g = function (id, cls) {
      var c = chip(id, cls), l = lineOf(self.boards, i, id);
      if (l > 0) { c.title = "G" + id + " at line " + l; c.appendChild(el("small", "", ":" + l)); }
      return c;
    };
    var queue = function (ids, total) {
      var q = el("span", "st-q");
      if (!ids.length) { q.appendChild(el("span", "", "—")); return q; }
      ids.forEach(function (id) { q.appendChild(g(id)); });
      if (total > ids.length) q.appendChild(el("span", "g more", "+" + num(total - ids.length)));
      return q;
    };
    var row = function (label, content) {
      var r = el("div", "st-row");
      r.appendChild(el("span", "lab", label));
      r.appendChild(content);
      return r;
    };
    var head = function (name, what) {
      var h = el("div", "st-h");
      h.appendChild(el("b", "", name));
      h.appendChild(el("span", "", what));
      return h;
    };
    bd.innerHTML = "";
    b.p.forEach(function (p, n) {
      var card = el("div", "st-p");
      var was = before && before.p[n];
      if (was && JSON.stringify(was) !== JSON.stringify(p)) card.classList.add("changed");
      card.appendChild(head("P" + n, p.s + (p.m >= 0 ? " · M" + p.m : "")));
      card.appendChild(row("runs", p.g >= 0 ? g(p.g, "run") : el("span", "", "—")));
      card.appendChild(row("runnext", p.n >= 0 ? g(p.n) : el("span", "", "—")));
      card.appendChild(row("runq", queue(p.q, p.ql || p.q.length)));
      bd.appendChild(card);
    });
    var gq = el("div", "st-global");
    if (before && (JSON.stringify(before.g) !== JSON.stringify(b.g) || before.gn !== b.gn)) gq.classList.add("changed");
    gq.appendChild(head("global queue", num(b.gn) + " G" + (b.gn === 1 ? "" : "s")));
    gq.appendChild(queue(b.g, b.gn));
    bd.appendChild(gq);
    var m = el("div", "st-ms");
    m.appendChild(head("Ms", b.m.length + " thread" + (b.m.length === 1 ? "" : "s")));
    var list = el("div", "st-mlist");
    b.m.forEach(function (x) {
      var s = "M" + x.i + (x.sm ? " sysmon" : "") + " " + x.s + (x.p >= 0 ? " P" + x.p : "") + (x.g >= 0 ? " G" + x.g : "") + (x.sp ? " spinning" : "");
      list.appendChild(el("span", x.sp ? "spin" : "", s));
    });
    m.appendChild(list);
    bd.appendChild(m);
  };

  // drawTimeline draws the run per P, as the lessons' timelines are
  // drawn, with a cursor at the current event; a click goes to the event
  // at that time.
  Widget.prototype.drawTimeline = function () {
    var t = this.tr.tl, self = this, box = this.tl;
    box.innerHTML = "";
    var end = Math.max(t.e || 0, this.boards[this.n].t, 1);
    var W = 720, L = 58, R = 12, H = 22, top = 4, rows = t.r || [];
    var plot = W - L - R, height = top + rows.length * H + 18;
    var x = function (v) { return L + plot * v / end; };
    var s = svg("svg", { "class": "timeline-svg", viewBox: "0 0 " + W + " " + height, role: "img",
      "aria-label": "the run per P over " + ms(end) + " of virtual time; the line marks the current event" });
    rows.forEach(function (name, i) {
      s.appendChild(svg("rect", { "class": "lane-bg", x: L, y: top + i * H, width: plot, height: H - 4 }));
      var tx = svg("text", { "class": "lane-label", x: 4, y: top + i * H + H / 2 });
      tx.textContent = name;
      s.appendChild(tx);
    });
    // Runs narrower than two pixels that follow each other on a lane are
    // drawn as one bar (a run of 100,000 goroutines has tens of
    // thousands of runs), so that the drawing stays a few thousand
    // elements at most; pointing at a bar says what it stands for.
    var bars = [], last = {};
    (t.u || []).forEach(function (u) {
      var x0 = x(u[2]), x1 = Math.max(x(u[3]), x0 + 1.5), b = last[u[0]];
      if (b && b.sys !== u[4]) b = null;
      if (b && x1 - x0 < 2 && x0 <= b.x1 + 1) { b.x1 = Math.max(b.x1, x1); b.n++; b.end = u[3]; return; }
      b = last[u[0]] = { lane: u[0], g: u[1], sys: u[4], start: u[2], end: u[3], x0: x0, x1: x1, n: 1 };
      bars.push(b);
    });
    bars.forEach(function (b, i) {
      var r = svg("rect", { "class": ["bar", "bar sys", "bar world stw", "bar world mark"][b.sys], style: "--g:" + hue(b.g), "data-i": i,
        x: b.x0.toFixed(1), y: top + b.lane * H + 2, width: (b.x1 - b.x0).toFixed(1), height: H - 8, rx: 2 });
      s.appendChild(r);
    });
    var info = el("p", "st-tl-info", "Point at a bar or a mark for what it is; click to go to that moment.");
    s.addEventListener("mousemove", function (e) {
      var i = e.target.getAttribute && e.target.getAttribute("data-i"), k = e.target.getAttribute && e.target.getAttribute("data-m");
      if (i != null) {
        var b = bars[+i];
        // The world's lane (the gc layer): the collector's stops and marking.
        if (b.sys >= 2) info.textContent = (b.sys === 2 ? "the world is stopped" : "the collector marks concurrently") + " from " + ms(b.start) + " to " + ms(b.end);
        else info.textContent = b.n > 1 ? b.n + " runs on " + rows[b.lane] + " from " + ms(b.start) + " to " + ms(b.end) + ", the first G" + b.g :
          "G" + b.g + (b.sys ? " in a system call" : " runs") + " on " + rows[b.lane] + " from " + ms(b.start) + " to " + ms(b.end);
      } else if (k != null) info.textContent = k;
    });
    var names = {}, seen = {};
    (t.n || []).forEach(function (n) { names[n[0]] = n; });
    (t.m || []).forEach(function (m) {
      // One mark of a kind per lane and pixel.
      var px = Math.round(x(m[1])), key = m[0] + " " + m[2] + " " + px;
      if (seen[key]) return;
      seen[key] = true;
      var n = names[String.fromCharCode(m[2])] || ["?", "Z", "mark"];
      s.appendChild(svg("path", { "class": "mark m-" + n[1], "data-m": n[2] + " on " + rows[m[0]] + " at " + ms(m[1]),
        d: "M" + x(m[1]).toFixed(1) + " " + (top + m[0] * H + H - 3) + " l4 -7 l-8 0 z" }));
    });
    var ax = svg("text", { "class": "st-tl-end", x: W - R, y: height - 4 });
    ax.textContent = ms(end);
    s.appendChild(ax);
    var ax0 = svg("text", { "class": "st-tl-start", x: L, y: height - 4 });
    ax0.textContent = "0";
    s.appendChild(ax0);
    this.cur = svg("line", { "class": "st-cursor", y1: 0, y2: top + rows.length * H });
    s.appendChild(this.cur);
    s.addEventListener("click", function (e) {
      var r = s.getBoundingClientRect();
      var v = ((e.clientX - r.left) * W / r.width - L) / plot * end;
      // The last event at or before that time.
      var lo = 0, hi = self.n;
      while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (self.boards[mid].t <= v) lo = mid; else hi = mid - 1; }
      self.go(lo);
    });
    this.tlx = x;
    var sc = el("div", "timeline-scroll");
    sc.appendChild(s);
    box.appendChild(sc);
    box.appendChild(info);
  };

  Widget.prototype.cursor = function (t) {
    if (!this.cur) return;
    var v = this.tlx(t).toFixed(1);
    this.cur.setAttribute("x1", v);
    this.cur.setAttribute("x2", v);
  };

  Widget.prototype.edit = function (open) {
    if (this.trace || (!this.tr && open && this.root.hasAttribute("data-failed"))) return;
    this.editor.hidden = !open;
    this.code.hidden = open;
    this.bEdit.textContent = open ? "Close the editor" : "Edit and run";
    this.bEdit.setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      this.src.value = this.source;
      this.flagsIn.value = this.flags;
      this.src.focus();
    }
  };

  Widget.prototype.runEdited = function () {
    var self = this, src = this.src.value, flags = this.flagsIn.value.trim();
    var edited = src !== this.original || flags !== this.flags0;
    this.compute(src, flags, edited, function () {
      self.edit(false);
      self.root.setAttribute("data-ran", String((+self.root.getAttribute("data-ran") || 0) + 1));
      self.root.focus();
    });
  };

  Widget.prototype.reset = function () {
    this.src.value = this.original;
    this.flagsIn.value = this.flags0;
    this.status.className = "st-status";
    this.status.textContent = "";
    if (this.original_trace) {
      this.source = this.original;
      this.flags = this.flags0;
      this.set(this.original_trace, false);
      return;
    }
    // A widget opened by a link to an edited program has not run the
    // lesson's yet.
    var self = this;
    this.compute(this.original, this.flags0, false, function (res) { self.original_trace = res.trace; });
  };

  Widget.prototype.stop = function () {
    if (this.job) this.job.stop();
  };

  // link puts this moment in the page's address and copies it.
  Widget.prototype.link = function () {
    if (!this.tr || !perm) return;
    var self = this;
    perm.make(this.root.id, this.source === this.original ? null : this.source, this.flags === this.flags0 ? null : this.flags, this.i).then(function (hash) {
      history.replaceState(null, "", hash);
      var url = location.href;
      self.root.setAttribute("data-link", url);
      var said = function (ok) {
        self.status.className = "st-status";
        self.status.textContent = (ok ? "Link copied: " : "Link: ") + url;
      };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(function () { said(true); }, function () { said(false); });
      else said(false);
    });
  };

  // open shows a moment a link names: the widget's program (or the
  // edited one the link carries), its flags, its event.
  // m.ready resolves once the link's program is decoded.
  Widget.prototype.open = function (m) {
    var self = this;
    // The link, not the scroll, says what this widget runs first.
    this.loaded = true;
    if (this.io) this.io.disconnect();
    this.root.scrollIntoView({ block: "start" });
    var at = function () {
      self.go(m.event);
      self.root.scrollIntoView({ block: "start" });
      self.root.focus({ preventScroll: true });
    };
    m.ready.then(function () {
      if (m.src == null && m.flags == null) {
        self.loaded = false;
        return self.load(at);
      }
      var src = m.src == null ? self.original : m.src, flags = m.flags == null ? self.flags0 : m.flags;
      self.compute(src, flags, src !== self.original || flags !== self.flags0, at);
    }, function (err) {
      self.status.className = "st-status err";
      self.status.textContent = "This link's program does not decode: " + err.message;
      self.loaded = false;
      self.load();
    });
  };

  var widgets = [];
  document.querySelectorAll(".stepper").forEach(function (r) { r.widget = new Widget(r); widgets.push(r.widget); });

  function follow() {
    if (!perm) return;
    var m = perm.parse(location.hash);
    if (!m) return;
    var r = document.getElementById(m.id);
    if (!r || !r.widget) return;
    r.widget.open(m);
  }
  follow();
  window.addEventListener("hashchange", follow);
})();
