// Links to a moment of a stepper: the page's address carries the widget,
// the event and, when the reader changed them, the program and its flags,
// so that "look at event 812 of this" can be shared, and opens where it
// was taken with nothing but the site (no server keeps anything):
//
//   lessons/03-steal.html#stepper-steal-go?e=812
//   …#stepper-steal-go?e=9&f=--gomaxprocs%202&c=<the program>
//
// c is the program compressed (deflate, base64url), s the program as it
// is (base64url of its UTF-8) where the browser cannot compress.
(function () {
  "use strict";
  function b64(bytes) {
    var s = "";
    for (var i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function unb64(s) {
    var b = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
    var out = new Uint8Array(b.length);
    for (var i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
    return out;
  }
  function through(bytes, stream) {
    return new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer().then(function (b) { return new Uint8Array(b); });
  }
  var canZip = typeof CompressionStream === "function" && typeof DecompressionStream === "function";

  window.gmplabPermalink = {
    // make is a promise of the address's fragment for a moment: src and
    // flags are null where they are the lesson's.
    make: function (id, src, flags, event) {
      var p = new URLSearchParams();
      p.set("e", String(event));
      if (flags != null) p.set("f", flags);
      var done = function () { return "#" + id + "?" + p.toString(); };
      if (src == null) return Promise.resolve(done());
      var bytes = new TextEncoder().encode(src);
      if (!canZip) { p.set("s", b64(bytes)); return Promise.resolve(done()); }
      return through(bytes, new CompressionStream("deflate-raw")).then(function (z) { p.set("c", b64(z)); return done(); });
    },
    // parse reads a fragment: null when it names no moment, else
    // {id, event, flags, src, ready}, src set once ready resolves.
    parse: function (hash) {
      var m = /^#(stepper-[\w.-]+)\?(.*)$/.exec(hash || "");
      if (!m) return null;
      var p = new URLSearchParams(m[2]);
      var r = { id: m[1], event: Math.max(0, parseInt(p.get("e"), 10) || 0), flags: p.get("f"), src: null };
      try {
        if (p.get("s") != null) {
          r.src = new TextDecoder("utf-8", { fatal: true }).decode(unb64(p.get("s")));
          r.ready = Promise.resolve(r);
        } else if (p.get("c") != null) {
          if (!canZip) throw new Error("this browser cannot decompress it (no DecompressionStream)");
          r.ready = through(unb64(p.get("c")), new DecompressionStream("deflate-raw")).then(function (b) {
            r.src = new TextDecoder("utf-8", { fatal: true }).decode(b);
            return r;
          });
        } else r.ready = Promise.resolve(r);
      } catch (e) {
        r.ready = Promise.reject(e);
      }
      return r;
    }
  };
})();
