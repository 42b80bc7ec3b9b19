// Package mdcheck tells tests whether a markdown page would run HTML of
// its own when rendered: it renders the page as GitHub does (CommonMark
// with tables, raw HTML passed through) and lists every tag in the result
// that markdown syntax does not produce. A page built from a repository's
// text should list none.
package mdcheck

import (
	"bytes"
	"regexp"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
)

// markdownTags are the tags the renderer writes for markdown syntax.
var markdownTags = map[string]bool{
	"p": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"ul": true, "ol": true, "li": true, "a": true, "code": true, "pre": true,
	"em": true, "strong": true, "del": true, "blockquote": true, "br": true, "hr": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "th": true, "td": true,
}

var (
	tag = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`<(/?)([A-Za-z][A-Za-z0-9-]*)|<!--.*?-->|<[!?]`)
	})
	// ours are the comments lgraph writes itself: the page's markers.
	ours = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^<!-- /?lgraph:[a-z]+(: [^<>]*)? -->$`)
	})
)

// RawHTML renders page and returns the HTML the page itself carried: each
// tag markdown syntax does not produce, and each comment that is not one
// of lgraph's markers. Nil means the page is inert.
func RawHTML(page []byte) ([]string, error) {
	md := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	var out bytes.Buffer
	if err := md.Convert(page, &out); err != nil {
		return nil, err
	}
	var raw []string
	for _, m := range tag().FindAllSubmatch(out.Bytes(), -1) {
		switch {
		case len(m[2]) > 0 && markdownTags[string(bytes.ToLower(m[2]))]:
		case ours().Match(m[0]):
		default:
			raw = append(raw, string(m[0]))
		}
	}
	return raw, nil
}
