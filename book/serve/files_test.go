package serve_test

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/book/serve"
)

// TestFiles: the served site sends a file the build stored compressed
// in the encoding the browser accepts (brotli before gzip), gzips other
// text on the fly, leaves small files and refused encodings alone, answers
// a repeated request with 304, and serves a folder's index.html.
func TestFiles(t *testing.T) {
	page := strings.Repeat("<p>the book</p>\n", 200)
	files := serve.NewFiles(map[string][]byte{
		"index.html":             []byte(page),
		"docs/index.html":        []byte("<p>docs</p>"),
		"assets/stepper.wasm":    []byte("\x00asm module"),
		"assets/stepper.wasm.br": []byte("brotli bytes"),
		"assets/stepper.wasm.gz": []byte("gzip bytes"),
		"assets/small.js":        []byte("var x;"),
	})
	srv := httptest.NewServer(files)
	defer srv.Close()
	get := func(p, accept, etag string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+p, nil)
		req.Header.Set("Accept-Encoding", accept)
		if etag != "" {
			req.Header.Set("If-None-Match", etag)
		}
		// The transport must not decompress: the test reads the bytes sent.
		resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b bytes.Buffer
		b.ReadFrom(resp.Body)
		return resp, b.String()
	}
	for _, c := range []struct {
		path, accept, encoding, body, ctype string
	}{
		{"/assets/stepper.wasm", "gzip, deflate, br, zstd", "br", "brotli bytes", "application/wasm"},
		{"/assets/stepper.wasm", "gzip", "gzip", "gzip bytes", "application/wasm"},
		{"/assets/stepper.wasm", "br;q=0, gzip", "gzip", "gzip bytes", "application/wasm"},
		{"/assets/stepper.wasm", "", "", "\x00asm module", "application/wasm"},
		{"/assets/small.js", "gzip", "", "var x;", "text/javascript; charset=utf-8"},
		{"/docs/", "gzip", "", "<p>docs</p>", "text/html; charset=utf-8"},
	} {
		resp, body := get(c.path, c.accept, "")
		if resp.StatusCode != 200 || resp.Header.Get("Content-Encoding") != c.encoding || body != c.body || resp.Header.Get("Content-Type") != c.ctype {
			t.Errorf("GET %s (Accept-Encoding %q): %d %q %q %q, want %q %q %q", c.path, c.accept, resp.StatusCode,
				resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Type"), body, c.encoding, c.ctype, c.body)
		}
	}
	resp, body := get("/", "gzip", "")
	if resp.Header.Get("Content-Encoding") != "gzip" || len(body) >= len(page) {
		t.Errorf("GET / gzip: %q, %d bytes of %d", resp.Header.Get("Content-Encoding"), len(body), len(page))
	}
	zr, err := gzip.NewReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var un bytes.Buffer
	un.ReadFrom(zr)
	if un.String() != page {
		t.Error("GET / gzip: the body does not decompress to the page")
	}
	if resp2, _ := get("/", "gzip", resp.Header.Get("ETag")); resp2.StatusCode != http.StatusNotModified {
		t.Errorf("GET / with its ETag: %d, want 304", resp2.StatusCode)
	}
	if resp, _ := get("/nothing.html", "", ""); resp.StatusCode != 404 {
		t.Errorf("GET /nothing.html: %d", resp.StatusCode)
	}
	if resp, _ := get("/docs", "", ""); resp.StatusCode != http.StatusMovedPermanently {
		t.Errorf("GET /docs: %d, want a redirect to /docs/", resp.StatusCode)
	}
}
