package notebook

import "strings"

// fence is an opening code fence (CommonMark 4.5): up to three spaces of
// indentation, three or more backticks or tildes, an info string.
type fence struct {
	indent string
	marker string // "```", "````", "~~~"
	info   string
}

func openFence(line string) (fence, bool) {
	l := strings.TrimRight(line, "\n")
	rest := strings.TrimLeft(l, " ")
	indent := l[:len(l)-len(rest)]
	if len(indent) > 3 || len(rest) < 3 || (rest[0] != '`' && rest[0] != '~') {
		return fence{}, false
	}
	n := 0
	for n < len(rest) && rest[n] == rest[0] {
		n++
	}
	if n < 3 {
		return fence{}, false
	}
	info := strings.TrimSpace(rest[n:])
	if rest[0] == '`' && strings.Contains(info, "`") {
		return fence{}, false
	}
	return fence{indent: indent, marker: rest[:n], info: info}, true
}

// closes reports whether line closes the fence: the same character, at
// least as many, nothing after but spaces.
func (f fence) closes(line string) bool {
	l := strings.TrimRight(line, "\n")
	rest := strings.TrimLeft(l, " ")
	if len(l)-len(rest) > 3 {
		return false
	}
	n := 0
	for n < len(rest) && rest[n] == f.marker[0] {
		n++
	}
	return n >= len(f.marker) && strings.TrimSpace(rest[n:]) == ""
}

func (f fence) describe() string {
	if f.info == "" {
		return "code"
	}
	w, _, _ := strings.Cut(f.info, " ")
	return w
}

// fenceFor returns a fence of backticks that no line of content can close:
// min when it will do, else one backtick longer than the longest run that
// starts a line.
func fenceFor(content, min string) string {
	longest := 0
	for _, line := range strings.Split(content, "\n") {
		t := strings.TrimLeft(line, " ")
		n := 0
		for n < len(t) && t[n] == '`' {
			n++
		}
		longest = max(longest, n)
	}
	if min != "" && min[0] == '`' && longest < len(min) {
		return min
	}
	if min != "" && min[0] == '~' && !strings.Contains(content, "\n"+min) && !strings.HasPrefix(content, min) {
		return min
	}
	return strings.Repeat("`", max(3, longest+1))
}
