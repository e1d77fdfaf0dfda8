// Copyright 2016 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// sync.Map for gmplab, compiled with the program (lang/srcpkg.go): the API
// and semantics of src/sync/hashtriemap.go (Go 1.24+), not its algorithm.
// Simplified, and said in docs/assumptions.md:
//   - Go's Map is internal/sync.HashTrieMap: Load takes no lock, a store
//     locks the trie node it changes, and Range visits entries in the order
//     of their keys' hashes under a seed drawn at random for each map, so it
//     differs from run to run. Here every method holds one Mutex for the
//     time of its step (the lock shows in the schedule), and Range visits
//     entries in the order their keys were first stored.
//   - A key that is not comparable panics with =='s message ("comparing
//     uncomparable type"), where Go's says "hash of unhashable type".

package sync

// Map is like a Go map[any]any but is safe for concurrent use
// by multiple goroutines without additional locking or coordination.
// Loads, stores, and deletes run in amortized constant time.
type Map struct {
	mu   Mutex
	keys []any
	vals []any
}

// find is the index of key, or -1.
func (m *Map) find(key any) int {
	for i, k := range m.keys {
		if k == key {
			return i
		}
	}
	return -1
}

// remove deletes entry i.
func (m *Map) remove(i int) {
	m.keys = append(m.keys[:i], m.keys[i+1:]...)
	m.vals = append(m.vals[:i], m.vals[i+1:]...)
}

// Load returns the value stored in the map for a key, or nil if no
// value is present.
// The ok result indicates whether value was found in the map.
func (m *Map) Load(key any) (value any, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := m.find(key); i >= 0 {
		return m.vals[i], true
	}
	return nil, false
}

// Store sets the value for a key.
func (m *Map) Store(key, value any) {
	m.Swap(key, value)
}

// Clear deletes all the entries, resulting in an empty Map.
func (m *Map) Clear() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.keys, m.vals = nil, nil
}

// LoadOrStore returns the existing value for the key if present.
// Otherwise, it stores and returns the given value.
// The loaded result is true if the value was loaded, false if stored.
func (m *Map) LoadOrStore(key, value any) (actual any, loaded bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := m.find(key); i >= 0 {
		return m.vals[i], true
	}
	m.keys = append(m.keys, key)
	m.vals = append(m.vals, value)
	return value, false
}

// LoadAndDelete deletes the value for a key, returning the previous value if any.
// The loaded result reports whether the key was present.
func (m *Map) LoadAndDelete(key any) (value any, loaded bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := m.find(key); i >= 0 {
		value = m.vals[i]
		m.remove(i)
		return value, true
	}
	return nil, false
}

// Delete deletes the value for a key.
func (m *Map) Delete(key any) {
	m.LoadAndDelete(key)
}

// Swap swaps the value for a key and returns the previous value if any.
// The loaded result reports whether the key was present.
func (m *Map) Swap(key, value any) (previous any, loaded bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := m.find(key); i >= 0 {
		previous = m.vals[i]
		m.vals[i] = value
		return previous, true
	}
	m.keys = append(m.keys, key)
	m.vals = append(m.vals, value)
	return nil, false
}

// CompareAndSwap swaps the old and new values for key
// if the value stored in the map is equal to old.
// The old value must be of a comparable type.
func (m *Map) CompareAndSwap(key, old, new any) (swapped bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := m.find(key); i >= 0 && m.vals[i] == old {
		m.vals[i] = new
		return true
	}
	return false
}

// CompareAndDelete deletes the entry for key if its value is equal to old.
// The old value must be of a comparable type.
//
// If there is no current value for key in the map, CompareAndDelete
// returns false (even if the old value is the nil interface value).
func (m *Map) CompareAndDelete(key, old any) (deleted bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := m.find(key); i >= 0 && m.vals[i] == old {
		m.remove(i)
		return true
	}
	return false
}

// Range calls f sequentially for each key and value present in the map.
// If f returns false, range stops the iteration.
//
// Range does not necessarily correspond to any consistent snapshot of the
// Map's contents: no key will be visited more than once, but if the value
// for any key is stored or deleted concurrently (including by f), Range may
// reflect any mapping for that key from any point during the Range call.
// Range does not block other methods on the receiver; even f itself may
// call any method on m.
func (m *Map) Range(f func(key, value any) bool) {
	m.mu.Lock()
	keys := append([]any(nil), m.keys...)
	m.mu.Unlock()
	for _, k := range keys {
		if v, ok := m.Load(k); ok && !f(k, v) {
			return
		}
	}
}
