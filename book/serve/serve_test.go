package serve

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestLiveReload: a page listening on /_live hears "reload" when the book
// is rebuilt.
func TestLiveReload(t *testing.T) {
	s := New(map[string][]byte{})
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

// TestSet: a rebuild's files replace the old ones, and Shutdown ends the
// pages' streams.
func TestSet(t *testing.T) {
	s := New(map[string][]byte{"index.html": []byte("<p>old</p>\n")})
	srv := httptest.NewServer(s)
	defer srv.Close()
	get := func() string {
		t.Helper()
		resp, err := http.Get(srv.URL + "/index.html")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	if got := get(); got != "<p>old</p>\n" {
		t.Fatalf("before the rebuild: %q", got)
	}
	s.Set(map[string][]byte{"index.html": []byte("<p>new</p>\n")})
	if got := get(); got != "<p>new</p>\n" {
		t.Fatalf("after the rebuild: %q", got)
	}
	resp, err := http.Get(srv.URL + "/_live")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := bufio.NewReader(resp.Body)
	if l, err := r.ReadString('\n'); err != nil || l != ": connected\n" {
		t.Fatalf("first line %q, %v", l, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s.Shutdown(ctx)
	if _, err := io.ReadAll(r); err != nil {
		t.Fatalf("the stream after Shutdown: %v", err)
	}
}
