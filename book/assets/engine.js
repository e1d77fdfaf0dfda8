// gmplab's engine for the page: one Web Worker (assets/stepper-worker.js)
// runs the engine compiled to WebAssembly, so that no run, not even an
// endless loop, holds up the page. The module is fetched and compiled once
// per page load, in the worker, streaming; the compiled module comes back
// to the page, so that the worker that replaces a stopped one starts
// without compiling again. Runs wait in a queue and go to the worker one at
// a time; stopping the one that runs ends the worker.
//
// window.gmplabEngine.run(file, src, flags, onProgress[, trace]) returns a
// job: job.done is a promise of stepper.Run's answer ({trace} or {err}), or
// with trace stepper.Replay's, which rejects with {stopped: true} after
// job.stop().
(function () {
  "use strict";
  var base = document.body.getAttribute("data-base") || "";
  var worker = null, module = null, ready = false, jobs = [], cur = null, nextId = 1;
  var E = window.gmplabEngine = { run: run, timing: { start: performance.now() }, error: null, unavailable: unavailable };

  // Why the page cannot run the engine, or null.
  function unavailable() {
    if (document.body.getAttribute("data-wasm") === "none") {
      return "The WebAssembly module is not in this build (gmplab book build without --no-wasm): the cells above show the same run.";
    }
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      return "The stepper runs gmplab's engine compiled to WebAssembly in a Web Worker, which this browser does not have: the cells above show the same run.";
    }
    if (location.protocol === "file:") {
      return "Browsers run no Web Worker or WebAssembly for a page opened as a file: serve the site's folder (gmplab book serve, or python3 -m http.server in it) and open it from there.";
    }
    return null;
  }

  function fail(msg) {
    E.error = msg;
    var all = (cur ? [cur] : []).concat(jobs);
    cur = null; jobs = [];
    all.forEach(function (j) { j.resolve({ err: msg, engine: true }); });
  }

  function spawn() {
    ready = false;
    try {
      worker = new Worker(base + "assets/stepper-worker.js");
    } catch (e) {
      return fail("The engine's Web Worker did not start: " + e.message);
    }
    worker.onmessage = function (e) {
      var m = e.data;
      if (m.compiled) { module = m.compiled; E.timing.compiled = performance.now(); E.timing.compileMs = m.ms; return; }
      if (m.ready) { ready = true; if (!E.timing.ready) E.timing.ready = performance.now(); pump(); return; }
      if (m.failed) return fail(m.failed);
      if (!cur || m.id !== cur.id) return;
      if (m.progress != null) { if (cur.onProgress) cur.onProgress(m.progress); return; }
      if (m.part) { (cur.parts = cur.parts || []).push(m.part); return; }
      var j = cur;
      cur = null;
      if (m.err) j.resolve({ err: m.err, engine: true });
      else {
        var res = m.res;
        if (j.parts) {
          var tr = res.trace;
          tr.l = []; tr.k = []; tr.s = []; tr.b = [];
          j.parts.forEach(function (p) {
            Array.prototype.push.apply(tr.l, p.l); Array.prototype.push.apply(tr.k, p.k);
            Array.prototype.push.apply(tr.s, p.s); Array.prototype.push.apply(tr.b, p.b);
          });
          j.parts = null;
        }
        j.resolve(res);
      }
      pump();
    };
    worker.onerror = function (e) {
      e.preventDefault();
      fail("The engine's worker failed" + (e.message ? ": " + e.message : "") + " (is assets/wasm_exec.js in the site?)");
    };
    worker.postMessage(module ? { module: module } : { url: new URL(base + "assets/stepper.wasm", location.href).href });
  }

  function pump() {
    if (cur || !ready || !jobs.length) return;
    cur = jobs.shift();
    cur.started = performance.now();
    worker.postMessage({ id: cur.id, file: cur.file, src: cur.src, flags: cur.flags, trace: cur.trace });
  }

  // run asks for a program's run, or with trace (an execution trace in
  // base64) for its replay: file is then the trace's name.
  function run(file, src, flags, onProgress, trace) {
    var j = { id: nextId++, file: file, src: src, flags: flags, trace: trace || null, onProgress: onProgress, queued: performance.now() };
    j.done = new Promise(function (resolve, reject) { j.resolve = resolve; j.reject = reject; });
    j.stop = function () { stop(j); };
    var why = E.error || unavailable();
    if (why) { j.resolve({ err: why, engine: true }); return j; }
    if (!worker) spawn();
    jobs.push(j);
    pump();
    return j;
  }

  function stop(j) {
    var i = jobs.indexOf(j);
    if (i >= 0) { jobs.splice(i, 1); j.reject({ stopped: true }); return; }
    if (cur !== j) return;
    cur = null;
    worker.terminate();
    j.reject({ stopped: true });
    spawn();
  }

  // Start the engine as the page opens, so that it is up by the time
  // the reader reaches a widget.
  if (document.querySelector(".stepper") && !unavailable()) spawn();
})();
