package serve

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLiveReload: a page listening on /_live hears "reload" when the book
// is rebuilt.
func TestLiveReload(t *testing.T) {
	s := New(t.TempDir())
	srv := httptest.NewServer(s)
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/_live")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	r := bufio.NewReader(resp.Body)
	if l, err := r.ReadString('\n'); err != nil || l != ": connected\n" {
		t.Fatalf("first line %q, %v", l, err)
	}
	// The client is registered once it has read the greeting; send until
	// it hears it (no fixed sleep).
	got := make(chan string, 1)
	go func() {
		for {
			l, err := r.ReadString('\n')
			if err != nil || strings.HasPrefix(l, "data: ") {
				got <- l
				return
			}
		}
	}()
	for {
		s.Reload()
		select {
		case l := <-got:
			if l != "data: reload\n" {
				t.Fatalf("got %q, want data: reload", l)
			}
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// TestFiles: the folder's files are served as they are.
func TestFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<p>book</p>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(New(dir))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/index.html")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || string(b) != "<p>book</p>\n" {
		t.Fatalf("%s: %q", resp.Status, b)
	}
}
