// Package serve is gmplab book serve's web server: a built book's folder,
// and /_live, where each page listens (server-sent events) for "reload"
// after a rebuild.
//
// It is the one package of gmplab that imports net/http, and only
// cmd/gmplab-full imports it: the gmplab binary runs gmplab book serve by
// running gmplab-full, so that its own build does not pay for net/http
// and the TLS stack under it.
package serve

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
)

// Server serves one folder.
type Server struct {
	mux     *http.ServeMux
	mu      sync.Mutex
	clients map[chan string]bool
}

// New returns a server of the files in dir.
func New(dir string) *Server {
	s := &Server{mux: http.NewServeMux(), clients: map[chan string]bool{}}
	s.mux.HandleFunc("/_live", s.live)
	s.mux.Handle("/", http.FileServer(http.Dir(dir)))
	return s
}

// Serve serves on ln until it fails.
func (s *Server) Serve(ln net.Listener) error { return http.Serve(ln, s.mux) }

// ServeHTTP serves one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

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
		case msg := <-ch:
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
