//go:build !linux

package sim

import (
	"net"
	"sync"
	"time"
)

// dial is a TCP connection over the loopback interface (127.0.0.1 only):
// both ends are set up synchronously, and a timer writes the byte on the
// server's end. That timer's function runs on this process's Ps, so a
// program that hogs them delays the data too (see Dial).
func dial(d time.Duration) *Conn {
	start := time.Now()
	l := listener()
	dialMu.Lock()
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		dialMu.Unlock()
		panic("sim.Dial: " + err.Error())
	}
	// The listener is only used under dialMu, so the one pending
	// connection is the one just dialled.
	s, err := l.Accept()
	dialMu.Unlock()
	if err != nil {
		c.Close()
		panic("sim.Dial: " + err.Error())
	}
	time.AfterFunc(d-time.Since(start), func() {
		s.Write([]byte{1})
		s.Close()
	})
	return &Conn{r: c, n: 1}
}

var (
	listenOnce sync.Once
	ln         net.Listener
	lnErr      error
	dialMu     sync.Mutex
)

func listener() net.Listener {
	listenOnce.Do(func() {
		ln, lnErr = net.Listen("tcp", "127.0.0.1:0")
	})
	if lnErr != nil {
		panic("sim.Dial: " + lnErr.Error())
	}
	return ln
}
