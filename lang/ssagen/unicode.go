package ssagen

import (
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/vm"
)

// unicodeTables builds each of package unicode's range-table variables
// that the generated code refers to (vm.UnicodeTable: Letter, Latin, ...),
// as Go's linker keeps only the static tables a program refers to; two
// names of one table (Letter and L) get the same one. Then it builds the
// composite variables the code refers to (vm.LookupUnicodeVar:
// Categories, GraphicRanges, CaseRanges, ...), whose tables are the
// variables' (Categories["L"] == unicode.L): a map with a MakeMap and a
// MapStore per entry, in key order, as unicode's outlined map
// initialisation does; a slice or a case table by a host function, as
// static data. It runs before the program's package initialisation.
func (f *fnGen) unicodeTables() {
	g := f.g
	type ref struct {
		v     *ssa.Global
		slot  int32
		table int
	}
	var composites []*ssa.Global
	var pkg *ssa.Package
	for v := range g.globals {
		if v.Pkg == nil || v.Pkg.Pkg.Path() != "unicode" {
			continue
		}
		pkg = v.Pkg
		if _, ok := vm.LookupUnicodeVar(v.Name()); ok {
			composites = append(composites, v)
		}
	}
	sort.Slice(composites, func(i, j int) bool { return composites[i].Name() < composites[j].Name() })
	// A table a composite holds needs a variable: that of its first
	// name, unless the code names it already (global adds it).
	for _, v := range composites {
		c, _ := vm.LookupUnicodeVar(v.Name())
		for _, t := range c.Tables {
			if name, ok := vm.UnicodeTableName(t); ok && !f.unicodeTableNamed(t) {
				g.global(pkg.Var(name))
			}
		}
	}
	var refs []ref
	for v, slot := range g.globals {
		if v.Pkg == nil || v.Pkg.Pkg.Path() != "unicode" {
			continue
		}
		if t, ok := vm.UnicodeTable(v.Name()); ok {
			refs = append(refs, ref{v, slot, t})
		}
	}
	sort.Slice(refs, func(i, j int) bool {
		if refs[i].table != refs[j].table {
			return refs[i].table < refs[j].table
		}
		return refs[i].slot < refs[j].slot
	})
	// Static data is loaded and stored by the host, at no cost.
	loadStatic := func(slot int32) {
		f.pushInt(int64(slot))
		f.host("unicode.loadStatic", 0)
	}
	storeStatic := func(slot int32) {
		f.pushInt(int64(slot))
		f.host("unicode.storeStatic", 0)
	}
	tableSlot := map[int]int32{}
	for i, r := range refs {
		if i > 0 && refs[i-1].table == r.table {
			loadStatic(refs[i-1].slot)
		} else {
			f.pushInt(int64(r.table))
			f.host("unicode.rangeTable", 0)
			tableSlot[r.table] = r.slot
		}
		storeStatic(r.slot)
	}
	pushTable := func(t int) {
		if slot, ok := tableSlot[t]; ok {
			loadStatic(slot)
			return
		}
		f.pushInt(int64(t)) // a fold table, held by its map alone
		f.host("unicode.rangeTable", 0)
	}
	type made struct {
		host string
		cse  int
	}
	madeSlot := map[made]int32{}
	for _, v := range composites {
		c, _ := vm.LookupUnicodeVar(v.Name())
		slot := g.global(v)
		switch c.Kind {
		case vm.UnicodeTableMap, vm.UnicodeStringMap:
			f.pushInt(int64(len(c.Keys)))
			f.emitCallOp(vm.OpMakeMap, 0, 0, 1, 1)
			f.emit(vm.OpStoreGlob, slot, 0)
			for i, k := range c.Keys {
				f.emit(vm.OpLoadGlob, slot, 0)
				f.pushStr(k)
				if c.Kind == vm.UnicodeTableMap {
					pushTable(c.Tables[i])
				} else {
					f.pushStr(c.Strings[i])
				}
				f.emitCallOp(vm.OpMapStore, 0, 0, 3, 0)
			}
			continue
		case vm.UnicodeTableSlice:
			for _, t := range c.Tables {
				pushTable(t)
			}
			f.host(c.Host, 0)
		case vm.UnicodeCaseTable:
			if s, ok := madeSlot[made{c.Host, c.Case}]; ok {
				loadStatic(s) // AzeriCase is TurkishCase's slice
			} else {
				f.pushInt(int64(c.Case))
				f.host(c.Host, 0)
				madeSlot[made{c.Host, c.Case}] = slot
			}
		}
		storeStatic(slot)
	}
}

// unicodeTableNamed reports whether the generated code refers to a
// variable holding unicode's range table t.
func (f *fnGen) unicodeTableNamed(t int) bool {
	for v := range f.g.globals {
		if v.Pkg != nil && v.Pkg.Pkg.Path() == "unicode" {
			if i, ok := vm.UnicodeTable(v.Name()); ok && i == t {
				return true
			}
		}
	}
	return false
}
