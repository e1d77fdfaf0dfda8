// gmplab's engine, compiled to WebAssembly, in a Web Worker: the page
// never runs it on its own thread, so it stays responsive during any run,
// and a run is stopped by ending the worker (assets/engine.js). Messages:
//   page → worker {module} a compiled WebAssembly.Module (after a stop), or
//                 {url} where to fetch and compile it (the first worker)
//   worker → page {compiled: module, ms} once compiled, for the next worker
//                 {ready: true, ms} once the engine is up
//   page → worker {id, file, src, flags}: a run, or {id, file, trace}: the
//                 replay of an execution trace (base64) named file
//   worker → page {id, progress: events} every few thousand events
//                 {id, part} a part of a long trace's events (see run)
//                 {id, res} stepper.Run's answer, or {id, err} when the
//                 engine itself failed (a bug in gmplab)
"use strict";
importScripts("wasm_exec.js");

var go = null, failed = null, queue = [];

function compile(url) {
  var res = fetch(url);
  if (WebAssembly.compileStreaming) {
    return WebAssembly.compileStreaming(res).catch(function () {
      // A server that does not say application/wasm: compile the bytes.
      return fetch(url).then(function (r) { return r.arrayBuffer(); }).then(WebAssembly.compile);
    });
  }
  return res.then(function (r) { return r.arrayBuffer(); }).then(WebAssembly.compile);
}

function start(mod) {
  var t0 = performance.now();
  go = new Go();
  return WebAssembly.instantiate(mod, go.importObject).then(function (inst) {
    go.run(inst).then(function () {
      failed = "gmplab: the engine exited (a bug in gmplab: see the browser's console)";
    });
    if (typeof self.gmplabRun !== "function" || typeof self.gmplabReplay !== "function") throw new Error("gmplab: the module did not register gmplabRun and gmplabReplay (a bug in gmplab)");
    postMessage({ ready: true, ms: performance.now() - t0 });
    var q = queue;
    queue = null;
    q.forEach(run);
  });
}

function run(m) {
  if (queue) { queue.push(m); return; }
  if (failed) { postMessage({ id: m.id, err: failed }); return; }
  var json;
  try {
    json = m.trace ? self.gmplabReplay(m.file, m.trace) :
      self.gmplabRun(m.file, m.src, m.flags, function (n) { postMessage({ id: m.id, progress: n }); });
  } catch (e) {
    failed = "gmplab: the engine failed (a bug in gmplab): " + (e && e.message ? e.message : e);
    postMessage({ id: m.id, err: failed });
    return;
  }
  // A long run's trace is tens of megabytes of objects: parsed here, off
  // the page's thread, and sent in parts of PART events, each of which
  // the page takes in as a task of its own, so that no single one holds
  // up its thread.
  var res = JSON.parse(json);
  var tr = res.trace;
  if (tr && tr.l.length > PART) {
    for (var i = 0; i < tr.l.length; i += PART) {
      postMessage({ id: m.id, part: { l: tr.l.slice(i, i + PART), k: tr.k.slice(i, i + PART), s: tr.s.slice(i, i + PART), b: tr.b.slice(i === 0 ? 0 : i + 1, i + PART + 1) } });
    }
    tr.l = tr.k = tr.s = tr.b = null;
  }
  postMessage({ id: m.id, res: res });
}

var PART = 2000;

self.onmessage = function (e) {
  var m = e.data;
  if (m.url || m.module) {
    var t0 = performance.now();
    (m.module ? Promise.resolve(m.module) : compile(m.url).then(function (mod) {
      postMessage({ compiled: mod, ms: performance.now() - t0 });
      return mod;
    })).then(start).catch(function (err) {
      failed = (m.url ? "the WebAssembly module (" + m.url + ") did not load: " : "the engine did not start: ") + (err && err.message ? err.message : err);
      postMessage({ failed: failed });
      var q = queue || [];
      queue = null;
      q.forEach(run);
    });
    return;
  }
  run(m);
};
