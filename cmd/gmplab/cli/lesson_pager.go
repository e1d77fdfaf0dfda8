package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/gmplab/gmplab/notebook"
	"github.com/gmplab/gmplab/view"
)

// piece is a piece of a lesson the reader shows at once: a section's text
// (or the part of it before or after a cell), or a cell.
type piece struct {
	md      string
	cell    *notebook.Cell
	section int // the section it is in: 0 for the first
}

// lessonSection is a part of a lesson from one level-2 heading to the
// next (the first, the lesson's introduction, from its start).
type lessonSection struct {
	title string
	first int // its first piece
}

// pieces cuts the lesson into pieces and sections.
func (r *reader) pieces() ([]piece, []lessonSection) {
	var ps []piece
	var secs []lessonSection
	for _, p := range r.nb.Parts {
		if p.Cell != nil {
			if len(secs) == 0 {
				secs = append(secs, lessonSection{title: "Introduction"})
			}
			ps = append(ps, piece{cell: p.Cell, section: len(secs) - 1})
			continue
		}
		for _, md := range splitSections(p.Markdown) {
			if strings.TrimSpace(md) == "" {
				continue
			}
			if h, ok := heading(md, "## "); ok {
				secs = append(secs, lessonSection{title: h, first: len(ps)})
			} else if len(secs) == 0 {
				h, ok := heading(md, "# ")
				if !ok {
					h = "Introduction"
				}
				secs = append(secs, lessonSection{title: h})
			}
			ps = append(ps, piece{md: md, section: len(secs) - 1})
		}
	}
	return ps, secs
}

// heading returns the text of md's first line when it is a heading of the
// given kind ("## ").
func heading(md, prefix string) (string, bool) {
	line, _, _ := strings.Cut(strings.TrimLeft(md, "\n"), "\n")
	if !strings.HasPrefix(line, prefix) {
		return "", false
	}
	return strings.TrimSpace(strings.TrimPrefix(line, prefix)), true
}

// pager writes to the terminal a screen at a time and asks, at every
// pause, what the learner wants.
type pager struct {
	r      *reader
	w      io.Writer
	keys   keySource
	secs   []lessonSection
	height int
	lines  int
}

// ask shows a prompt and returns the learner's answer: never keyHelp (it
// shows the help and asks again) nor keyEOF (read as keyQuit).
func (p *pager) ask(prompt string) key {
	for {
		fmt.Fprintf(p.w, "\n%s ", p.r.style(dim, view.Fill(prompt, p.r.width-1)))
		k := p.keys.read(len(p.secs))
		io.WriteString(p.w, "\n")
		p.lines = 0
		switch k.kind {
		case keyEOF:
			return key{kind: keyQuit}
		case keyHelp:
			p.help()
			continue
		}
		return k
	}
}

// help shows the keys and the sections.
func (p *pager) help() {
	var b strings.Builder
	b.WriteString(keysHelp + "\nSections:\n")
	for i, s := range p.secs {
		b.WriteString(view.Fill(fmt.Sprintf("  %2d  %s", i+1, s.title), p.r.width) + "\n")
	}
	io.WriteString(p.w, p.r.style(dim, b.String()))
}

// print writes s, pausing after each screenful. It returns keyGo once all
// of s is written, else the answer that stopped it (keySkip: the rest of
// s is skipped).
func (p *pager) print(s string) key {
	for s != "" {
		line, rest, _ := strings.Cut(s, "\n")
		io.WriteString(p.w, line+"\n")
		s = rest
		if p.lines++; p.lines >= p.height-2 && s != "" {
			if k := p.ask("── Enter: more · s: skip · q: quit · ?: keys ──"); k.kind != keyGo {
				return k
			}
		}
	}
	return key{kind: keyGo}
}

// interactive shows the lesson a section and a cell at a time, from
// section start (1 for the first; 0 is the first too), calling at with
// each section it opens; it returns whether the learner reached the end.
func (r *reader) interactive(keys keySource, w io.Writer, height, start int, at func(section int)) (bool, error) {
	ps, secs := r.pieces()
	pg := &pager{r: r, w: w, keys: keys, secs: secs, height: max(height, 10)}
	pg.print(r.title())
	cur, i := -1, 0
	switch {
	case start > len(secs):
		return false, fmt.Errorf("--section %d: %s has %d sections", start, r.nb.Lesson.Name(), len(secs))
	case start > 1:
		i = secs[start-1].first
		pg.print(r.style(dim, view.Fill(fmt.Sprintf("From section %d of %d, %s (? lists them; b goes back).", start, len(secs), secs[start-1].title), r.width)) + "\n")
	case r.stopped > 1 && r.stopped <= len(secs):
		pg.print(r.style(dim, view.Fill(fmt.Sprintf("Last time you stopped at section %d, %s: press %d to go there.", r.stopped, secs[r.stopped-1].title, r.stopped), r.width)) + "\n")
	}
	// move answers a key that leaves the piece shown: the piece to go to
	// next, or -1 to leave the lesson.
	move := func(k key) int {
		switch k.kind {
		case keyQuit:
			return -1
		case keyNext:
			if cur+1 < len(secs) {
				return secs[cur+1].first
			}
			return len(ps)
		case keyBack:
			return secs[max(cur-1, 0)].first
		case keyJump:
			return secs[k.section-1].first
		}
		return i + 1 // keyGo, keySkip: the next piece
	}
	// jump goes where k asks, opening that section without a pause;
	// false when k leaves the lesson.
	jump := func(k key) bool {
		if i = move(k); i < 0 {
			return false
		}
		cur = -1
		if i < len(ps) {
			cur = ps[i].section
			at(cur + 1)
		}
		return true
	}
	for i < len(ps) {
		p := ps[i]
		if p.section != cur {
			// Flowing into the next section: a pause first.
			if cur >= 0 && i == secs[p.section].first {
				title := fmt.Sprintf("§%d/%d %s", p.section+1, len(secs), secs[p.section].title)
				if k := pg.ask("── Enter: " + title + " · q: quit · ?: keys ──"); k.kind != keyGo && k.kind != keySkip {
					if !jump(k) {
						return false, nil
					}
					continue
				}
			}
			cur = p.section
			at(cur + 1)
		}
		var k key
		if p.cell == nil {
			k = pg.print(r.markdown(p.md))
		} else {
			k = r.showCell(pg, p.cell)
		}
		if k.kind == keyGo || k.kind == keySkip {
			i++
		} else if !jump(k) {
			return false, nil
		}
	}
	pg.print(r.end())
	return true, nil
}

// showCell shows a cell and, when the learner asks, runs it; it returns
// keyGo once done, else the answer that left it.
func (r *reader) showCell(pg *pager, c *notebook.Cell) key {
	if k := pg.print(r.cellHead(c)); k.kind != keyGo {
		return k
	}
	switch c.Kind {
	case notebook.Run, notebook.Timeline, notebook.Step, notebook.RunsKind:
		verb := "run it"
		if c.Kind == notebook.RunsKind {
			verb = fmt.Sprintf("build it, run it %d times (seconds)", c.Runs.N)
		} else if c.Real() {
			verb = "run it on the real runtime (seconds)"
		} else if c.Kind == notebook.Step {
			verb = "open the debugger (exit comes back)"
		}
		k := pg.ask("── Enter: " + verb + " · s: skip · q: quit · ?: keys ──")
		if k.kind != keyGo {
			return k
		}
		if c.Kind == notebook.Step && !c.Real() {
			if err := r.debug(c, pg.w); err != nil {
				fmt.Fprintf(pg.w, "gmplab %s: %v\n", c.Command.Verb, err)
			}
			io.WriteString(pg.w, r.style(dim, "\n── back in "+r.nb.Lesson.Name()+" ──\n"))
			return key{kind: keyGo}
		}
	}
	if out, ok := r.run(c); ok {
		return pg.print(r.output(out))
	}
	return key{kind: keyGo}
}
