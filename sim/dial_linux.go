//go:build linux

package sim

import (
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// dial is a timerfd armed to expire d from now: the kernel makes it
// readable then (8 bytes, the expiration count), and os.NewFile registers
// the non-blocking descriptor with the netpoller, so Read parks the
// goroutine in netpollblock until netpoll finds it ready, as for a socket.
func dial(d time.Duration) *Conn {
	fd, err := unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_NONBLOCK|unix.TFD_CLOEXEC)
	if err != nil {
		panic("sim.Dial: timerfd_create: " + err.Error())
	}
	if d <= 0 {
		d = 1 // an all-zero it_value disarms the timer
	}
	spec := unix.ItimerSpec{Value: unix.NsecToTimespec(int64(d))}
	if err := unix.TimerfdSettime(fd, 0, &spec, nil); err != nil {
		unix.Close(fd)
		panic("sim.Dial: timerfd_settime: " + err.Error())
	}
	return &Conn{r: os.NewFile(uintptr(fd), "sim.Dial"), n: 8}
}
