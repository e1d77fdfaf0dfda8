package lang

import (
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// BenchmarkMapKeys is the cost of simulating 20,000 assignments and
// lookups in a map by key type: plain keys (int) against the encoded ones
// (vm/mapkey.go: interfaces; vm/array.go: structs, with pointers inside or
// without).
func BenchmarkMapKeys(b *testing.B) {
	for _, bc := range []struct{ name, decl, key string }{
		{"int", "int", "i"},
		{"any", "any", "i"},
		{"struct", "struct{ a, b int }", "struct{ a, b int }{i, 1}"},
		{"struct-ptr", "struct{ a int; p *int }", "struct{ a int; p *int }{i, nil}"},
		{"struct-any", "struct{ a int; v any }", "struct{ a int; v any }{i, 1}"},
	} {
		src := "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tm := map[KT]int{}\n\tn := 0\n\tfor i := 0; i < 10000; i++ {\n\t\tm[K] = i\n\t}\n\tfor i := 0; i < 10000; i++ {\n\t\tn += m[K]\n\t}\n\tfmt.Println(len(m), n)\n}\n"
		src = strings.ReplaceAll(strings.ReplaceAll(src, "KT", bc.decl), "K]", bc.key+"]")
		prog, err := Compile("bench.go", []byte(src))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 1})
				if err != nil {
					b.Fatal(err)
				}
				var out string
				if ex := mc.Run(func(ev *runtime.Event) {
					if ev.Kind == runtime.EvPrint {
						out += ev.Text
					}
				}); ex == nil || ex.Code != 0 || out != "10000 49995000\n" {
					b.Fatalf("exit %v, output %q", ex, out)
				}
			}
		})
	}
}
