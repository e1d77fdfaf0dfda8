package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"
)

// Errors about goto and labels, in the Go compiler's words.

var (
	gotoOverDecl  = regexp.MustCompile(`^goto (\w+) jumps over variable declaration at line \d+$`)
	gotoIntoBlock = regexp.MustCompile(`^goto (\w+) jumps into block$`)
)

// branchErrors words go/types' errors about labels and branches as the Go
// compiler does (cmd/compile/internal/syntax/branches.go checks them, not
// types2): it names the declaration a goto jumps over and where the block
// it jumps into starts, and it does not call a label unused that an
// invalid break or continue names.
type branchErrors struct {
	fset    *token.FileSet
	file    *ast.File
	invalid map[string]bool // labels named by an invalid break or continue
}

var (
	unusedLabel    = regexp.MustCompile(`^label (\w+) declared and not used$`)
	invalidBranch  = regexp.MustCompile(`^invalid (break|continue) label (\w+)$`)
	undefinedLabel = regexp.MustCompile(`^label (\w+) not declared$`)
)

// message is the compiler's wording of go/types' msg at pos ("" to drop
// it).
func (b *branchErrors) message(pos token.Pos, msg string) string {
	switch msg {
	case "break not in for, switch, or select statement":
		return "break is not in a loop, switch, or select"
	case "continue not in for statement":
		return "continue is not in a loop"
	}
	if m := unusedLabel.FindStringSubmatch(msg); m != nil {
		if b.invalid[m[1]] {
			return ""
		}
		return "label " + m[1] + " defined and not used"
	}
	if m := undefinedLabel.FindStringSubmatch(msg); m != nil {
		return "label " + m[1] + " not defined"
	}
	if m := invalidBranch.FindStringSubmatch(msg); m != nil {
		if b.invalid == nil {
			b.invalid = map[string]bool{}
		}
		b.invalid[m[2]] = true
		enclosing := false
		ast.Inspect(b.file, func(n ast.Node) bool {
			if l, ok := n.(*ast.LabeledStmt); ok && l.Label.Name == m[2] && l.Pos() <= pos && pos < l.End() {
				enclosing = true
			}
			return !enclosing
		})
		if !enclosing {
			return m[1] + " label not defined: " + m[2]
		}
		return msg
	}
	return gotoMessage(b.fset, b.file, pos, msg)
}

// gotoMessage words go/types' errors for a goto as the Go compiler does,
// naming the declaration jumped over and where the block jumped into
// starts; pos is the goto's label.
func gotoMessage(fset *token.FileSet, f *ast.File, pos token.Pos, msg string) string {
	over := gotoOverDecl.FindStringSubmatch(msg)
	into := gotoIntoBlock.FindStringSubmatch(msg)
	if over == nil && into == nil {
		return msg
	}
	// The function body holding the goto, then the label's statement list.
	var body *ast.BlockStmt
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body != nil && n.Body.Pos() <= pos && pos < n.Body.End() {
				body = n.Body
			}
		case *ast.FuncLit:
			if n.Body.Pos() <= pos && pos < n.Body.End() {
				body = n.Body
			}
		}
		return true
	})
	if body == nil {
		return msg
	}
	m := over
	if m == nil {
		m = into
	}
	name := m[1:]
	list, start := labelBlock(body, name[0])
	if list == nil {
		return msg
	}
	where := func(p token.Pos) string {
		ps := fset.Position(p)
		return ps.Filename + ":" + strconv.Itoa(ps.Line) + ":" + strconv.Itoa(ps.Column)
	}
	if into != nil {
		return "goto " + name[0] + " jumps into block starting at " + where(start)
	}
	// The last variable declaration before the label in its block.
	var declPos token.Pos
	var declName string
	for _, s := range list {
		if l, ok := s.(*ast.LabeledStmt); ok && l.Label.Name == name[0] {
			break
		}
		switch s := s.(type) {
		case *ast.DeclStmt:
			if g, ok := s.Decl.(*ast.GenDecl); ok && g.Tok == token.VAR && len(g.Specs) > 0 {
				vs := g.Specs[0].(*ast.ValueSpec)
				declPos, declName = vs.Names[0].Pos(), vs.Names[0].Name
			}
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				var names []string
				for _, l := range s.Lhs {
					names = append(names, types.ExprString(l))
				}
				declPos, declName = s.TokPos, strings.Join(names, ", ")
			}
		}
	}
	if !declPos.IsValid() {
		return msg
	}
	return "goto " + name[0] + " jumps over declaration of " + declName + " at " + where(declPos)
}

// labelBlock finds the statement list holding label name in body, and
// where the compiler says that block starts: its {, or the case or
// default of a clause.
func labelBlock(body *ast.BlockStmt, name string) ([]ast.Stmt, token.Pos) {
	var list []ast.Stmt
	var start token.Pos
	var visit func(stmts []ast.Stmt, at token.Pos)
	visit = func(stmts []ast.Stmt, at token.Pos) {
		for _, s := range stmts {
			for {
				l, ok := s.(*ast.LabeledStmt)
				if !ok {
					break
				}
				if l.Label.Name == name && list == nil {
					list, start = stmts, at
				}
				s = l.Stmt
			}
			switch s := s.(type) {
			case *ast.BlockStmt:
				visit(s.List, s.Lbrace)
			case *ast.IfStmt:
				visit(s.Body.List, s.Body.Lbrace)
				if s.Else != nil {
					visit([]ast.Stmt{s.Else}, s.Else.Pos())
				}
			case *ast.ForStmt:
				visit(s.Body.List, s.Body.Lbrace)
			case *ast.RangeStmt:
				visit(s.Body.List, s.Body.Lbrace)
			case *ast.SwitchStmt:
				visit(s.Body.List, s.Body.Lbrace)
			case *ast.TypeSwitchStmt:
				visit(s.Body.List, s.Body.Lbrace)
			case *ast.SelectStmt:
				visit(s.Body.List, s.Body.Lbrace)
			case *ast.CaseClause:
				visit(s.Body, s.Case)
			case *ast.CommClause:
				visit(s.Body, s.Case)
			}
		}
	}
	visit(body.List, body.Lbrace)
	return list, start
}
