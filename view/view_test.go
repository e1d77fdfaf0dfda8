package view

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

func ev(seq, t int64, k runtime.EvKind, m, p int32, g, a1, a2 int64) runtime.Event {
	return runtime.Event{Seq: seq, T: t, Kind: k, M: m, P: p, G: g, Arg1: a1, Arg2: a2}
}

func TestFormatTime(t *testing.T) {
	for _, tc := range []struct {
		ns   int64
		want string
	}{
		{0, "0.000000ms"},
		{150, "0.000150ms"},
		{20_000, "0.020000ms"},
		{10_000_000, "10.000000ms"},
		{60_000_000_001, "60000.000001ms"},
		{-1500, "-0.001500ms"},
	} {
		if got := FormatTime(tc.ns); got != tc.want {
			t.Errorf("FormatTime(%d) = %q, want %q", tc.ns, got, tc.want)
		}
	}
}

func TestFormatEvent(t *testing.T) {
	newproc := ev(2, 150, runtime.EvNewproc, 0, 0, 2, 1, 0)
	newproc.Pos = vm.Pos{Line: 9, Col: 3}
	newproc.Why = "go statement: G2 created (stack 2048 B) and put in P0's runnext"
	park := ev(40, 1_234_567, runtime.EvGopark, 0, 0, 1, 8, 0)
	park.Pos = vm.Pos{Line: 14, Col: 9}
	print := ev(41, 2_000_000, runtime.EvPrint, 1, 3, 17, 0, 0)
	print.Text = "hello, \"world\"\n"
	println := print
	println.Arg1 = 1
	sched := ev(7, 1_000_000, runtime.EvSchedtrace, -1, -1, -1, 0, 0)
	sched.Text = "SCHED 1ms: gomaxprocs=1 idleprocs=0 threads=2 spinningthreads=0 needspinning=0 idlethreads=0 runqueue=0 [ 0 ] schedticks=[ 3 ]\n"
	for _, tc := range []struct {
		ev   runtime.Event
		want string
	}{
		{newproc,
			"     2    0.000150ms  M0    P0    G2     newproc        by G1 at 9:3\n" +
				"                      go statement: G2 created (stack 2048 B) and put in P0's runnext"},
		{park,
			"    40    1.234567ms  M0    P0    G1     gopark         sync.WaitGroup.Wait at 14:9"},
		{ev(4, 170, runtime.EvRunqput, 0, 0, 2, 0, 0),
			"     4    0.000170ms  M0    P0    G2     runqput        into the ring's tail"},
		{ev(5, 171, runtime.EvRunqputslow, 0, 0, 258, 129, 0),
			"     5    0.000171ms  M0    P0    G258   runqputslow    129 Gs to the global tail"},
		{ev(6, 300, runtime.EvGlobrunqget, 2, 1, 40, 1, 1),
			"     6    0.000300ms  M2    P1    G40    globrunqget    1 by the schedtick%61 rule"},
		{ev(6, 300, runtime.EvGlobrunqget, 2, 1, 40, 33, 0),
			"     6    0.000300ms  M2    P1    G40    globrunqget    batch of 33 from global"},
		{ev(8, 5000, runtime.EvRunqsteal, 3, 2, 12, 4, 0),
			"     8    0.005000ms  M3    P2    G12    runqsteal      stole 4 from P0"},
		{ev(9, 5020, runtime.EvExecute, 3, 2, 12, 1, 7),
			"     9    0.005020ms  M3    P2    G12    execute        schedtick=7 inheritTime"},
		{ev(10, 5020, runtime.EvExecute, 3, 2, 12, 0, 8),
			"    10    0.005020ms  M3    P2    G12    execute        schedtick=8"},
		{ev(11, 6000, runtime.EvNewstack, 0, 0, 1, 2048, 4096),
			"    11    0.006000ms  M0    P0    G1     newstack       2048 → 4096 bytes"},
		{ev(12, 6000, runtime.EvStartm, 0, 1, -1, 2, 1),
			"    12    0.006000ms  M0    P1    G-     startm         M2 spinning"},
		{ev(13, 6000, runtime.EvNewm, 0, -1, -1, 2, 0),
			"    13    0.006000ms  M0    P-    G-     newm           M2 created"},
		{ev(14, 6000, runtime.EvWakep, 0, 1, -1, 0, 0),
			"    14    0.006000ms  M0    P1    G-     wakep"},
		{ev(16, 30_000, runtime.EvExitsyscall, 0, -1, 5, 3, 0),
			"    16    0.030000ms  M0    P-    G5     exitsyscall    no P: G to the global queue"},
		{ev(17, 30_000, runtime.EvHandoffp, 1, 0, -1, 4, 0),
			"    17    0.030000ms  M1    P0    G-     handoffp       step 4"},
		{ev(18, 30_000, runtime.EvNetpoll, 0, 0, -1, 1, 0),
			"    18    0.030000ms  M0    P0    G-     netpoll        1 G ready"},
		{print,
			"    41    2.000000ms  M1    P3    G17    print          stdout \"hello, \\\"world\\\"\\n\""},
		{println,
			"    41    2.000000ms  M1    P3    G17    print          stderr \"hello, \\\"world\\\"\\n\""},
		{sched,
			"     7    1.000000ms  M-    P-    G-     schedtrace     SCHED 1ms: gomaxprocs=1 idleprocs=0 threads=2 spinningthreads=0 needspinning=0 idlethreads=0 runqueue=0 [ 0 ] schedticks=[ 3 ]"},
		{ev(99, 9_000_000, runtime.EvExit, 0, 0, 1, 2, 0),
			"    99    9.000000ms  M0    P0    G1     exit           code 2"},
		{ev(19, 30_000, runtime.EvSysmon, 1, -1, -1, 0, 0),
			"    19    0.030000ms  M1    P-    G-     sysmon         deep sleep"},
		{ev(20, 30_000, runtime.EvEntersyscall, 0, 0, 9, 10_000_000, 0),
			"    20    0.030000ms  M0    P0    G9     entersyscall   for 10ms"},
		{ev(21, 11_237_400, runtime.EvPreemptone, 1, 0, 8, 1, 11_217_400),
			"    21   11.237400ms  M1    P0    G8     preemptone     ran 11.2174ms, SIGURG sent"},
		{ev(22, 11_239_400, runtime.EvAsyncPreempt, 0, 0, 8, 3_763_121, 0),
			"    22   11.239400ms  M0    P0    G8     asyncPreempt   3.763121ms of work left"},
		{ev(23, 20_000, runtime.EvRetake, 1, 0, 9, 0, 0),
			"    23    0.020000ms  M1    P0    G9     retake         from M0"},
		{ev(24, 51_240_800, runtime.EvTimer, 0, 0, 1, 0, 50_000_366),
			"    24   51.240800ms  M0    P0    G1     timer          due 50.000366ms"},
		{ev(25, 51_240_800, runtime.EvTimer, 2, 1, 1, 0, 50_000_366),
			"    25   51.240800ms  M2    P1    G1     timer          due 50.000366ms on P0"},
		{ev(26, 100, runtime.EvNetpollBlock, 0, 0, 7, 3, 1_000_100),
			"    26    0.000100ms  M0    P0    G7     netpollblock   conn 3 ready at 1.000100ms"},
		// Arguments a kind does not have are shown raw, not hidden, also
		// after the details of those it has.
		{ev(100, 1, runtime.EvWakep, 1, 0, -1, 5, 6),
			"   100    0.000001ms  M1    P0    G-     wakep          arg1=5 arg2=6"},
		{ev(101, 1, runtime.EvNewm, 0, -1, -1, 2, 6),
			"   101    0.000001ms  M0    P-    G-     newm           M2 created arg2=6"},
		// A code with no words is shown raw.
		{ev(102, 1, runtime.EvExitsyscall, 0, 0, 5, 7, 0),
			"   102    0.000001ms  M0    P0    G5     exitsyscall    arg1=7"},
		// Wide fields push the line right instead of being cut.
		{ev(1234567, 61_000_000_000, runtime.EvExecute, 10000, 1023, 1_000_000, 0, 1),
			"1234567 61000.000000ms  M10000 P1023 G1000000 execute        schedtick=1"},
	} {
		if got := FormatEvent(tc.ev); got != tc.want {
			t.Errorf("FormatEvent(%v):\n got %q\nwant %q", tc.ev.Kind, got, tc.want)
		}
	}
}

func TestHeader(t *testing.T) {
	want := "   seq          time  M     P     G      kind           details                         why"
	if got := (Text{Wide: true}).Header(); got != want {
		t.Errorf("Header:\n got %q\nwant %q", got, want)
	}
	// The header's columns start where the lines' do.
	line := Text{Wide: true}.Format(runtime.Event{Seq: 2, T: 150, Kind: runtime.EvNewproc, M: 0, P: 0, G: 2, Arg1: 1, Why: "w"})
	for _, col := range []string{"M", "P", "G", "kind", "details", "why"} {
		i := strings.Index(want, " "+col+" ")
		if col == "why" {
			i = strings.Index(want, " why")
		}
		if i < 0 || line[i] != ' ' || line[i+1] == ' ' {
			t.Errorf("column %s starts at %d in the header, not in %q", col, i+1, line)
		}
	}
	if got, want := Header(), "   seq          time  M     P     G      kind           details\n                      why"; got != want {
		t.Errorf("default Header:\n got %q\nwant %q", got, want)
	}
	if got, want := (Text{NoPs: true}).Header(), "   seq          time  M     G      kind           details\n                      why"; got != want {
		t.Errorf("NoPs Header:\n got %q\nwant %q", got, want)
	}
}

// The default style fits 100 columns: the why wraps at spaces under the M
// column; --wide keeps one line per event; NoPs drops the P column.
func TestTextStyles(t *testing.T) {
	e := ev(12, 1_539, runtime.EvGosched, 0, 0, 8, 0, 0)
	e.Why = "runtime.Gosched: G8 goes to the global queue's tail (not the local ring) and M0 schedules, which is a long sentence to wrap"
	got := FormatEvent(e)
	want := "    12    0.001539ms  M0    P0    G8     goschedImpl    to the global tail\n" +
		"                      runtime.Gosched: G8 goes to the global queue's tail (not the local ring) and\n" +
		"                      M0 schedules, which is a long sentence to wrap"
	if got != want {
		t.Errorf("default:\n got %q\nwant %q", got, want)
	}
	for _, l := range strings.Split(got, "\n") {
		if runeLen(l) > Width {
			t.Errorf("line of %d columns: %q", runeLen(l), l)
		}
	}
	if got, want := (Text{Wide: true}).Format(e), "    12    0.001539ms  M0    P0    G8     goschedImpl    to the global tail              "+e.Why; got != want {
		t.Errorf("wide:\n got %q\nwant %q", got, want)
	}
	e.Why = ""
	if got, want := (Text{NoPs: true}).Format(e), "    12    0.001539ms  M0    G8     goschedImpl    to the global tail"; got != want {
		t.Errorf("no Ps:\n got %q\nwant %q", got, want)
	}
}

// Every kind has a name and formats without panicking, with or without
// arguments.
func TestFormatEveryKind(t *testing.T) {
	for _, k := range runtime.EvKinds() {
		if strings.HasPrefix(k.String(), "EvKind(") {
			t.Errorf("kind %d has no name", k)
		}
		for _, a := range []int64{0, 1, 3} {
			line := FormatEvent(ev(1, 0, k, 0, 0, 1, a, a))
			if !strings.Contains(line, k.String()) {
				t.Errorf("%v: line %q does not name the kind", k, line)
			}
		}
	}
}

func TestJSON(t *testing.T) {
	e := ev(3, 150, runtime.EvNewproc, 0, 0, 2, 1, 0)
	e.Pos = vm.Pos{Line: 9, Col: 3}
	e.Why = "a <b> & c"
	got := string(MarshalEvent(e))
	want := `{"seq":3,"t":150,"kind":"newproc","m":0,"p":0,"g":2,"parent":1,"line":9,"col":3,"details":"by G1 at 9:3","why":"a <b> & c"}`
	if got != want {
		t.Errorf("MarshalEvent:\n got %s\nwant %s", got, want)
	}
	var je JSONEvent
	if err := json.Unmarshal([]byte(got), &je); err != nil {
		t.Fatal(err)
	}
	back, ok := FromJSON(je)
	if !ok || back != e {
		t.Errorf("FromJSON(ToJSON(e)) = %+v, %v; want %+v", back, ok, e)
	}
	p := ev(4, 200, runtime.EvPrint, 0, 0, 1, 1, 0)
	p.Text = "x\n"
	var buf bytes.Buffer
	if err := WriteEventJSON(&buf, p); err != nil {
		t.Fatal(err)
	}
	if want := `{"seq":4,"t":200,"kind":"print","m":0,"p":0,"g":1,"stream":1,"text":"x\n","details":"stderr \"x\\n\""}` + "\n"; buf.String() != want {
		t.Errorf("WriteEventJSON:\n got %s\nwant %s", buf.String(), want)
	}
	// Every argument of the kind is there, 0 included: the exit event
	// carries its code.
	if got, want := string(MarshalEvent(ev(9, 300, runtime.EvExit, 0, -1, -1, 0, 0))), `{"seq":9,"t":300,"kind":"exit","m":0,"p":-1,"g":-1,"exit_code":0,"details":"code 0"}`; got != want {
		t.Errorf("exit event:\n got %s\nwant %s", got, want)
	}
	// A value in an argument the kind does not have is shown raw, in the
	// details and in the JSON, and read back.
	odd := ev(10, 300, runtime.EvGoready, 0, 1, 5, 0, 7)
	got = string(MarshalEvent(odd))
	if want := `{"seq":10,"t":300,"kind":"goready","m":0,"p":1,"g":5,"arg2":7,"details":"made runnable arg2=7"}`; got != want {
		t.Errorf("undeclared argument:\n got %s\nwant %s", got, want)
	}
	je = JSONEvent{}
	if err := json.Unmarshal([]byte(got), &je); err != nil {
		t.Fatal(err)
	}
	if back, ok := FromJSON(je); !ok || back.Arg2 != 7 || back.Arg1 != 0 {
		t.Errorf("undeclared argument read back as %+v", back)
	}
	if _, ok := FromJSON(JSONEvent{Kind: "nosuch"}); ok {
		t.Error("FromJSON accepted an unknown kind")
	}
}

func TestState(t *testing.T) {
	st := &runtime.State{
		Seq: 5, Clock: 1500, GOMAXPROCS: 1, Layers: "stacks,procs,steal",
		Ps:     []runtime.PState{{ID: 0, Status: "running", M: 0, G: 1, Runnext: 2, Runq: []int64{3, 4}, Schedtick: 1}},
		Global: []int64{},
		Ms:     []runtime.MState{{ID: 0, State: "running", P: 0, NextP: -1, OldP: -1, CurG: 1}},
		Gs:     []runtime.GState{{Goid: 1, Status: "running", M: 0, Where: "running on M0", StackSize: 2048, StackUsed: 96, Func: "main.main", Pos: "x.go:9:3", Line: 9, Frames: []runtime.FrameState{}}},
		Timers: []runtime.TimerInfo{}, Netpoll: []runtime.ConnInfo{},
	}
	want := `{
  "seq": 5,
  "clock_ns": 1500,
  "gomaxprocs": 1,
  "layers": "stacks,procs,steal",
  "ps": [
    {
      "id": 0,
      "status": "running",
      "m": 0,
      "g": 1,
      "runnext": 2,
      "runq": [
        3,
        4
      ],
      "schedtick": 1,
      "syscalltick": 0,
      "timers": 0
    }
  ],
  "global_runq": [],
  "sched": {
    "nmspinning": 0,
    "npidle": 0,
    "nmidle": 0,
    "needspinning": false,
    "idle_ps": null,
    "idle_ms": null,
    "mcount": 0,
    "lastpoll": 0
  },
  "ms": [
    {
      "id": 0,
      "state": "running",
      "p": 0,
      "nextp": -1,
      "oldp": -1,
      "curg": 1,
      "spinning": false
    }
  ],
  "gs": [
    {
      "goid": 1,
      "status": "running",
      "m": 0,
      "where": "running on M0",
      "stack_size": 2048,
      "stack_used": 96,
      "func": "main.main",
      "pos": "x.go:9:3",
      "line": 9,
      "frames": []
    }
  ],
  "timers": [],
  "netpoll": [],
  "stats": {
    "events": 0,
    "steps": 0,
    "instrs": 0,
    "cpu_ns": 0,
    "goroutines": 0,
    "threads": 0,
    "steals": 0,
    "preemptions": 0,
    "handoffs": 0,
    "retakes": 0,
    "stack_grows": 0,
    "lock_acquisitions": 0,
    "lock_contended": 0,
    "switches": 0
  }
}
`
	var buf bytes.Buffer
	if err := WriteState(&buf, st); err != nil {
		t.Fatal(err)
	}
	if buf.String() != want {
		t.Errorf("WriteState:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestChrome(t *testing.T) {
	evs := []runtime.Event{
		ev(1, 0, runtime.EvExecute, 0, 0, 1, 0, 1),
		ev(2, 150, runtime.EvNewproc, 0, 0, 2, 1, 0),
		ev(3, 1000, runtime.EvGopark, 0, 0, 1, 1, 0),
		ev(4, 1060, runtime.EvExecute, 0, 0, 2, 1, 1),
		ev(5, 2000, runtime.EvEntersyscall, 0, 0, 2, 0, 0),
		ev(6, 22_000, runtime.EvSysmon, 1, -1, -1, 20, 0),
		ev(7, 22_000, runtime.EvRetake, 1, 0, -1, 0, 0),
		ev(8, 25_500, runtime.EvRunqsteal, 2, 1, 1, 1, 0),
		ev(9, 25_520, runtime.EvExecute, 2, 1, 1, 0, 1),
		ev(10, 30_000, runtime.EvExit, 2, 1, 1, 0, 0),
	}
	var buf bytes.Buffer
	cw := NewChromeWriter(&buf)
	for _, e := range evs {
		if err := cw.Event(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := cw.Close(); err != nil {
		t.Fatal(err)
	}
	want := `{"displayTimeUnit":"ns","traceEvents":[
{"name":"process_name","ph":"M","pid":1,"tid":0,"args":{"name":"gmplab (virtual time)"}},
{"name":"thread_name","ph":"M","pid":1,"tid":0,"args":{"name":"P0"}},
{"name":"thread_sort_index","ph":"M","pid":1,"tid":0,"args":{"sort_index":0}},
{"name":"G1","cat":"running","ph":"X","pid":1,"tid":0,"ts":0,"dur":1,"args":{"g":1,"m":0}},
{"name":"G2","cat":"running","ph":"X","pid":1,"tid":0,"ts":1.06,"dur":0.94,"args":{"g":2,"m":0}},
{"name":"G2 syscall","cat":"syscall","ph":"X","pid":1,"tid":0,"ts":2,"dur":20,"args":{"g":2,"m":0}},
{"name":"retake","cat":"sched","ph":"i","s":"t","pid":1,"tid":0,"ts":22,"args":{"seq":7,"m":1,"g":-1,"details":"from M0"}},
{"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"P1"}},
{"name":"thread_sort_index","ph":"M","pid":1,"tid":1,"args":{"sort_index":1}},
{"name":"runqsteal","cat":"sched","ph":"i","s":"t","pid":1,"tid":1,"ts":25.5,"args":{"seq":8,"m":2,"g":1,"details":"stole 1 from P0"}},
{"name":"G1","cat":"running","ph":"X","pid":1,"tid":1,"ts":25.52,"dur":4.48,"args":{"g":1,"m":2}},
{"name":"exit","cat":"sched","ph":"i","s":"t","pid":1,"tid":1,"ts":30,"args":{"seq":10,"m":2,"g":1,"details":"code 0"}}
]}
`
	if buf.String() != want {
		t.Errorf("chrome trace:\n%s\nwant:\n%s", buf.String(), want)
	}
	var parsed struct {
		TraceEvents []map[string]any `json:"traceEvents"`
	}
	if err := json.Unmarshal(buf.Bytes(), &parsed); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
}

func TestUsec(t *testing.T) {
	for ns, want := range map[int64]string{0: "0", 1: "0.001", 1500: "1.5", 2000: "2", 1_234_567: "1234.567", -10: "-0.01"} {
		if got := string(usec(ns)); got != want {
			t.Errorf("usec(%d) = %q, want %q", ns, got, want)
		}
	}
}

func TestFormatStats(t *testing.T) {
	got := FormatStats(runtime.Stats{Events: 10, Goroutines: 2, Threads: 3, Switches: 4})
	want := "events=10 steps=0 instrs=0 cpu_ns=0 goroutines=2 threads=3 switches=4 steals=0 preemptions=0 handoffs=0 stack_grows=0"
	if got != want {
		t.Errorf("FormatStats:\n got %s\nwant %s", got, want)
	}
	got = FormatStats(runtime.Stats{LockAcq: 5})
	if !strings.HasSuffix(got, " lock_acquisitions=5 lock_contended=0") {
		t.Errorf("FormatStats with the GM lock: %s", got)
	}
}

// At a terminal's width, the why wraps to it and details that would make
// the first line wider go under the kind; no line is wider than the
// terminal, no word is cut, and the header follows.
func TestTextWidth(t *testing.T) {
	e := ev(12, 1_539, runtime.EvGosched, 0, 0, 8, 0, 0)
	e.Why = "runtime.Gosched: G8 goes to the global queue's tail (not the local ring) and M0 schedules"
	got := Text{Width: 60}.Format(e)
	want := "    12    0.001539ms  M0    P0    G8     goschedImpl\n" +
		"                      to the global tail\n" +
		"                      runtime.Gosched: G8 goes to the global\n" +
		"                      queue's tail (not the local ring) and\n" +
		"                      M0 schedules"
	if got != want {
		t.Errorf("60 columns:\n got %q\nwant %q", got, want)
	}
	if got, want := (Text{Width: 60}).Header(), "   seq          time  M     P     G      kind\n                      details\n                      why"; got != want {
		t.Errorf("60 columns' header:\n got %q\nwant %q", got, want)
	}
	for _, width := range []int{60, 80, 120} {
		for _, k := range runtime.EvKinds() {
			e := ev(123456, 12_345_678_901, k, 12, 255, 1234, 3, 7)
			e.Why = "a reason of many words that goes on and on, as the runtime's comments do, so that it wraps at least once"
			got := Text{Width: width}.Format(e)
			for _, l := range strings.Split(got, "\n") {
				if runeLen(l) > width {
					t.Errorf("%v at %d columns: a line of %d: %q", k, width, runeLen(l), l)
				}
			}
			if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(Text{Wide: true}.Format(e)), " ") {
				t.Errorf("%v at %d columns: the words differ from the wide line's:\n%s", k, width, got)
			}
		}
	}
}
