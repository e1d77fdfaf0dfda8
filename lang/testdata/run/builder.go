package main

import (
	"fmt"
	"strings"
)

type Report struct {
	title string
	body  strings.Builder
}

func (r *Report) add(line string) {
	r.body.WriteString(line)
	r.body.WriteByte('\n')
}

func render(sb *strings.Builder, n int) {
	for i := range n {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(fmt.Sprint(i))
	}
}

func main() {
	var sb strings.Builder
	n, err := sb.WriteString("héllo")
	fmt.Println(n, err, sb.Len())
	sb.WriteByte(' ')
	m, _ := sb.WriteRune('世')
	fmt.Println(m, sb.String(), sb.Len())
	sb.Grow(100)
	sb.Reset()
	fmt.Printf("%q %d\n", sb.String(), sb.Len())
	r := &Report{title: "t"}
	r.add("one")
	r.add("two")
	fmt.Print(r.body.String())
	b := new(strings.Builder)
	for i := 0; i < 3; i++ {
		b.WriteString(strings.Repeat("ab", i))
		b.WriteRune('|')
	}
	fmt.Println(b.String())
	var parts []string
	for _, w := range strings.Fields(" a b  c ") {
		var t strings.Builder
		t.WriteString("<")
		t.WriteString(w)
		t.WriteString(">")
		parts = append(parts, t.String())
	}
	fmt.Println(strings.Join(parts, ""))
	var z strings.Builder
	zc := z // a zero Builder may be copied
	zc.WriteString("ok")
	fmt.Println(zc.String(), z.Len())
	if len(parts) > 5 {
		sb.Grow(-1)
	}
	sb.WriteString("x")
	c := sb
	fmt.Println(c.String(), c.Len())
	c.WriteString("y")
}
