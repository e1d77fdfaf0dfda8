package debugger

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"
)

// Parsing expressions with go/parser (style guide item 16: Delve parses
// what users type with go/parser.ParseExpr and walks the AST). The AST is
// turned into the evaluator's nodes (expr.go), refusing what the debugger
// cannot evaluate with a sentence that says what it can.
//
// Rejected: the hand-written recursive-descent parser this replaces (a
// second grammar to maintain, with no depth bound: a long enough line of
// "(" or "!" overflowed the host stack).

// maxExprDepth bounds how deeply an expression may nest: the evaluator and
// String recurse once a level. Conditions people write nest a few levels.
const maxExprDepth = 64

// maxExprLen bounds an expression's length in bytes.
const maxExprLen = 4096

// timeUnits are the units a number may carry, in ns.
var timeUnits = map[string]int64{"ns": 1, "us": 1e3, "µs": 1e3, "ms": 1e6, "s": 1e9}

// parseExpr parses src into an expression the debugger can evaluate.
func parseExpr(src string) (expr, error) {
	if strings.TrimSpace(src) == "" {
		return nil, errors.New("empty expression")
	}
	if len(src) > maxExprLen {
		return nil, fmt.Errorf("the expression is %d bytes long: the most is %d", len(src), maxExprLen)
	}
	goSrc, units, err := rewriteUnits(src)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	n, err := parser.ParseExprFrom(fset, "", goSrc, parser.SkipObjectResolution)
	if err != nil {
		return nil, parseError(goSrc, err)
	}
	cv := converter{fset: fset, units: units}
	return cv.expr(n, 0)
}

// rewriteUnits scans src as Go and replaces each number that carries a
// unit of time (10ms) by its value in ns, remembering the original text by
// the new literal's offset so that the expression prints as typed.
func rewriteUnits(src string) (string, map[int]string, error) {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var scanErr error
	sc.Init(file, []byte(src), func(pos token.Position, msg string) {
		if scanErr == nil {
			scanErr = scanError(msg)
		}
	}, 0)
	var out strings.Builder
	units := map[int]string{}
	last := 0
	prevInt, prevEnd, prevStart := "", -1, 0
	for {
		pos, tok, lit := sc.Scan()
		if tok == token.EOF {
			break
		}
		off := file.Offset(pos)
		switch {
		case tok == token.ASSIGN || tok == token.DEFINE:
			return "", nil, errors.New(tok.String() + " assigns; compare with ==")
		case tok == token.IDENT && prevInt != "" && off == prevEnd:
			mult, ok := timeUnits[lit]
			if !ok {
				return "", nil, fmt.Errorf("%s: a number's unit is ns, us, ms or s", src[prevStart:off+len(lit)])
			}
			v, err := strconv.ParseInt(prevInt, 0, 64)
			if err != nil {
				return "", nil, fmt.Errorf("%s: not a number", prevInt)
			}
			out.WriteString(src[last:prevStart])
			units[out.Len()] = src[prevStart : off+len(lit)]
			out.WriteString(strconv.FormatInt(v*mult, 10))
			last = off + len(lit)
		}
		prevInt, prevEnd, prevStart = "", -1, off
		if tok == token.INT {
			prevInt, prevEnd = lit, off+len(lit)
		}
	}
	if scanErr != nil {
		return "", nil, scanErr
	}
	out.WriteString(src[last:])
	return out.String(), units, nil
}

// scanError words go/scanner's complaints for the debugger's prompt.
func scanError(msg string) error {
	if strings.Contains(msg, "string literal not terminated") {
		return errors.New("a string is not closed with \"")
	}
	return errors.New(msg)
}

// parseError turns go/parser's first error into a sentence: the common
// cases in the debugger's words, the others in Go's.
func parseError(src string, err error) error {
	var list scanner.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		return err
	}
	e := list[0]
	switch {
	case strings.Count(src, "(") > strings.Count(src, ")"):
		return errors.New("a ( is not closed with )")
	case strings.Contains(e.Msg, "string literal not terminated"):
		return errors.New("a string is not closed with \"")
	case strings.HasSuffix(e.Msg, "found 'EOF'"), strings.HasSuffix(e.Msg, "found newline"):
		return errors.New("the expression ends too soon")
	case strings.Contains(e.Msg, "expected selector"):
		return fmt.Errorf("column %d: want a field name after .", e.Pos.Column)
	case strings.Contains(e.Msg, "exceeded max nesting depth"):
		return fmt.Errorf("the expression is nested more than %d deep", maxExprDepth)
	}
	return fmt.Errorf("column %d: %s", e.Pos.Column, e.Msg)
}

// converter turns go/ast nodes into the evaluator's.
type converter struct {
	fset  *token.FileSet
	units map[int]string
}

func (cv *converter) expr(n ast.Expr, depth int) (expr, error) {
	if depth > maxExprDepth {
		return nil, fmt.Errorf("the expression is nested more than %d deep", maxExprDepth)
	}
	switch n := n.(type) {
	case *ast.ParenExpr:
		e, err := cv.expr(n.X, depth+1)
		if err != nil {
			return nil, err
		}
		return &parenExpr{e}, nil
	case *ast.UnaryExpr:
		switch n.Op {
		case token.NOT:
			e, err := cv.expr(n.X, depth+1)
			if err != nil {
				return nil, err
			}
			return &notExpr{e}, nil
		case token.SUB:
			if lit, ok := n.X.(*ast.BasicLit); ok && lit.Kind == token.INT {
				l, err := cv.lit(lit)
				if err != nil {
					return nil, err
				}
				return &litExpr{v: value{v: reflect.ValueOf(-l.v.v.Int())}, src: "-" + l.src}, nil
			}
		}
		return nil, fmt.Errorf("%s: the debugger's operators are ! && || == != < <= > >=", types.ExprString(n))
	case *ast.BinaryExpr:
		switch n.Op {
		case token.LAND, token.LOR, token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		default:
			return nil, fmt.Errorf("%s: the debugger's operators are ! && || == != < <= > >=", n.Op)
		}
		l, err := cv.expr(n.X, depth+1)
		if err != nil {
			return nil, err
		}
		r, err := cv.expr(n.Y, depth+1)
		if err != nil {
			return nil, err
		}
		return &binExpr{op: n.Op.String(), l: l, r: r}, nil
	case *ast.BasicLit:
		return cv.lit(n)
	case *ast.CallExpr:
		if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "len" && len(n.Args) == 1 && !n.Ellipsis.IsValid() {
			e, err := cv.expr(n.Args[0], depth+1)
			if err != nil {
				return nil, err
			}
			return &lenExpr{e}, nil
		}
		return nil, fmt.Errorf("%s: the only function is len(x)", types.ExprString(n))
	case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr:
		return cv.path(n, depth)
	}
	return nil, fmt.Errorf("%s: not an expression the debugger evaluates (names, x.field, x[N], len(x), numbers, strings, comparisons, ! && ||)", types.ExprString(n))
}

// path turns name, x.field and x[N] into a pathExpr.
func (cv *converter) path(n ast.Expr, depth int) (*pathExpr, error) {
	if depth > maxExprDepth {
		return nil, fmt.Errorf("the expression is nested more than %d deep", maxExprDepth)
	}
	switch n := n.(type) {
	case *ast.Ident:
		return &pathExpr{segs: []string{n.Name}}, nil
	case *ast.SelectorExpr:
		pe, err := cv.path(n.X, depth+1)
		if err != nil {
			return nil, err
		}
		pe.segs = append(pe.segs, n.Sel.Name)
		return pe, nil
	case *ast.IndexExpr:
		pe, err := cv.path(n.X, depth+1)
		if err != nil {
			return nil, err
		}
		lit, ok := n.Index.(*ast.BasicLit)
		if !ok || lit.Kind != token.INT {
			return nil, fmt.Errorf("want [N] after %s", pe)
		}
		i, err := strconv.ParseInt(lit.Value, 0, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: not a number", lit.Value)
		}
		pe.segs = append(pe.segs, "["+strconv.FormatInt(i, 10)+"]")
		return pe, nil
	}
	return nil, fmt.Errorf("want a name before %s", types.ExprString(n))
}

// lit is a number (in ns if it carried a unit) or a string.
func (cv *converter) lit(n *ast.BasicLit) (*litExpr, error) {
	switch n.Kind {
	case token.INT:
		v, err := strconv.ParseInt(n.Value, 0, 64)
		if err != nil {
			return nil, fmt.Errorf("%s: not a number", n.Value)
		}
		src := n.Value
		if orig, ok := cv.units[cv.fset.Position(n.Pos()).Offset]; ok {
			src = orig
		}
		return &litExpr{v: value{v: reflect.ValueOf(v)}, src: src}, nil
	case token.STRING:
		s, err := strconv.Unquote(n.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: bad string", n.Value)
		}
		return &litExpr{v: value{v: reflect.ValueOf(s)}, src: strconv.Quote(s)}, nil
	}
	return nil, fmt.Errorf("%s: numbers are whole (in ns with a unit: 10ms), strings are in \"\"", n.Value)
}
