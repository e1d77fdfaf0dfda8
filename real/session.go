//go:build linux && (amd64 || arm64)

package real

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-delve/delve/pkg/proc"
	"github.com/go-delve/delve/pkg/proc/native"

	"github.com/gmplab/gmplab/debugger"
	"github.com/gmplab/gmplab/internal/gobuild"
	"github.com/gmplab/gmplab/internal/realhost"
	"github.com/gmplab/gmplab/runtime"
)

// Session is one program under Delve. It is not safe for concurrent use,
// except Interrupt.
type Session struct {
	opts Options
	dir  string // temporary: the binary
	exe  string

	grp     *proc.TargetGroup
	tg      *proc.Target
	outR    *os.File // the program's stdout and stderr, read at each stop
	errR    *os.File
	started time.Time

	stops  map[uint64]*stopFunc // breakpoint address → function
	mainBP uint64               // main.main's breakpoint, for the start
	// pending are the threads of the last stop at one of stops not yet
	// turned into events.
	pending []proc.Thread
	missed  []string // functions not found in the binary

	pos    int64
	last   runtime.Event
	exit   *runtime.Exit
	st     *runtime.State
	mByTID map[int]mInfo

	bps      []*debugger.Breakpoint
	nextBP   int
	displays []string
	selG     int64
	intr     atomic.Bool
}

type mInfo struct {
	addr int64
	id   int32
}

// envMu serializes launches: Delve starts the program with this
// process's environment, so GOMAXPROCS is set around the launch.
var envMu sync.Mutex

// Launch builds the program and starts it under Delve, stopped at
// main.main (the runtime has started: its own goroutines exist).
func Launch(ctx context.Context, o Options) (*Session, error) {
	if err := realhost.Check(); err != nil {
		return nil, err
	}
	if o.Go == "" {
		gocmd, err := gobuild.GoCommand("gmplab real")
		if err != nil {
			return nil, err
		}
		o.Go = gocmd
	}
	if o.ModuleDir == "" {
		wd, _ := os.Getwd()
		md, err := gobuild.Where(o.Go, o.File, wd, gobuild.SourceDir())
		if err != nil {
			return nil, err
		}
		o.ModuleDir = md
	}
	if o.Name == "" {
		o.Name = o.File
	}
	dir, err := os.MkdirTemp("", "gmplab-real-")
	if err != nil {
		return nil, err
	}
	s := &Session{opts: o, dir: dir, nextBP: 1, selG: 1}
	if s.exe, err = gobuild.CachedBuild(ctx, o.Go, o.ModuleDir, o.File, dir, []string{gobuild.RealGCFlags}); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := s.start(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// start launches the built program and runs it to main.main.
func (s *Session) start() error {
	outR, outW, err := os.Pipe()
	if err != nil {
		return err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		return err
	}
	growPipe(outW)
	growPipe(errW)
	s.outR, s.errR = outR, errR
	envMu.Lock()
	old, had := os.LookupEnv("GOMAXPROCS")
	if s.opts.GOMAXPROCS > 0 {
		os.Setenv("GOMAXPROCS", fmt.Sprint(s.opts.GOMAXPROCS))
	}
	// Delve closes the write ends once the program has them.
	// Its stdin is /dev/null: gmplab real reads the commands from its own.
	grp, err := native.Launch([]string{s.exe}, "", 0, nil, "", os.DevNull,
		proc.OutputRedirect{File: outW}, proc.OutputRedirect{File: errW})
	if had {
		os.Setenv("GOMAXPROCS", old)
	} else {
		os.Unsetenv("GOMAXPROCS")
	}
	envMu.Unlock()
	if err != nil {
		return realhost.PtraceError(err)
	}
	s.grp, s.tg = grp, grp.Selected
	s.stops = map[uint64]*stopFunc{}
	s.missed = nil
	for i := range stopFuncs {
		sf := &stopFuncs[i]
		addrs, err := proc.FindFunctionLocation(s.tg, sf.fn(), 0)
		if err != nil || len(addrs) == 0 {
			if strings.HasPrefix(sf.fn(), "runtime.") { // sim.Breakpoint is linked only when called
				s.missed = append(s.missed, sf.fn())
			}
			continue
		}
		for _, a := range addrs {
			if _, err := s.tg.SetBreakpoint(0, a, proc.UserBreakpoint, nil); err != nil {
				return fmt.Errorf("breakpoint on %s: %v", sf.fn(), err)
			}
			s.stops[a] = sf
		}
	}
	addrs, err := proc.FindFunctionLocation(s.tg, "main.main", 0)
	if err != nil || len(addrs) == 0 {
		return fmt.Errorf("%s has no main.main: %v", s.opts.Name, err)
	}
	s.mainBP = addrs[0]
	if _, err := s.tg.SetBreakpoint(0, s.mainBP, proc.UserBreakpoint, nil); err != nil {
		return err
	}
	s.pos, s.last, s.exit, s.st, s.pending = 0, runtime.Event{}, nil, nil, nil
	s.mByTID = map[int]mInfo{}
	for len(s.atBreakpoints(map[uint64]*stopFunc{s.mainBP: nil})) == 0 {
		if err := s.grp.Continue(); err != nil {
			return fmt.Errorf("running %s to main.main: %v", s.opts.Name, err)
		}
	}
	s.mainBP = 0
	s.started = time.Now()
	return s.tg.ClearBreakpoint(addrs[0])
}

// Close kills the program and removes the binary.
func (s *Session) Close() error {
	if s.grp != nil {
		s.grp.Detach(true)
		s.grp = nil
	}
	for _, f := range []*os.File{s.outR, s.errR} {
		if f != nil {
			f.Close()
		}
	}
	return os.RemoveAll(s.dir)
}

// Missing lists the runtime functions gmplab real could not stop at (not
// in this binary).
func (s *Session) Missing() []string { return s.missed }

// Banner says what runs and how stopping it changes it.
func (s *Session) Banner() string {
	var b strings.Builder
	fmt.Fprintf(&b, "gmplab real %s (the real Go runtime, under Delve)\n", s.opts.Name)
	fmt.Fprintf(&b, "GOMAXPROCS=%d, built with %s\n", s.gomaxprocs(), gobuild.RealGCFlags)
	b.WriteString("Stopping the program's threads at every decision changes the real schedule:\n" +
		"sysmon's timings, preemption and who wins a race differ from a run without\n" +
		"the debugger, and from one run to the next. There is no going back: gmplab\n" +
		"step goes backwards on the model.\n")
	b.WriteString("Stopped at main.main (the runtime has started). step runs to the next\n" +
		"scheduling decision; help lists the commands.\n")
	if len(s.missed) > 0 {
		fmt.Fprintf(&b, "(not in this binary, so never stopped at: %s)\n", strings.Join(s.missed, ", "))
	}
	return b.String()
}

func (s *Session) gomaxprocs() int {
	if s.grp == nil {
		return s.opts.GOMAXPROCS
	}
	r, err := s.reader()
	if err != nil {
		return s.opts.GOMAXPROCS
	}
	return int(r.intOr("runtime.gomaxprocs", int64(s.opts.GOMAXPROCS)))
}

// reader reads in the current thread's frame 0.
func (s *Session) reader() (reader, error) {
	sc, err := proc.ThreadScope(s.tg, s.tg.CurrentThread())
	if err != nil {
		return reader{}, err
	}
	return reader{sc: sc}, nil
}

// errNoReverse is every backward motion's answer.
var errNoReverse = errors.New("the real runtime does not go backwards: a real run cannot be replayed. gmplab step runs the same program on the simulator, where rev step, rev continue and goto N go back exactly")
