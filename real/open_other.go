//go:build !(linux && (amd64 || arm64))

package real

import "context"

// Open says why gmplab real cannot run here: Delve is built into gmplab
// only where gmplab real works, so that gmplab builds everywhere else.
func Open(ctx context.Context, o Options) (Debugger, error) { return nil, Check() }
