package main

// os.Stdin read with io.ReadAll and a bufio.Reader, and copied to os.Stdout.

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

func main() {
	r := bufio.NewReader(os.Stdin)
	first, err := r.ReadString('\n')
	fmt.Printf("%q %v\n", first, err)
	rest, err := io.ReadAll(r)
	fmt.Println(len(rest), err)
	n, err := io.Copy(os.Stdout, os.Stdin) // at its end: nothing more
	fmt.Println(n, err)
}
