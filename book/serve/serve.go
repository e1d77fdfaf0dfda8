// Package serve is gmplab book serve's web server: a built book kept in
// memory (Files: each file sent compressed as the build stored it, or
// gzipped once, with an ETag), and /_live, where each page listens
// (server-sent events) for "reload" after a rebuild.
//
// It is the one package of gmplab that imports net/http outside tests, and
// only cmd/gmplab-full imports it: the gmplab binary runs gmplab book serve
// by running gmplab-full, so that its own build does not pay for net/http
// and the TLS stack under it.
package serve

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
)

// Server serves a book and tells its pages when it changes.
type Server struct {
	files   *Files
	srv     *http.Server
	mu      sync.Mutex
	clients map[chan string]bool
}

// New returns a server of files (book.Site.Files).
func New(files map[string][]byte) *Server {
	s := &Server{files: NewFiles(files), clients: map[chan string]bool{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/_live", s.live)
	mux.Handle("/", s.files)
	s.srv = &http.Server{Handler: mux}
	return s
}

// Set replaces the files served (a rebuild).
func (s *Server) Set(files map[string][]byte) { s.files.Set(files) }

// Serve serves on ln until it fails or Shutdown is called (then it
// returns http.ErrServerClosed).
func (s *Server) Serve(ln net.Listener) error { return s.srv.Serve(ln) }

// Shutdown ends every page's /_live stream and stops the server, waiting
// for the requests under way until ctx ends.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	for ch := range s.clients {
		close(ch)
		delete(s.clients, ch)
	}
	s.mu.Unlock()
	return s.srv.Shutdown(ctx)
}

// ServeHTTP serves one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.srv.Handler.ServeHTTP(w, r) }

// Reload tells every page listening on /_live to reload.
func (s *Server) Reload() { s.send("reload") }

// live is /_live: an event stream, one "data: reload" per rebuild.
func (s *Server) live(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	ch := make(chan string, 1)
	s.mu.Lock()
	s.clients[ch] = true
	s.mu.Unlock()
	defer func() { s.mu.Lock(); delete(s.clients, ch); s.mu.Unlock() }()
	io.WriteString(w, ": connected\n\n")
	fl.Flush()
	for {
		select {
		case msg, ok := <-ch:
			if !ok {
				return
			}
			fmt.Fprintf(w, "data: %s\n\n", msg)
			fl.Flush()
		case <-r.Context().Done():
			return
		}
	}
}

func (s *Server) send(msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for ch := range s.clients {
		select {
		case ch <- msg:
		default:
		}
	}
}
