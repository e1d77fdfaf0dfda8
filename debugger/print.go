package debugger

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/view"
)

// Print evaluates an expression (see expr.go) at the current event and
// formats its value: ids as G7, P1, M2 (- for none), times as virtual ms,
// lists in one line (a long one shortened in the middle), a struct as one
// field a line.
func (s *Session) Print(src string) (string, error) {
	e, err := parseExpr(src)
	if err != nil {
		return "", err
	}
	v, err := e.eval(s.evalContext(nil))
	if err != nil {
		return "", err
	}
	return formatValue(v, ""), nil
}

// maxListItems is the longest list printed in full; a longer one shows
// its first and last items (a run queue holds up to 256).
const maxListItems = 20

func formatValue(v value, indent string) string {
	rv := deref(v.v)
	if !rv.IsValid() {
		return "none"
	}
	switch rv.Kind() {
	case reflect.Bool:
		return strconv.FormatBool(rv.Bool())
	case reflect.String:
		if rv.String() == "" {
			return `""`
		}
		return rv.String()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, _ := asInt(v)
		return formatInt(n, v.unit)
	case reflect.Slice, reflect.Array:
		return formatList(rv, v.unit, indent)
	case reflect.Struct:
		return formatStruct(rv, indent)
	}
	return fmt.Sprint(rv.Interface())
}

func formatInt(n int64, u unit) string {
	switch u {
	case unitG, unitP, unitM:
		if n < 0 {
			return "-"
		}
		return string("GPM"[u-unitG]) + strconv.FormatInt(n, 10)
	case unitTime:
		return view.FormatTime(n)
	}
	return strconv.FormatInt(n, 10)
}

func formatList(rv reflect.Value, u unit, indent string) string {
	n := rv.Len()
	if n > 0 && deref(rv.Index(0)).Kind() == reflect.Struct {
		// A list of structs (ps, gs, frames, timers): one a line.
		var b strings.Builder
		fmt.Fprintf(&b, "%d:", n)
		for i := 0; i < n; i++ {
			b.WriteString("\n" + indent + "  [" + strconv.Itoa(i) + "] " + formatOneLine(deref(rv.Index(i))))
		}
		return b.String()
	}
	item := func(i int) string { return formatValue(value{v: rv.Index(i), unit: u}, indent) }
	var parts []string
	if n <= maxListItems {
		for i := 0; i < n; i++ {
			parts = append(parts, item(i))
		}
		return "[" + strings.Join(parts, " ") + "]"
	}
	for i := 0; i < 10; i++ {
		parts = append(parts, item(i))
	}
	parts = append(parts, "…")
	for i := n - 5; i < n; i++ {
		parts = append(parts, item(i))
	}
	return "[" + strings.Join(parts, " ") + "] (" + strconv.Itoa(n) + " in all)"
}

// fields lists a struct's exported fields with their JSON names, leaving
// out the empty ones the JSON leaves out (omitempty).
func fields(rv reflect.Value) (names []string, vals []value) {
	if rv.Type() == eventViewType && rv.CanAddr() {
		return rv.Addr().Interface().(*eventView).fields()
	}
	return structFields(rv)
}

// structFields is fields for any struct.
func structFields(rv reflect.Value) (names []string, vals []value) {
	t := rv.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		jn := jsonName(f)
		if jn == "-" {
			continue
		}
		if strings.Contains(f.Tag.Get("json"), "omitempty") && rv.Field(i).IsZero() {
			continue
		}
		names = append(names, jn)
		vals = append(vals, value{v: rv.Field(i), unit: unitOf(t.Name(), f.Name)})
	}
	return names, vals
}

func formatStruct(rv reflect.Value, indent string) string {
	names, vals := fields(rv)
	var b strings.Builder
	b.WriteString("{")
	for i, n := range names {
		b.WriteString("\n" + indent + "  " + n + ": " + formatValue(vals[i], indent+"  "))
	}
	b.WriteString("\n" + indent + "}")
	return b.String()
}

func formatOneLine(rv reflect.Value) string {
	names, vals := fields(rv)
	parts := make([]string, 0, len(names))
	for i, n := range names {
		v := formatValue(vals[i], "")
		if strings.Contains(v, "\n") {
			v = "…"
		}
		parts = append(parts, n+": "+v)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// Displays are the expressions printed after every stop.

// AddDisplay adds an expression to print after every stop; it must parse.
func (s *Session) AddDisplay(src string) error {
	if _, err := parseExpr(src); err != nil {
		return err
	}
	s.displays = append(s.displays, strings.TrimSpace(src))
	return nil
}

// RemoveDisplay deletes display n (numbered from 0, as listed).
func (s *Session) RemoveDisplay(n int) error {
	if n < 0 || n >= len(s.displays) {
		if len(s.displays) == 0 {
			return fmt.Errorf("no display %d: there are none", n)
		}
		return fmt.Errorf("no display %d (0 to %d)", n, len(s.displays)-1)
	}
	s.displays = append(s.displays[:n], s.displays[n+1:]...)
	return nil
}

// Displays returns the display lines for now: "0: p0.runq = [G5 G6]".
func (s *Session) Displays() []string {
	var lines []string
	for i, d := range s.displays {
		out, err := s.Print(d)
		if err != nil {
			out = "(" + err.Error() + ")"
		}
		lines = append(lines, fmt.Sprintf("%d: %s = %s", i, d, out))
	}
	return lines
}
