package main

// io, bytes and fmt.Fprint* to any io.Writer, compiled from Go's own
// source (lang/ssasrc): io.Copy, io.MultiWriter, io.Discard, io.Pipe,
// io.ReadAll, bytes.Buffer, strings.Reader, strings.Builder as a Writer.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// counter is an io.Writer of the program's own.
type counter struct{ n, calls int }

func (c *counter) Write(p []byte) (int, error) {
	c.n += len(p)
	c.calls++
	return len(p), nil
}

// failing fails after limit bytes.
type failing struct{ limit int }

func (f *failing) Write(p []byte) (int, error) {
	if len(p) > f.limit {
		n := f.limit
		f.limit = 0
		return n, errors.New("disk full")
	}
	f.limit -= len(p)
	return len(p), nil
}

// upper reads its source in upper case.
type upper struct{ r io.Reader }

func (u upper) Read(p []byte) (int, error) {
	n, err := u.r.Read(p)
	copy(p, bytes.ToUpper(p[:n]))
	return n, err
}

func main() {
	c := &counter{}
	n, err := fmt.Fprintf(c, "%d-%s\n", 42, "x")
	fmt.Println(n, err, c.n, c.calls)

	var sb strings.Builder
	var buf bytes.Buffer
	w := io.MultiWriter(c, &sb, &buf, io.Discard)
	m, err := io.Copy(w, upper{strings.NewReader("hello, reader")})
	fmt.Println(m, err, c.n, sb.String(), buf.Len())
	fmt.Fprintln(&sb, " and", 3, "more")
	fmt.Print(sb.String())

	_, err = fmt.Fprint(&failing{limit: 3}, "abcdef")
	fmt.Println("fail:", err)

	buf.Reset()
	buf.WriteString("line one\nline two\n")
	buf.WriteByte('x')
	buf.WriteRune('é')
	line, err := buf.ReadString('\n')
	fmt.Printf("%q %v %d\n", line, err, buf.Len())
	rest, _ := io.ReadAll(&buf)
	fmt.Printf("%q\n", string(rest))

	fmt.Println(bytes.Equal([]byte("a"), []byte("a")), bytes.Index([]byte("chicken"), []byte("ken")),
		string(bytes.Join([][]byte{[]byte("a"), []byte("b")}, []byte(", "))),
		bytes.Fields([]byte(" a b  c ")), string(bytes.TrimSpace([]byte("  t  "))),
		bytes.Count([]byte("cheese"), []byte("e")), bytes.HasPrefix([]byte("go"), []byte("g")),
		string(bytes.Repeat([]byte("ab"), 3)), bytes.EqualFold([]byte("Go"), []byte("GO")))

	r := strings.NewReader("0123456789")
	b3 := make([]byte, 3)
	io.ReadFull(r, b3)
	r.Seek(2, io.SeekCurrent)
	b, _ := io.ReadAll(io.LimitReader(r, 4))
	fmt.Println(string(b3), string(b), r.Len())

	pr, pw := io.Pipe()
	go func() {
		for i := 0; i < 3; i++ {
			fmt.Fprintf(pw, "chunk %d;", i)
		}
		pw.CloseWithError(errors.New("done writing"))
	}()
	all, err := io.ReadAll(pr)
	fmt.Println(string(all), err)

	io.WriteString(os.Stdout, "to stdout\n")
	fmt.Fprintln(os.Stderr, "to stderr")
}
