package book

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// write never removes what it did not write: a folder of someone else's
// files is refused; a rebuild removes only the earlier build's files it
// does not make again, and leaves a file the user added since.
func TestWriteOwnsOnlyItsFiles(t *testing.T) {
	theirs := t.TempDir()
	os.WriteFile(filepath.Join(theirs, "notes.txt"), []byte("mine"), 0o644)
	err := write(theirs, map[string][]byte{"index.html": []byte("x")})
	if err == nil || !strings.Contains(err.Error(), "notes.txt") {
		t.Errorf("a build into a folder of someone's files: %v; want a refusal naming notes.txt", err)
	}
	if b, _ := os.ReadFile(filepath.Join(theirs, "notes.txt")); string(b) != "mine" {
		t.Errorf("notes.txt is %q after the refused build", b)
	}
	if _, err := os.Stat(filepath.Join(theirs, "index.html")); err == nil {
		t.Error("the refused build wrote index.html")
	}

	site := filepath.Join(t.TempDir(), "site") // not there yet
	if err := write(site, map[string][]byte{"index.html": []byte("1"), "old/page.html": []byte("1")}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(site, "added.txt"), []byte("mine"), 0o644)
	if err := write(site, map[string][]byte{"index.html": []byte("2")}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(site, "old", "page.html")); err == nil {
		t.Error("the rebuild left the earlier build's page it no longer makes")
	}
	if b, _ := os.ReadFile(filepath.Join(site, "added.txt")); string(b) != "mine" {
		t.Errorf("added.txt is %q after a rebuild", b)
	}
	if b, _ := os.ReadFile(filepath.Join(site, "index.html")); string(b) != "2" {
		t.Errorf("index.html is %q after the rebuild", b)
	}
}
