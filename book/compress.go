package book

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"strconv"
	"strings"
)

// Compressed are the encodings the book keeps of a big file beside it
// (NAME.br, NAME.gz), for a server to send as they are: gmplab book serve
// does, and so do servers configured for precompressed files (nginx's
// gzip_static and brotli_static, Caddy's precompressed). Brotli first: it
// makes the module a fifth smaller than gzip does.
var Compressed = []struct {
	Ext, Encoding string
}{{".br", "br"}, {".gz", "gzip"}}

// Qualities: brotli 9 with a 16 MB window and gzip's best. Brotli 11 makes
// the module 13% smaller again (2.24 MB rather than 2.57 MB) but takes
// two minutes and more, against four seconds; both are paid once per
// engine, in the cache, never per build.
const (
	brotliQuality = 9
	brotliWindow  = 24
)

// compressOnce writes f.br and f.gz beside f where they are missing or
// older than f; root is the repository's, whose book/brotli command does
// the brotli.
func compressOnce(root, f string, log io.Writer) error {
	fi, err := os.Stat(f)
	if err != nil {
		return err
	}
	var data []byte
	for _, c := range Compressed {
		out := f + c.Ext
		if ci, err := os.Stat(out); err == nil && !ci.ModTime().Before(fi.ModTime()) {
			continue
		}
		if data == nil {
			if data, err = os.ReadFile(f); err != nil {
				return err
			}
			fmt.Fprintf(log, "book: compressing %s (once for this engine)\n", path.Base(f))
		}
		// A temporary name of this process's own: another process may be
		// compressing the same file (see buildWasm).
		tmp := fmt.Sprintf("%s.%d.tmp", out, os.Getpid())
		if c.Encoding == "br" {
			if err := brotliFile(root, f, tmp); err != nil {
				return err
			}
		} else {
			z, err := compress(data, c.Encoding)
			if err != nil {
				return err
			}
			if err := os.WriteFile(tmp, z, 0o644); err != nil {
				return err
			}
		}
		if err := os.Rename(tmp, out); err != nil {
			return err
		}
	}
	return nil
}

// brotliFile writes in, brotli-encoded, to out, by running the
// repository's book/brotli command: the brotli package imports net/http,
// which the gmplab binary (package book in it) leaves out.
func brotliFile(root, in, out string) error {
	cmd := exec.Command("go", "run", "./book/brotli", "-quality", strconv.Itoa(brotliQuality), "-window", strconv.Itoa(brotliWindow), in, out)
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("compressing %s with brotli (go run ./book/brotli): %v\n%s", path.Base(in), err, b)
	}
	return nil
}

// compress encodes data as "gzip".
func compress(data []byte, encoding string) ([]byte, error) {
	var b bytes.Buffer
	var w io.WriteCloser
	switch encoding {
	case "gzip":
		w, _ = gzip.NewWriterLevel(&b, gzip.BestCompression)
	default:
		return nil, fmt.Errorf("no encoding %q", encoding)
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Compressible says whether a served file is worth compressing on the fly:
// text of a few kilobytes or more (the module comes compressed already).
func Compressible(name string, size int) bool {
	if size < 1024 {
		return false
	}
	for _, ext := range []string{".html", ".css", ".js", ".svg", ".json", ".wasm"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// Compress is compress for a server: gzip at the default level for the
// files it compresses on the fly.
func Compress(data []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	w.Close()
	return b.Bytes()
}
