package main

// os.Stdin read through bufio.Scanner (lang/ssasrc/bufio): lines and words
// of gmplab's standard input.

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	lines, words := 0, 0
	for sc.Scan() {
		lines++
		words += len(strings.Fields(sc.Text()))
		fmt.Printf("%d: %q\n", lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		fmt.Println("error:", err)
	}
	fmt.Println(lines, "lines", words, "words")
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "buffered %d\n", lines)
	w.Flush()
}
