package lang

// The intrinsics of the sort package's source (lang/srcpkg/sort/slice.go):
// internal/reflectlite's Len and Swapper of an `any` holding a slice,
// computed by the VM (vm/host_sort.go).

func init() {
	for _, n := range []string{"sort.reflectSliceLen", "sort.reflectSliceSwap"} {
		libHandlers[n] = hostCall(n, nil)
	}
}
