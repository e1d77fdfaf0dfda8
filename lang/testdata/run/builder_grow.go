package main

import (
	"fmt"
	"strings"
)

func main() {
	var sb strings.Builder
	sb.Grow(64)
	sb.WriteString("grown")
	fmt.Println(sb.String(), sb.Len())
	sb.Reset()
	c := sb // copying a Builder after Reset is allowed again
	c.WriteByte('z')
	fmt.Println(c.String())
	c.Grow(-1)
}
