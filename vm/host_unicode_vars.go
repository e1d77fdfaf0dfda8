package vm

import (
	"slices"

	unicode "github.com/gmplab/gmplab/internal/unicode126"
)

// unicode's variables that hold range tables rather than being one: the
// maps of tables (Categories, Scripts, Properties, FoldCategory,
// FoldScript), CategoryAliases, the slices GraphicRanges and PrintRanges,
// and the case tables CaseRanges, TurkishCase and AzeriCase, all Go
// 1.26's (internal/unicode126). Like the range tables (host_unicode.go)
// each is built only where the program's code names it, before package
// initialisation (lang/ssagen: unicodeTables), and each table in one is
// the table its variable holds (Categories["Lu"] == unicode.Lu), as in Go.
//
// What it costs follows what Go's binary does. The slices and the case
// tables are static data (the compiler's static initialisation lays them
// out, cmd/compile/internal/staticinit), built at no virtual cost. The
// maps are made at run time by unicode's initialisation, which the
// compiler outlines for a large map literal so that the linker drops it
// where the program never refers to the map (staticinit.OutlineMapInits):
// the front end emits a MakeMap and one MapStore per entry, which cost
// what a program's own map building costs (ops.go).

// Kinds of UnicodeVar.
const (
	UnicodeTableMap   = iota + 1 // map[string]*RangeTable
	UnicodeStringMap             // map[string]string (CategoryAliases)
	UnicodeTableSlice            // []*RangeTable, made by the host function Host from the tables, in order
	UnicodeCaseTable             // []CaseRange or SpecialCase, made by Host from its operand Case
)

// UnicodeVar is how the front end builds one of package unicode's
// composite variables.
type UnicodeVar struct {
	Kind int
	// Keys are a map's keys, in sorted order; Tables the range table of
	// each key or each slice element (an operand of unicode.rangeTable,
	// UnicodeTable's for an exported table); Strings CategoryAliases'
	// values.
	Keys    []string
	Tables  []int
	Strings []string
	// Host is the function that makes a slice or a case table, from the
	// tables (UnicodeTableSlice) or from Case (UnicodeCaseTable); names
	// with the same Host and Case hold one value (TurkishCase and
	// AzeriCase are one slice in Go).
	Host string
	Case int
}

// foldTables are the unexported range tables of FoldCategory and
// FoldScript (foldL, foldCommon, ...): unicode.rangeTable builds them at
// the indexes after unicode.Tables'.
var foldTables []*unicode.RangeTable

// caseTables are the case tables unicode.caseTable builds.
var caseTables = [][]unicode.CaseRange{unicode.CaseRanges, unicode.TurkishCase}

var unicodeVars = func() map[string]UnicodeVar {
	tables := func(m map[string]*unicode.RangeTable) UnicodeVar {
		v := UnicodeVar{Kind: UnicodeTableMap}
		for _, k := range sortedKeys(m) {
			i, ok := tableIndexOf(m[k])
			if !ok {
				i = len(unicode.Tables) + len(foldTables)
				foldTables = append(foldTables, m[k])
			}
			v.Keys, v.Tables = append(v.Keys, k), append(v.Tables, i)
		}
		return v
	}
	ranges := func(host string, ts []*unicode.RangeTable) UnicodeVar {
		v := UnicodeVar{Kind: UnicodeTableSlice, Host: host}
		for _, t := range ts {
			i, _ := tableIndexOf(t)
			v.Tables = append(v.Tables, i)
		}
		return v
	}
	aliases := UnicodeVar{Kind: UnicodeStringMap}
	for _, k := range sortedKeys(unicode.CategoryAliases) {
		aliases.Keys, aliases.Strings = append(aliases.Keys, k), append(aliases.Strings, unicode.CategoryAliases[k])
	}
	return map[string]UnicodeVar{
		"Categories":      tables(unicode.Categories),
		"Scripts":         tables(unicode.Scripts),
		"Properties":      tables(unicode.Properties),
		"FoldCategory":    tables(unicode.FoldCategory),
		"FoldScript":      tables(unicode.FoldScript),
		"CategoryAliases": aliases,
		"GraphicRanges":   ranges("unicode.GraphicRanges", unicode.GraphicRanges),
		"PrintRanges":     ranges("unicode.PrintRanges", unicode.PrintRanges),
		"CaseRanges":      {Kind: UnicodeCaseTable, Host: "unicode.caseTable", Case: 0},
		"TurkishCase":     {Kind: UnicodeCaseTable, Host: "unicode.caseTable", Case: 1},
		"AzeriCase":       {Kind: UnicodeCaseTable, Host: "unicode.caseTable", Case: 1},
	}
}()

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// tableIndexOf is the canonical index of exported table t.
func tableIndexOf(t *unicode.RangeTable) (int, bool) {
	for i, tb := range unicode.Tables {
		if tb.Table == t {
			return i, true
		}
	}
	return 0, false
}

// LookupUnicodeVar is how to build package unicode's variable name, with
// ok false for a name that is not one of its composite variables.
func LookupUnicodeVar(name string) (v UnicodeVar, ok bool) {
	v, ok = unicodeVars[name]
	return v, ok
}

// UnicodeTableName is the name of the exported range-table variable whose
// canonical index is i (UnicodeTable), with ok false for a fold table.
func UnicodeTableName(i int) (name string, ok bool) {
	if i < 0 || i >= len(unicode.Tables) {
		return "", false
	}
	return unicode.Tables[i].Name, true
}

// rangeTableAt is the table of unicode.rangeTable's operand i.
func rangeTableAt(i int64) *unicode.RangeTable {
	if i < int64(len(unicode.Tables)) {
		return unicode.Tables[i].Table
	}
	return foldTables[i-int64(len(unicode.Tables))]
}

func init() {
	// unicode.loadStatic and unicode.storeStatic read and set a global
	// (operand: its slot) holding static data, which Go's linker lays out
	// and no code of the program reads or writes: the front end's
	// building of tables costs no virtual time.
	RegisterHost(HostFunc{Name: "unicode.loadStatic", Pop: 1, Push: 1, Cost: CostNone, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		r[0] = mc.globals[a[0].I]
		return ""
	}})
	RegisterHost(HostFunc{Name: "unicode.storeStatic", Pop: 2, Cost: CostNone, Fn: func(mc *Machine, _ int32, a, _ []Value) string {
		mc.globals[a[1].I] = a[0]
		return ""
	}})
	for _, name := range []string{"GraphicRanges", "PrintRanges"} {
		v := unicodeVars[name]
		RegisterHost(HostFunc{Name: v.Host, Pop: len(v.Tables), Push: 1, Cost: CostNone, Fn: func(mc *Machine, _ int32, a, r []Value) string {
			arr := mc.newObj(len(a))
			copy(mc.objs[arr&refMask], a)
			r[0].I = mc.newSlice(arr, 0, len(a), len(a))
			return ""
		}})
	}
	RegisterHost(HostFunc{Name: "unicode.caseTable", Pop: 1, Push: 1, Cost: CostNone, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		r[0].I = mc.newCaseRanges(caseTables[a[0].I])
		return ""
	}})
}

// newCaseRanges builds cs as a []CaseRange of the program: each element
// an object of Lo, Hi and Delta, Delta an array object of its three
// deltas (array.go).
func (mc *Machine) newCaseRanges(cs []unicode.CaseRange) int64 {
	arr := mc.newObj(len(cs))
	for i, c := range cs {
		d := mc.newObj(len(c.Delta))
		for j, x := range c.Delta {
			mc.objs[d&refMask][j].I = int64(x)
		}
		e := mc.newObj(3)
		copy(mc.objs[e&refMask], []Value{{I: int64(c.Lo)}, {I: int64(c.Hi)}, {I: d}})
		mc.objs[arr&refMask][i].I = e
	}
	return mc.newSlice(arr, 0, len(cs), len(cs))
}
