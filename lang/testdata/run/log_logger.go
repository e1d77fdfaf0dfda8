//go:build ignore

// Package log's Logger and the standard logger's output: SetOutput to a
// bytes.Buffer, to os.Stdout and to a Writer of the program's own; New
// with a prefix and flags, the Logger's setters and getters, Output's call
// depth, Lshortfile through a closure, log.Default, Writer, a discarded
// logger, and log.Fatalf's exit status. Flags without Ldate|Ltime: go
// run's header would be the wall clock's (testdata/clock/log_clock.go
// shows the simulated one).
package main

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
)

// upper is a Writer that counts its calls: Logger makes one Write per line.
type upper struct{ n int }

func (u *upper) Write(p []byte) (int, error) {
	u.n++
	fmt.Print("write ", u.n, ": ", strings.ToUpper(string(p)))
	return len(p), nil
}

func logHere(l *log.Logger, msg string) {
	l.Output(2, msg) // the caller's line
}

func main() {
	log.SetFlags(0)
	log.Print("to stderr")
	var buf bytes.Buffer
	log.SetOutput(&buf)
	log.Printf("into the buffer %d", 1)
	log.Println("and again")
	fmt.Print("buffer:\n", buf.String())
	fmt.Println(log.Writer() == &buf, log.Default().Writer() == &buf)

	l := log.New(&upper{}, "app: ", log.Lshortfile|log.Lmsgprefix)
	l.Println("hello", 2)
	l.SetPrefix("[x] ")
	l.SetFlags(log.Lshortfile)
	l.Printf("%s has %d", "shortfile", 1)
	fmt.Println(l.Prefix(), l.Flags(), l.Flags() == log.Lshortfile)
	func() { l.Print("in a closure") }()
	l.Output(1, "output at depth 1")
	logHere(l, "output at depth 2")

	quiet := log.New(io.Discard, "", 0)
	quiet.Println("nobody sees this")

	log.SetOutput(os.Stdout)
	log.SetPrefix("std: ")
	log.Default().Println("the default logger")
	log.Print() // an empty message still makes a line

	log.SetOutput(os.Stderr)
	defer fmt.Println("not run: Fatal exits at once")
	log.Fatalf("fatal %d", 3)
}
