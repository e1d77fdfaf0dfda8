//go:build linux && (amd64 || arm64)

package real

import (
	"fmt"
	"go/constant"
	"reflect"

	"github.com/go-delve/delve/pkg/proc"
)

// scalarCfg loads one value, no more: every read of the real runtime's
// memory names the field it wants (pp.runqhead, (*runtime.m)(X).id), so
// that a stop costs a handful of small reads.
var scalarCfg = proc.LoadConfig{MaxStringLen: 128, MaxArrayValues: 256, MaxStructFields: -1}

// reader evaluates Go expressions in the stopped program's frame 0 (the
// runtime function the breakpoint is in, so its arguments are names).
type reader struct {
	sc *proc.EvalScope
}

func (r reader) value(expr string) (*proc.Variable, error) {
	v, err := r.sc.EvalExpression(expr, scalarCfg)
	if err != nil {
		return nil, err
	}
	if v.Unreadable != nil {
		return nil, fmt.Errorf("%s: %v", expr, v.Unreadable)
	}
	return v, nil
}

// int reads an integer, a boolean (1 or 0) or a pointer's address.
func (r reader) int(expr string) (int64, error) {
	v, err := r.value(expr)
	if err != nil {
		return 0, err
	}
	return varInt(v)
}

// intOr is int with a default for a value that cannot be read (a nil
// pointer on the way: no M, no P).
func (r reader) intOr(expr string, def int64) int64 {
	n, err := r.int(expr)
	if err != nil {
		return def
	}
	return n
}

func varInt(v *proc.Variable) (int64, error) {
	if v.Unreadable != nil {
		return 0, v.Unreadable
	}
	switch v.Kind {
	case reflect.Bool:
		if constant.BoolVal(v.Value) {
			return 1, nil
		}
		return 0, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, _ := constant.Int64Val(v.Value)
		return n, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, _ := constant.Uint64Val(v.Value)
		return int64(n), nil
	case reflect.Pointer, reflect.UnsafePointer:
		if len(v.Children) > 0 {
			return int64(v.Children[0].Addr), nil
		}
		return 0, nil
	}
	return 0, fmt.Errorf("%s is a %s, not a number", v.Name, v.Kind)
}

// str reads a string ("" if it cannot).
func (r reader) str(expr string) string {
	v, err := r.value(expr)
	if err != nil || v.Value == nil || v.Value.Kind() != constant.String {
		return "" // a func value's is its name
	}
	return constant.StringVal(v.Value)
}

// field is the field name of a loaded struct (through pointers), or nil.
func field(v *proc.Variable, name string) *proc.Variable {
	for v != nil && v.Kind == reflect.Pointer {
		if len(v.Children) == 0 {
			return nil
		}
		v = &v.Children[0]
	}
	if v == nil {
		return nil
	}
	for i := range v.Children {
		if v.Children[i].Name == name {
			return &v.Children[i]
		}
	}
	return nil
}

// fint reads an integer field of a loaded struct; an atomic type
// (atomic.Uint32 and the like: a struct with a value field) reads as its
// value. -1 if there is no such field.
func fint(v *proc.Variable, name string) int64 {
	f := field(v, name)
	for f != nil && f.Kind == reflect.Struct {
		f = field(f, "value")
	}
	if f == nil {
		return -1
	}
	n, err := varInt(f)
	if err != nil {
		return -1
	}
	return n
}
