//go:build !linux

package sandbox

// apply has nothing to confine with outside Linux: no limits, no
// Landlock, no seccomp. The import allowlist is what keeps learner code
// away from files, the network and processes there, and Status says so.
func apply(c Config) {
	failed = append(failed, "limits, landlock and seccomp: Linux only")
}
