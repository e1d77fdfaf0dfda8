package ssagen

import (
	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/vm"
)

// selectInstr is a select statement: OpSelect with the cases' channels
// (and values to send) on the stack; it pushes the chosen case's index
// (len(cases) for default), the received value and ok. The tuple go/ssa
// gives it is (index, ok, r0, r1, …), one value per receive case: the
// received value is stored in the slot of every r_k's Extract, as only
// the chosen case's is ever read.
func (f *fnGen) selectInstr(in *ssa.Select) {
	info := vm.SelectInfo{HasDefault: !in.Blocking}
	n := 0
	for _, st := range in.States {
		f.push(st.Chan)
		n++
		send := st.Send != nil
		if send {
			f.push(st.Send)
			n++
		}
		info.Cases = append(info.Cases, vm.SelectCase{Send: send})
	}
	si := int32(len(f.g.out.Selects))
	f.g.out.Selects = append(f.g.out.Selects, info)
	f.emitCallOp(vm.OpSelect, si, 0, n, 3)
	// index, ok and the received value: every r_k's Extract gets it.
	slots := f.tupleSlots(in, 2+len(in.States))
	var recv []int32
	for _, ss := range slots[2:] {
		recv = append(recv, ss...)
	}
	f.storeTo(slots[1])
	f.storeTo(recv)
	f.storeTo(slots[0])
}
