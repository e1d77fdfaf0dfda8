// Package gmplab is the root of gmplab's module. It holds no code: the
// map of the module is README.md's Layout table (what each folder is) and
// docs/hacking.md (where a change goes), and this package's test keeps the
// table true, so that a contributor following it finds what it says.
//
// Being first in the module's order, its test is also the first result
// go test ./... prints: it needs only the standard library, so on a cold
// build cache it comes within a minute, while the packages that build the
// engine (and, for the book, the engine for WebAssembly) take minutes.
package gmplab
