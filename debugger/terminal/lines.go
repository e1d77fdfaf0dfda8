package terminal

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// maxLine is the longest command line the REPL runs. A longer one is
// refused with an error and the REPL goes on: no line, however long, ends
// the session (bufio.Scanner's token limit used to).
const maxLine = 64 << 10

// lineReader reads lines of any length, keeping at most maxLine bytes of
// each.
type lineReader struct{ r *bufio.Reader }

func newLineReader(r io.Reader) *lineReader { return &lineReader{bufio.NewReaderSize(r, 64<<10)} }

// next returns the next line without its end, and n, the line's length in
// bytes (more than maxLine when it was cut). err is io.EOF at the end of
// the input (a last line without a newline is still returned first).
func (lr *lineReader) next() (line string, n int, err error) {
	var b strings.Builder
	for {
		chunk, err := lr.r.ReadSlice('\n')
		n += len(chunk)
		if b.Len() < maxLine+1 {
			b.Write(chunk[:min(len(chunk), maxLine+1-b.Len())])
		}
		switch err {
		case bufio.ErrBufferFull:
			continue
		case nil:
			return strings.TrimRight(b.String(), "\r\n"), n, nil
		default:
			if n > 0 && err == io.EOF {
				return strings.TrimRight(b.String(), "\r\n"), n, nil
			}
			return "", 0, err
		}
	}
}

// tooLong is the error for a line past maxLine.
func tooLong(n int) string {
	return fmt.Sprintf("the line is %d bytes long: the most is %d; it was not run", n, maxLine)
}
