package vm

import "strings"

// The disassembler: a Program as text, one instruction a line with its
// source position, for golden tests of the front end and for the curious
// (gmplab's debugger can show the instruction a G stopped at).

// String is the op's name without the Op prefix ("Call", "Send").
func (op Op) String() string {
	if op < numOps {
		return opTable[op].Name
	}
	return "Op(" + itoa(int64(op)) + ")"
}

// Disasm returns the whole program as text: for each function a header
// (index, name, frame layout, where it is declared), then one instruction a
// line: its pc, source line:col, op and operands, scheduler ops marked "*".
func (p *Program) Disasm() string {
	var b strings.Builder
	for fi := range p.Funcs {
		if fi > 0 {
			b.WriteByte('\n')
		}
		p.disasmFunc(&b, fi)
	}
	return b.String()
}

// DisasmFunc returns one function as Disasm shows it.
func (p *Program) DisasmFunc(fi int) string {
	var b strings.Builder
	p.disasmFunc(&b, fi)
	return b.String()
}

func (p *Program) disasmFunc(b *strings.Builder, fi int) {
	f := &p.Funcs[fi]
	b.WriteString("func " + itoa(int64(fi)) + " " + f.Name + " (params " + itoa(int64(f.NParams)) +
		", results " + itoa(int64(f.NResults)) + ", locals " + itoa(int64(f.NLocals)) +
		", maxstack " + itoa(int64(f.MaxStack)) + ", frame " + itoa(int64(f.FrameSize)))
	if f.NoSplit {
		b.WriteString(", nosplit")
	}
	b.WriteString(")")
	if fi == p.Main {
		b.WriteString(" entry")
	}
	if fi == p.Init {
		b.WriteString(" init")
	}
	b.WriteString(" " + p.PosString(f.Decl) + "\n")
	for pc, in := range f.Code {
		pos := ""
		if pc < len(f.Pos) {
			pos = itoa(int64(f.Pos[pc].Line)) + ":" + itoa(int64(f.Pos[pc].Col))
		}
		line := "  " + pad4(pc) + "  " + padRight(pos, 8)
		mark := " "
		if in.Op.IsSched() {
			mark = "*"
		}
		line += mark + " " + padRight(in.Op.String(), 12)
		if arg := p.operands(in); arg != "" {
			line += " " + arg
		}
		if f.Inl != 0 && p.inlined(f.Inl, pc) != 0 {
			line += " (inlined)"
		}
		if pc < len(f.InlIndex) && f.InlIndex[pc] >= 0 {
			// A spliced body's instruction: the function it is of.
			if fn := f.InlTree[f.InlIndex[pc]].Fn; fn >= 0 && int(fn) < len(p.Funcs) {
				line += " [" + p.Funcs[fn].Name + "]"
			}
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}

func pad4(n int) string {
	s := itoa(int64(n))
	for len(s) < 4 {
		s = "0" + s
	}
	return s
}

func padRight(s string, n int) string {
	for len(s) < n {
		s += " "
	}
	return s
}
