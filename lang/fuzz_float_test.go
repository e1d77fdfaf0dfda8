package lang

// Seeds of FuzzCompile for float syntax: literals in every form Go has
// (decimal, exponent, hexadecimal mantissa, underscores), malformed ones,
// constants that overflow, and float operations the interpreter runs.
func init() {
	fuzzSeeds = append(fuzzSeeds,
		"package main\nimport \"fmt\"\nfunc main() { fmt.Println(1.5, .5, 5., 1e3, 1E-3, 0x1p-2, 0x1.8p+1, 1_000.000_1, 01.5, 0.) }\n",
		"package main\nfunc main() { x := 1e }\n",
		"package main\nfunc main() { x := 0x1.8; _ = x }\n",
		"package main\nfunc main() { x := 1.5e+; _ = x }\n",
		"package main\nfunc main() { x := 1__0.5; _ = x }\n",
		"package main\nfunc main() { x := 1e400; _ = x }\n",
		"package main\nfunc main() { var f float32 = 1e39; _ = f }\n",
		"package main\nfunc main() { x := 1.5; _ = x % 2 }\n",
		"package main\nimport \"fmt\"\nfunc main() { x := 0.0; fmt.Println(1/x, -1/x, x/x, int(x/x), uint8(-1/x)) }\n",
		"package main\nimport \"fmt\"\nfunc main() { var f float32 = 0.1; f *= 3; f++; fmt.Printf(\"%v %.3e %08.2f %x\\n\", f, f, f, f) }\n",
	)
}
