package book

import (
	"bytes"
	"path"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The whole book on one page, for print (as mdBook's print.html): every
// page of the table of contents in order, each starting a new sheet. The
// pages' ids are prefixed with their page's (lessons-03-steal--runnext),
// links between the pages become links inside print.html, and links to
// anything else are rewritten for print.html's folder. The steppers are
// left out: paper cannot step.

// printURL is the page's address in the site.
const printURL = "print.html"

// printID is a page's id in print.html.
func printID(url string) string {
	return strings.NewReplacer("/", "-", ".html", "").Replace(url)
}

// printContent is the pages' HTML, rewritten for print.html.
func printContent(pages []*Page, html map[*Page]*rendered) (string, error) {
	byURL := map[string]bool{}
	for _, p := range pages {
		byURL[p.URL] = true
	}
	var b strings.Builder
	for _, p := range pages {
		s, err := printPage(p.URL, html[p].HTML, byURL)
		if err != nil {
			return "", err
		}
		b.WriteString("<section class=\"print-page\" id=\"" + printID(p.URL) + "\">\n" + s + "</section>\n")
	}
	return b.String(), nil
}

func printPage(url, src string, inBook map[string]bool) (string, error) {
	ctx := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragment(strings.NewReader(src), ctx)
	if err != nil {
		return "", err
	}
	prefix := printID(url) + "--"
	// link rewrites an href or src of the page at url for print.html.
	link := func(v string) string {
		if v == "" || strings.Contains(v, "://") || strings.HasPrefix(v, "mailto:") || strings.HasPrefix(v, "data:") {
			return v
		}
		target, frag, hasFrag := strings.Cut(v, "#")
		if target == "" {
			if hasFrag && frag != "" {
				return "#" + prefix + frag
			}
			return "#" + printID(url)
		}
		p := path.Clean(path.Join(path.Dir(url), target))
		if inBook[p] {
			if frag != "" {
				return "#" + printID(p) + "--" + frag
			}
			return "#" + printID(p)
		}
		if hasFrag {
			return p + "#" + frag
		}
		return p
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; {
			next := c.NextSibling
			if c.Type == html.ElementNode && c.DataAtom == atom.Div && hasClass(c, "stepper") {
				n.RemoveChild(c)
			} else {
				walk(c)
			}
			c = next
		}
		if n.Type != html.ElementNode {
			return
		}
		for i, a := range n.Attr {
			switch a.Key {
			case "id":
				n.Attr[i].Val = prefix + a.Val
			case "href", "src":
				n.Attr[i].Val = link(a.Val)
			}
		}
	}
	var b bytes.Buffer
	for _, n := range nodes {
		walk(n)
		if n.Type == html.ElementNode && n.DataAtom == atom.Div && hasClass(n, "stepper") {
			continue
		}
		if err := html.Render(&b, n); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

func hasClass(n *html.Node, class string) bool {
	for _, a := range n.Attr {
		if a.Key == "class" {
			for _, c := range strings.Fields(a.Val) {
				if c == class {
					return true
				}
			}
		}
	}
	return false
}
