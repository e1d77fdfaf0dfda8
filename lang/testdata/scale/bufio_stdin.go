package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	lines, bytes := 0, 0
	for sc.Scan() {
		lines++
		bytes += len(sc.Bytes())
	}
	fmt.Println(lines, bytes)
}
