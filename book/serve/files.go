package serve

import (
	"crypto/sha256"
	"encoding/hex"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/gmplab/gmplab/book"
)

// Files serves a built site from memory (book.Site.Files): a file the build stored
// compressed (NAME.br, NAME.gz) is sent so to a browser that accepts it,
// other text is gzipped once and kept, and every response carries an ETag
// so that a reload costs a 304.
type Files struct {
	mu    sync.Mutex
	files map[string][]byte
	gz    map[string][]byte // on-the-fly gzip, by path
	etags map[string]string
}

// NewFiles serves files.
func NewFiles(files map[string][]byte) *Files {
	s := &Files{}
	s.Set(files)
	return s
}

// Set replaces the files served (a rebuild).
func (s *Files) Set(files map[string][]byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files, s.gz, s.etags = files, map[string][]byte{}, map[string]string{}
}

// ServeHTTP implements http.Handler.
func (s *Files) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name == "" || strings.HasSuffix(r.URL.Path, "/") {
		name = path.Join(name, "index.html")
	}
	s.mu.Lock()
	files := s.files
	body, ok := files[name]
	s.mu.Unlock()
	if !ok {
		if _, dir := files[path.Join(name, "index.html")]; dir {
			http.Redirect(w, r, r.URL.Path+"/", http.StatusMovedPermanently)
			return
		}
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	ctype := mime.TypeByExtension(path.Ext(name))
	if path.Ext(name) == ".wasm" {
		ctype = "application/wasm"
	}
	if ctype == "" {
		ctype = http.DetectContentType(body)
	}
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", "no-cache") // revalidate: the book changes as it is written
	h.Add("Vary", "Accept-Encoding")
	accept := r.Header.Get("Accept-Encoding")
	encoding := ""
	for _, c := range book.Compressed {
		if z, ok := files[name+c.Ext]; ok && acceptsEncoding(accept, c.Encoding) {
			body, encoding = z, c.Encoding
			break
		}
	}
	if encoding == "" && acceptsEncoding(accept, "gzip") && book.Compressible(name, len(body)) {
		s.mu.Lock()
		z, ok := s.gz[name]
		if !ok {
			z = book.Compress(body)
			s.gz[name] = z
		}
		s.mu.Unlock()
		body, encoding = z, "gzip"
	}
	if encoding != "" {
		h.Set("Content-Encoding", encoding)
	}
	s.mu.Lock()
	key := name + " " + encoding
	tag, ok := s.etags[key]
	if !ok {
		sum := sha256.Sum256(body)
		tag = `"` + hex.EncodeToString(sum[:8]) + `"`
		s.etags[key] = tag
	}
	s.mu.Unlock()
	h.Set("ETag", tag)
	if match := r.Header.Get("If-None-Match"); match != "" && match == tag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(body)
}

// acceptsEncoding reads an Accept-Encoding header: enc is listed without
// q=0.
func acceptsEncoding(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), enc) || strings.TrimSpace(name) == "*" {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}
