package vm

import "testing"

// Checks of the table on whole loops rather than measurements of one
// operation: a loop of a kernel (lang/testdata/kernels) timed natively
// beside what the table charges for one of its iterations, the sum of
// its operations' figures as the interpreter adds them up.

const matRow = 256

func matrixOf(n int) [][]float64 {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
		for j := range m[i] {
			m[i][j] = float64((i*n+j)%7) + 0.5
		}
	}
	return m
}

//go:noinline
func loopMatRow(n int, c, b [][]float64, i, k int) int {
	aik := 1.25
	for r := 0; r < n; r += matRow {
		for j := 0; j < matRow; j++ {
			c[i][j] += aik * b[k][j]
		}
	}
	return int(c[i][matRow-1])
}

// matmul's inner loop, c[i][j] += aik * b[k][j], over rows of 256
// elements (2 KB each: in the L1 cache), per iteration. go build
// -gcflags=-S: the compiler reloads c[i] and b[k] from their slices of
// slices in every iteration (two loads and a bounds check each), then
// loads b[k][j] and c[i][j] (a bounds check each), multiplies, adds,
// stores, increments, compares and branches: 15 macro-ops, no chain from
// one iteration to the next. The table charges four indexes (psIndex),
// the multiply and the add (psFloatOp), the store (psIndexStore), the
// increment and the loop's test (psIntOp) and its jump back
// (psTakenBranch); VM code of the loop: lang/testdata/kernels/matmul.go
// under gmplab's disassembler.
func BenchmarkCostMatmulRow(b *testing.B) {
	c, m := matrixOf(matRow), matrixOf(matRow)
	marginal(b, func(n int) int { return loopMatRow(n, c, m, 3, 5) }, noop, 1,
		4*psIndex+2*psFloatOp+psIndexStore+2*psIntOp+psTakenBranch)
}
