package lang

// iter: Seq and Seq2, the real package's source (srcpkg/iter). Pull and
// Pull2 run the iterator on a coroutine (runtime.newcoro and coroswitch,
// which switch goroutines directly, outside the scheduler's queues); the
// simulator does not model coroutines, so they are "not supported", with
// pullAdvice.

const pullAdvice = "it runs the iterator on a coroutine (runtime.coroswitch), which gmplab does not model; range over the iterator instead"

func init() {
	realAPI["iter"] = "Pull Pull2"
}
