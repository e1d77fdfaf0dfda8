package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/andybalholm/brotli"
)

// TestCompress: the file written decodes to the file read, and is smaller.
func TestCompress(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in"), filepath.Join(dir, "in.br")
	data := bytes.Repeat([]byte("the book's module, compressed once per engine\n"), 500)
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := compress(in, out, 9, 24); err != nil {
		t.Fatal(err)
	}
	z, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(z)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, data) || len(z) >= len(data)/10 {
		t.Errorf("%d bytes compressed to %d, decoding to %d bytes (equal: %v)", len(data), len(z), len(got), bytes.Equal(got, data))
	}
}
