package main

import (
	"flag"
	"fmt"
)

func main() {
	v := flag.Int("v", 0, "a value")
	flag.Parse()
	fmt.Println(*v, flag.NArg())
}
