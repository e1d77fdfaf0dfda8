package cli

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gmplab/gmplab/book/serve"
)

// TestBookServeAddr: the book is served on the loopback interface only.
func TestBookServeAddr(t *testing.T) {
	var out bytes.Buffer
	code := Run([]string{"book", "serve", "--addr", "0.0.0.0:8000"}, strings.NewReader(""), &out, &out)
	if code != 2 || !strings.Contains(out.String(), "the book serves on 127.0.0.1 only") {
		t.Fatalf("exit %d: %s", code, out.String())
	}
}

// TestBookBuild: gmplab book build renders the repository's course and
// says where.
func TestBookBuild(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := Run([]string{"book", "build", "-o", dir, "--no-wasm"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	if !strings.HasPrefix(out.String(), "book: ") || !strings.Contains(out.String(), " pages in "+dir) {
		t.Errorf("gmplab book build said %q", out.String())
	}
	for _, f := range []string{"index.html", "lessons/04-sysmon.html", "docs/glossary.html", "search-index.js", "assets/style.css"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}

// TestServeStops: gmplab book serve keeps the site in memory and stops
// cleanly when told to (Ctrl-C, SIGTERM), leaving nothing in the
// temporary folder.
func TestServeStops(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		newServer := func(files map[string][]byte) BookServer { return serve.New(files) }
		done <- serveBook(ctx, &bookOptions{addr: "127.0.0.1:0", noWasm: true}, newServer, &out, &out)
	}()
	var url string
	for deadline := time.Now().Add(2 * time.Minute); url == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, rest, ok := strings.Cut(out.String(), "serving "); ok {
			url, _, _ = strings.Cut(rest, " ")
		}
	}
	if url == "" {
		t.Fatalf("the server did not start: %s", out.String())
	}
	resp, err := http.Get(url + "lessons/03-steal.html")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET lessons/03-steal.html: %d", resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serveBook: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not stop")
	}
	if ents, _ := os.ReadDir(tmp); len(ents) > 0 {
		t.Errorf("the server left %d files in the temporary folder, the first %s", len(ents), ents[0].Name())
	}
}

// syncBuffer is a bytes.Buffer for two goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
