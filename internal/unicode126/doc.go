// Package unicode126 is Go 1.26's package unicode (src/unicode of Go
// 1.26.8: casetables.go, digit.go, graphic.go, letter.go and tables.go,
// unchanged but for the package's name and letter.go's package comment;
// names.go, generated from tables.go, lists its range tables by name): the Unicode 15.0.0 tables the
// modelled release classifies and maps runes with. The simulated
// program's unicode functions are computed with it (vm/host_unicode.go),
// so that they follow Go 1.26 whichever toolchain built gmplab (Go 1.27's
// package unicode has Unicode 17.0.0's tables).
package unicode126
