package vm

import "math/bits"

// math/rand/v2's ChaCha8 (math/rand/v2/chacha8.go over
// internal/chacha8rand), a generator object of rand.go with the real
// algorithm, so that a program seeding one prints what Go prints. The
// block function is chacha8_generic.go's, which every assembly version
// (amd64, arm64, …) must match: ChaCha with 8 rounds, four blocks
// interlaced as a 4-way SIMD implementation lays them out, 32 uint64s per
// block call, the key re-seeded from the last 4 of them every 16 blocks
// (State.Refill). The code below is ported from those files, Copyright
// 2023 The Go Authors, under Go's BSD-style licence.
//
// The state lives in the object's slots, as PCG's does, so snapshots
// copy it and a run stays deterministic:
//
//	0        genChaCha8
//	1..32    buf (State.buf)
//	33..36   seed (State.seed)
//	37 38 39 i, n, c (State.i, .n, .c)
//	40 41    ChaCha8.readBuf (as a little-endian uint64), readLen

const (
	c8Buf     = 1
	c8Seed    = c8Buf + chachaChunk
	c8I       = c8Seed + 4
	c8N       = c8I + 1
	c8C       = c8N + 1
	c8ReadBuf = c8C + 1
	c8ReadLen = c8ReadBuf + 1
	c8Slots   = c8ReadLen + 1
)

// chacha8rand's constants.
const (
	chachaCtrInc = 4  // increment counter by 4 between block calls
	chachaCtrMax = 16 // reseed when counter reaches 16
	chachaChunk  = 32 // each chunk produced by block is 32 uint64s
	chachaReseed = 4  // reseed with 4 words
)

// newChaCha8 is rand.NewChaCha8(seed).
func (mc *Machine) newChaCha8(seed [32]byte) int64 {
	id := mc.newObj(c8Slots)
	o := mc.objs[id&refMask]
	o[0].I = genChaCha8
	chachaInit(o, seed)
	return id
}

// chachaInit is ChaCha8.Seed: State.Init, and an empty read buffer.
func chachaInit(o []Value, seed [32]byte) {
	for i := range 4 {
		var w uint64
		for k := range 8 {
			w |= uint64(seed[8*i+k]) << (8 * k) // byteorder.LEUint64
		}
		o[c8Seed+i].I = int64(w)
	}
	chachaBlock(o, 0)
	o[c8C].I, o[c8I].I, o[c8N].I = 0, 0, chachaChunk
	o[c8ReadBuf].I, o[c8ReadLen].I = 0, 0
}

// chachaUint64 is ChaCha8.Uint64: State.Next, refilling when it is empty.
func chachaUint64(o []Value) uint64 {
	if o[c8I].I >= o[c8N].I {
		chachaRefill(o)
	}
	i := o[c8I].I
	o[c8I].I = i + 1
	return uint64(o[c8Buf+(i&31)].I)
}

// chachaRefill is State.Refill.
func chachaRefill(o []Value) {
	c := uint32(o[c8C].I) + chachaCtrInc
	if c == chachaCtrMax {
		// Reseed with generated uint64s for forward secrecy, just before
		// computing the next block.
		copy(o[c8Seed:c8Seed+4], o[c8Buf+chachaChunk-chachaReseed:c8Buf+chachaChunk])
		c = 0
	}
	o[c8C].I = int64(c)
	chachaBlock(o, c)
	o[c8I].I, o[c8N].I = 0, chachaChunk
	if c == chachaCtrMax-chachaCtrInc {
		o[c8N].I = chachaChunk - chachaReseed
	}
}

// chachaBlock is block_generic: four ChaCha8 blocks with counters
// counter..counter+3 under the seed, into buf. b[r][i] is word r of block
// i, as setup lays it out ([16][4]uint32 over the [32]uint64 buffer,
// little-endian: word r of block i is half (r*4+i)%2 of buf[(r*4+i)/2]).
func chachaBlock(o []Value, counter uint32) {
	var b [16][4]uint32
	for i := range 4 {
		b[0][i], b[1][i], b[2][i], b[3][i] = 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 // "expand 32-byte k"
		for k := range 4 {
			s := uint64(o[c8Seed+k].I)
			b[4+2*k][i], b[5+2*k][i] = uint32(s), uint32(s>>32)
		}
		b[12][i] = counter + uint32(i)
	}
	for i := range 4 {
		b0, b1, b2, b3 := b[0][i], b[1][i], b[2][i], b[3][i]
		b4, b5, b6, b7 := b[4][i], b[5][i], b[6][i], b[7][i]
		b8, b9, b10, b11 := b[8][i], b[9][i], b[10][i], b[11][i]
		b12, b13, b14, b15 := b[12][i], b[13][i], b[14][i], b[15][i]
		// 4 iterations of eight quarter-rounds each is 8 rounds.
		for range 4 {
			b0, b4, b8, b12 = chachaQR(b0, b4, b8, b12)
			b1, b5, b9, b13 = chachaQR(b1, b5, b9, b13)
			b2, b6, b10, b14 = chachaQR(b2, b6, b10, b14)
			b3, b7, b11, b15 = chachaQR(b3, b7, b11, b15)

			b0, b5, b10, b15 = chachaQR(b0, b5, b10, b15)
			b1, b6, b11, b12 = chachaQR(b1, b6, b11, b12)
			b2, b7, b8, b13 = chachaQR(b2, b7, b8, b13)
			b3, b4, b9, b14 = chachaQR(b3, b4, b9, b14)
		}
		// b4..b11 are added back to the key material, as in ChaCha20;
		// the others are stored as they are.
		b[0][i], b[1][i], b[2][i], b[3][i] = b0, b1, b2, b3
		b[4][i] += b4
		b[5][i] += b5
		b[6][i] += b6
		b[7][i] += b7
		b[8][i] += b8
		b[9][i] += b9
		b[10][i] += b10
		b[11][i] += b11
		b[12][i], b[13][i], b[14][i], b[15][i] = b12, b13, b14, b15
	}
	for w := range chachaChunk {
		lo, hi := b[(2*w)/4][(2*w)%4], b[(2*w+1)/4][(2*w+1)%4]
		o[c8Buf+w].I = int64(uint64(lo) | uint64(hi)<<32)
	}
}

// chachaQR is the ChaCha8 quarter round.
func chachaQR(a, b, c, d uint32) (uint32, uint32, uint32, uint32) {
	a += b
	d ^= a
	d = bits.RotateLeft32(d, 16)
	c += d
	b ^= c
	b = bits.RotateLeft32(b, 12)
	a += b
	d ^= a
	d = bits.RotateLeft32(d, 8)
	c += d
	b ^= c
	b = bits.RotateLeft32(b, 7)
	return a, b, c, d
}

// chachaRead is ChaCha8.Read into p: the rest of the read buffer first,
// then 8 bytes (little-endian) of each Uint64, keeping what the last one
// leaves over for the next Read.
func chachaRead(o []Value, p []Value) int {
	n := 0
	if rl := int(o[c8ReadLen].I); rl > 0 {
		buf := uint64(o[c8ReadBuf].I)
		k := min(rl, len(p))
		for j := range k {
			p[j].I = int64(uint8(buf >> (8 * (8 - rl + j))))
		}
		o[c8ReadLen].I = int64(rl - k)
		p, n = p[k:], k
	}
	for len(p) >= 8 {
		x := chachaUint64(o)
		for j := range 8 {
			p[j].I = int64(uint8(x >> (8 * j)))
		}
		p, n = p[8:], n+8
	}
	if len(p) > 0 {
		x := chachaUint64(o)
		for j := range p {
			p[j].I = int64(uint8(x >> (8 * j)))
		}
		o[c8ReadBuf].I, o[c8ReadLen].I = int64(x), int64(8-len(p))
		n += len(p)
	}
	return n
}

// The costs, from go test -bench 'ChaCha8$|ChaCha8Read' math/rand/v2:
// a Uint64 is an OpRand draw (psRand; ≈ 5 ns there, the block
// computations included); NewChaCha8 and Seed compute one block of 32
// words (≈ 32 × 5 ns); a Read costs what one of 32 bytes costs (≈ 20 ns),
// whatever its length, as a host function's cost is fixed.
const (
	costChaChaBlock = 150_000 // ps
	costChaChaRead  = 20_000
)

func init() {
	// The seed operand is a [32]byte array: an object of 32 bytes.
	seedOf := func(mc *Machine, v Value) (seed [32]byte) {
		for i, b := range mc.objs[v.I&refMask][:32] {
			seed[i] = byte(b.I)
		}
		return seed
	}
	chacha := func(mc *Machine, v Value) ([]Value, string) {
		if v.I&refMask == 0 {
			return nil, errNilFunc
		}
		return mc.objs[v.I&refMask], ""
	}
	RegisterHost(HostFunc{Name: "randv2.NewChaCha8", Pop: 1, Push: 1, Cost: costChaChaBlock, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		r[0].I = mc.newChaCha8(seedOf(mc, a[0]))
		return ""
	}})
	RegisterHost(HostFunc{Name: "randv2.ChaCha8.Seed", Pop: 2, Push: 0, Cost: costChaChaBlock, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		o, msg := chacha(mc, a[0])
		if msg == "" {
			chachaInit(o, seedOf(mc, a[1]))
		}
		return msg
	}})
	RegisterHost(HostFunc{Name: "randv2.ChaCha8.Read", Pop: 2, Push: 2, Cost: costChaChaRead, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		o, msg := chacha(mc, a[0])
		if msg != "" {
			return msg
		}
		p, n, _ := mc.sliceParts(a[1].I)
		r[0].I = int64(chachaRead(o, p[:n])) // r[1], the error, is nil
		return ""
	}})
}
