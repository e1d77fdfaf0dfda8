// Package ssagen generates the simulated runtime's program form
// (*vm.Program) from Go in SSA form (golang.org/x/tools/go/ssa): the code
// generator of gmplab's front end. Package lang parses and type-checks a
// program against the library (lang/stubs and lang/srcpkg, Go source),
// refuses what gmplab does not simulate, builds the SSA program with
// go/ssa and hands it here.
//
// # Why go/ssa
//
// Go's semantics are stated once, in go/ssa's builder: closures and the
// variables they capture, method values and expressions, promoted
// methods and their wrappers, generic instantiation, range over
// functions, the Go 1.22 loop variables, defer and recover, goto,
// type switches and the evaluation order of assignments all come out as
// some 35 kinds of instruction over explicit values, blocks and φ-nodes.
// A code generator from those instructions is a table of small cases;
// the hand-written lowering from the syntax tree it replaces had to get
// each of those rules right itself, and that was where most of the
// front end's bugs were.
//
// # The program form
//
// The VM keeps its plain-data values (vm.Value: an int64 and a string),
// its objects, boxes and closures named by ids, and its snapshots, which
// reverse stepping needs. Every SSA value gets a frame slot; a value of
// a type the VM holds in an object (a struct or an array) is the object's
// id. An SSA value is never changed once made, so a struct value is
// copied only where memory is read (a load through a pointer) or
// written (a store), never where it is passed around: a value receiver
// called in a loop costs no allocation.
//
// Memory (go/ssa's Alloc, FieldAddr, IndexAddr, Store and load) maps onto
// the VM's: an Alloc of a struct or an array is an object, whose id is
// the pointer; an Alloc of any other type is a box (what a closure
// captures is the box); the address of a field or an element that is
// not itself a struct or an array is an element pointer (vm/pointer.go),
// of a package-level variable a global pointer. A value of a sync type
// (a Mutex, a WaitGroup, the semaphores of sync's source) is the id of
// the simulated runtime's record, made with its zero value, and is its
// own address, as today's runtime expects (types.go: handle types).
//
// The scheduler-visible instructions (Go, Send, Select, a receive,
// MakeChan, Defer, RunDefers, Panic, and calls of the sync, time,
// runtime and sim functions) become the scheduler operations
// runtime/intrinsics.go performs, one for one, at the same program
// points, so that a lesson's story is the same whichever front end
// compiled it.
//
// # The library
//
// A function without a body in the library's source is bound by its full
// name (Function.String without the package's path: "fmt.Println",
// "(*sync.WaitGroup).Add") to VM code in one table, externals (extern.go
// and the extern_*.go files by package), as go/ssa/interp binds its
// externals. A binding is a VM operation, a host function
// (vm.RegisterHost) or a scheduler operation. A generic function must
// have a body in Go; where the VM computes it faster (slices.Sort of
// integers), the table binds it too and may decline for an element type
// it does not handle, and the body runs.
//
// # Rejected
//
//   - go/ssa/interp or yaegi as the interpreter: both run goroutines as
//     host goroutines and values as host values, so a run can be neither
//     scheduled deterministically nor snapshotted.
//   - Interpreting the SSA instructions directly: the VM's operand
//     values would be Go interfaces or pointers into the SSA graph, and
//     a snapshot could not be a copy of slices.
//   - Keeping the syntax-tree lowering and fixing it: each rule of the
//     language is a case to get right by hand (the commit record shows
//     evaluation order, self-referential types and range-over-func as
//     recent fixes); go/ssa rules them out by construction.
package ssagen
