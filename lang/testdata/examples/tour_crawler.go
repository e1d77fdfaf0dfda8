//go:build ignore

// A Tour of Go: Web Crawler (own version: concurrent, with a fake fetcher,
// a mutex-guarded set of visited URLs and a WaitGroup).
package main

import (
	"fmt"
	"sync"
)

type fakeResult struct {
	body string
	urls []string
}

type fakeFetcher map[string]*fakeResult

func (f fakeFetcher) Fetch(url string) (string, []string, error) {
	if res, ok := f[url]; ok {
		return res.body, res.urls, nil
	}
	return "", nil, fmt.Errorf("not found: %s", url)
}

var fetcher = fakeFetcher{
	"https://golang.org/": &fakeResult{
		"The Go Programming Language",
		[]string{"https://golang.org/pkg/", "https://golang.org/cmd/"},
	},
	"https://golang.org/pkg/": &fakeResult{
		"Packages",
		[]string{"https://golang.org/", "https://golang.org/cmd/", "https://golang.org/pkg/fmt/", "https://golang.org/pkg/os/"},
	},
	"https://golang.org/pkg/fmt/": &fakeResult{
		"Package fmt",
		[]string{"https://golang.org/", "https://golang.org/pkg/"},
	},
	"https://golang.org/pkg/os/": &fakeResult{
		"Package os",
		[]string{"https://golang.org/", "https://golang.org/pkg/"},
	},
}

type visited struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (v *visited) first(url string) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.seen[url] {
		return false
	}
	v.seen[url] = true
	return true
}

func Crawl(url string, depth int, v *visited, wg *sync.WaitGroup) {
	defer wg.Done()
	if depth <= 0 || !v.first(url) {
		return
	}
	body, urls, err := fetcher.Fetch(url)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("found: %s %q\n", url, body)
	for _, u := range urls {
		wg.Add(1)
		go Crawl(u, depth-1, v, wg)
	}
}

func main() {
	var wg sync.WaitGroup
	v := &visited{seen: map[string]bool{}}
	wg.Add(1)
	go Crawl("https://golang.org/", 4, v, &wg)
	wg.Wait()
}
