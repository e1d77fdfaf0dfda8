package book

import (
	"regexp"
	"strings"
	"testing"
)

// themeVars reads style.css's custom properties: the light theme's
// (:root) and the dark theme's ([data-theme="dark"]) over them.
func themeVars(t *testing.T) map[string]map[string]string {
	t.Helper()
	css, err := assets.ReadFile("assets/style.css")
	if err != nil {
		t.Fatal(err)
	}
	block := func(sel string) map[string]string {
		i := strings.Index(string(css), sel+" {")
		if i < 0 {
			t.Fatalf("style.css has no %s block", sel)
		}
		body := string(css[i:])
		body = body[:strings.Index(body, "}")]
		m := map[string]string{}
		for _, v := range regexp.MustCompile(`--([a-z-]+):\s*(#[0-9a-f]{6})`).FindAllStringSubmatch(body, -1) {
			m[v[1]] = v[2]
		}
		return m
	}
	light := block(":root")
	dark := map[string]string{}
	for k, v := range light {
		dark[k] = v
	}
	for k, v := range block(`[data-theme="dark"]`) {
		dark[k] = v
	}
	return map[string]map[string]string{"light": light, "dark": dark}
}

// TestContrast: every text colour of the book reads at WCAG AA (4.5:1)
// on every background it is drawn on, in both themes; so does every
// colour of the highlighting (chromaCSS) on the backgrounds of code.
func TestContrast(t *testing.T) {
	pairs := [][2]string{ // text, background (a custom property each)
		{"fg", "bg"}, {"fg", "side-bg"}, {"fg", "code-bg"}, {"fg", "out-bg"}, {"fg", "accent-soft"}, {"fg", "cur"}, {"fg", "hit"},
		{"muted", "bg"}, {"muted", "side-bg"}, {"muted", "code-bg"}, {"muted", "out-bg"}, {"muted", "cur"}, {"muted", "accent-soft"},
		{"accent", "bg"}, {"accent", "side-bg"}, {"accent", "out-bg"}, {"accent", "code-bg"}, {"accent", "accent-soft"},
		{"good", "side-bg"}, {"good", "code-bg"}, {"bad", "side-bg"}, {"bad", "out-bg"}, {"bad", "bg"}, {"warn", "out-bg"},
	}
	for theme, v := range themeVars(t) {
		for _, p := range pairs {
			fg, bg := v[p[0]], v[p[1]]
			if fg == "" || bg == "" {
				t.Fatalf("%s: no --%s or --%s in style.css", theme, p[0], p[1])
			}
			if c := contrast(parseHex(fg), parseHex(bg)); c < 4.5 {
				t.Errorf("%s theme: --%s %s on --%s %s is %.2f:1, under 4.5:1", theme, p[0], fg, p[1], bg, c)
			}
		}
		// A quiz's marked choice: its words on its tinted background (light;
		// the dark theme draws them in --fg).
		if theme == "light" {
			for _, c := range [][3]string{{"good", "bg", "0.14"}, {"bad", "bg", "0.12"}} {
				var f float64
				if c[2] == "0.14" {
					f = 0.14
				} else {
					f = 0.12
				}
				bg := mix(parseHex(v[c[1]]), parseHex(v[c[0]]), f)
				if r := contrast(parseHex(v[c[0]]), bg); r < 4.5 {
					t.Errorf("light: a quiz's --%s words on their background are %.2f:1", c[0], r)
				}
			}
		}
	}
	// The themes' backgrounds in highlight.go are style.css's.
	v := themeVars(t)
	for i, theme := range []string{"light", "dark"} {
		want := []string{v[theme]["out-bg"], v[theme]["code-bg"], v[theme]["bg"]}
		if strings.Join(codeThemes[i].bgs, " ") != strings.Join(want, " ") || codeThemes[i].text != v[theme]["fg"] {
			t.Errorf("%s: highlight.go's colours %v on %v are not style.css's %s on %v", theme, codeThemes[i].text, codeThemes[i].bgs, v[theme]["fg"], want)
		}
	}
	css, err := chromaCSS()
	if err != nil {
		t.Fatal(err)
	}
	rules := regexp.MustCompile(`(?m)^(\[data-theme="dark"\] )?\.chroma \.([a-z0-9]+) \{ color: (#[0-9a-f]{6});`).FindAllStringSubmatch(string(css), -1)
	if len(rules) < 100 {
		t.Fatalf("only %d highlighting rules: the test is not reading chromaCSS", len(rules))
	}
	seen := map[string]int{}
	for _, r := range rules {
		th := codeThemes[0]
		if r[1] != "" {
			th = codeThemes[1]
		}
		seen[r[2]]++
		for _, bg := range th.bgs {
			if c := contrast(parseHex(r[3]), parseHex(bg)); c < 4.5 {
				t.Errorf("%s.chroma .%s %s on %s is %.2f:1", r[1], r[2], r[3], bg, c)
			}
		}
	}
	// Names (nx) and punctuation (p) were the dark theme's unreadable ones.
	for _, cls := range []string{"nx", "p", "nb", "k", "s", "c1"} {
		if seen[cls] != 2 {
			t.Errorf(".chroma .%s has %d rules, want one a theme", cls, seen[cls])
		}
	}
}
