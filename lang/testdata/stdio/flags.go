package main

// flag, compiled from Go's own source (lang/ssasrc/flag), over os.Args:
// gmplab run flags.go -- -n 5 -v rest.

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"
)

type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(s string) error { *l = append(*l, s); return nil }

func main() {
	n := flag.Int("n", 3, "how many `times`")
	name := flag.String("name", "gopher", "who to greet")
	v := flag.Bool("v", false, "verbose")
	d := flag.Duration("d", time.Second, "how long to wait")
	var tags list
	flag.Var(&tags, "tag", "a tag (repeatable)")
	flag.Parse()
	fmt.Println(*n, *name, *v, *d, tags, flag.Args(), flag.NArg(), flag.NFlag(), len(os.Args))
	flag.Visit(func(f *flag.Flag) { fmt.Println("set:", f.Name, f.Value) })
}
