// Package words turns names, doc comments and summaries into the terms
// search matches by (docs/design.md §6, search): identifiers are split at
// case changes, underscores, digits and punctuation ("url_for",
// "URLFor" and "urlFor" all give "url" and "for"), and every text goes
// through bleve's English analyzer (lower case, stop words, Porter stems),
// so a query and what it finds are cut the same way.
package words

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/registry"
)

// Analyzer cuts texts into terms. It is safe for concurrent use.
type Analyzer struct {
	en analysis.Analyzer
	// words remembers the terms of the plain words cut so far (plain.go).
	words  sync.Map // string -> []string
	cached atomic.Int64
}

// New returns an analyzer built on bleve's English analyzer.
func New() (*Analyzer, error) {
	a, err := registry.NewCache().AnalyzerNamed(en.AnalyzerName)
	if err != nil {
		return nil, fmt.Errorf("bleve analyzer %s: %w", en.AnalyzerName, err)
	}
	return &Analyzer{en: a}, nil
}

// english is the one analyzer every index entry and query is cut with:
// built once, read-only after.
var english = sync.OnceValues(New)

// Terms cuts s with the English analyzer (see Analyzer.Terms). bleve's
// registry always holds it, so failing to build it is a broken build.
func Terms(s string) []string { return AppendTerms(nil, s) }

// AppendTerms appends the terms of s (Terms) to dst: a caller cutting
// many texts (every symbol's name and doc, when a snapshot is published)
// reuses one slice rather than getting one for each.
func AppendTerms(dst []string, s string) []string {
	a, err := english()
	if err != nil {
		panic(err)
	}
	return a.AppendTerms(dst, s)
}

// Terms returns the terms of a text: an identifier, a qualified name,
// prose (a doc comment, a summary, a query) with identifiers in it split,
// in order, repeats kept.
func (a *Analyzer) Terms(s string) []string { return a.AppendTerms(nil, s) }

// AppendTerms appends the terms of s (Terms) to dst.
func (a *Analyzer) AppendTerms(dst []string, s string) []string {
	if isASCII(s) && plainSplit(s) {
		return a.appendSplitWords(dst, s)
	}
	s = splitIdentifiers(s)
	if s == "" {
		return dst
	}
	if out, ok := a.appendPlainTerms(dst, s); ok {
		return out
	}
	return append(dst, a.analyze(s)...)
}

// analyze cuts s with bleve's analyzer.
func (a *Analyzer) analyze(s string) []string {
	stream := a.en.Analyze([]byte(s))
	out := make([]string, 0, len(stream))
	for _, t := range stream {
		if len(t.Term) > 0 && len(t.Term) <= maxTermBytes {
			out = append(out, string(t.Term))
		}
	}
	return out
}

// maxTermBytes bounds a term: a longer run of letters is no word anyone
// searches for, and keys stay short.
const maxTermBytes = 48

// splitIdentifiers rewrites a text so that every identifier's parts stand
// apart: "parseURLFor2" becomes "parse URL For 2", "url_for" "url for".
func splitIdentifiers(s string) string {
	if isASCII(s) {
		return splitASCII(s)
	}
	return splitRunes(s)
}

// splitRunes is splitIdentifiers rune by rune, for any text.
func splitRunes(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/4)
	var prev rune
	for i, r := range s {
		if r == '_' || r == '.' || r == '#' || r == '$' || r == '/' || r == ':' {
			b.WriteByte(' ')
			prev = ' '
			continue
		}
		if boundary(prev, r, nextRune(s, i)) {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// boundary says whether a word starts at r: lower to upper ("urlFor"),
// the last capital of an acronym before lower case ("URLFor"), and
// letters against digits.
func boundary(prev, r, next rune) bool {
	switch {
	case prev == 0 || prev == ' ':
		return false
	case unicode.IsLower(prev) && unicode.IsUpper(r):
		return true
	case unicode.IsUpper(prev) && unicode.IsUpper(r) && unicode.IsLower(next):
		return true
	case unicode.IsDigit(prev) != unicode.IsDigit(r) && unicode.IsLetter(prev) != unicode.IsLetter(r):
		return unicode.IsLetter(prev) || unicode.IsLetter(r)
	}
	return false
}

func nextRune(s string, i int) rune {
	_, n := utf8.DecodeRuneInString(s[i:])
	if i+n >= len(s) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(s[i+n:])
	return r
}

// isASCII reports whether s is all ASCII, which splitASCII cuts.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// splitASCII is splitIdentifiers for an ASCII text, byte by byte (the
// unicode classes of an ASCII rune are its byte ranges): names and most
// docs are ASCII, and cutting them rune by rune through the unicode
// tables was half the cost of cutting them. A text with nothing to split
// is returned as it is.
func splitASCII(s string) string {
	var b []byte // nil until the first change
	var prev byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if separator(c) {
			if b == nil {
				b = append(make([]byte, 0, len(s)+len(s)/4), s[:i]...)
			}
			b = append(b, ' ')
			prev = ' '
			continue
		}
		var next byte
		if i+1 < len(s) {
			next = s[i+1]
		}
		if boundaryASCII(prev, c, next) {
			if b == nil {
				b = append(make([]byte, 0, len(s)+len(s)/4), s[:i]...)
			}
			b = append(b, ' ')
		}
		if b != nil {
			b = append(b, c)
		}
		prev = c
	}
	if b == nil {
		return s
	}
	return string(b)
}

// separator marks the bytes splitIdentifiers turns into a space.
func separator(c byte) bool {
	return c == '_' || c == '.' || c == '#' || c == '$' || c == '/' || c == ':'
}

// boundaryASCII is boundary for ASCII runes.
func boundaryASCII(prev, r, next byte) bool {
	switch {
	case prev == 0 || prev == ' ':
		return false
	case lower(prev) && upper(r):
		return true
	case upper(prev) && upper(r) && lower(next):
		return true
	case digit(prev) != digit(r) && letter(prev) != letter(r):
		return letter(prev) || letter(r)
	}
	return false
}

func lower(c byte) bool  { return 'a' <= c && c <= 'z' }
func upper(c byte) bool  { return 'A' <= c && c <= 'Z' }
func digit(c byte) bool  { return '0' <= c && c <= '9' }
func letter(c byte) bool { return lower(c) || upper(c) }
