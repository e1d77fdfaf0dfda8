//go:build ignore

// Package log's standard logger: Print, Printf, Println with flags,
// prefixes (before the header, or before the message with Lmsgprefix) and
// the short file name; lines go to stderr. The timestamp is left out
// (SetFlags without Ldate|Ltime): go run's would be the wall clock's
// (testdata/clock/log_clock.go shows the simulated one).
package main

import (
	"fmt"
	"log"
)

func main() {
	fmt.Println("default flags:", log.Flags(), log.Flags() == log.LstdFlags)
	log.SetFlags(0)
	log.Print("print", 1, 2, "x", "y")
	log.Printf("printf %d %q", 42, "quoted")
	log.Println("println", 1, 2)
	log.Print("ends with a newline\n")
	log.SetPrefix("[app] ")
	log.Println("prefixed")
	log.SetFlags(log.Lshortfile)
	log.Println("with the file")
	log.SetFlags(log.Lmsgprefix)
	log.Println("prefix before the message")
	fmt.Println("flags:", log.Flags(), "prefix:", log.Prefix())
}
