package words

import "strings"

// Most texts cut are names and short doc lines in plain ASCII: words of
// letters and digits between spaces and punctuation. Their words are those
// runs, and each word's terms depend on it alone (bleve's filters work
// token by token), so a word met before is answered from a map instead of
// going through the Unicode segmenter and the stemmer again: at index time
// that was most of the cost of cutting (docs/measurements.md, init CPU).

// maxCachedWords bounds the words an Analyzer remembers; past it, new
// words are cut each time they come.
const maxCachedWords = 1 << 17

// appendPlainTerms appends the terms of s to dst when s is plain (see
// plain); ok is false otherwise.
func (a *Analyzer) appendPlainTerms(dst []string, s string) (terms []string, ok bool) {
	if !plain(s) {
		return dst, false
	}
	terms = dst
	for i := 0; i < len(s); {
		if !alnum(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && alnum(s[j]) {
			j++
		}
		terms = append(terms, a.word(s[i:j])...)
		i = j
	}
	return terms, true
}

// word returns the terms of one word of letters and digits (none for a
// stop word, else its stem).
func (a *Analyzer) word(w string) []string {
	if t, ok := a.words.Load(w); ok {
		return t.([]string)
	}
	t := a.analyze(w)
	if a.cached.Load() < maxCachedWords {
		// w may be part of a long text (appendSplitWords): the cache
		// keeps a copy of the word alone.
		if _, loaded := a.words.LoadOrStore(strings.Clone(w), t); !loaded {
			a.cached.Add(1)
		}
	}
	return t
}

// plain reports whether the Unicode word-break rules (UAX #29) cut s
// exactly at the runs of ASCII letters and digits: s is ASCII without
// control characters, quotes or underscores (which can join the letters
// around them or end a possessive), and no '.', ',', ';' or ':' stands
// between two letters or digits ("e.g", "1.5" and "a:b" are one word).
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80 || c < ' ' || c == 0x7f || c == '\'' || c == '_':
			return false
		case c == '.' || c == ',' || c == ';' || c == ':':
			if i > 0 && i+1 < len(s) && alnum(s[i-1]) && alnum(s[i+1]) {
				return false
			}
		}
	}
	return true
}

func alnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// plainSplit reports whether splitIdentifiers(s) of an ASCII text s is
// plain, without splitting it: the separators it turns into spaces are
// the only quote-free, underscore-free change it makes, and it puts no
// space beside a ',' or ';', so one of those stands between two letters
// or digits in s exactly when it does in the split text.
func plainSplit(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case separator(c):
		case c < ' ' || c == 0x7f || c == '\'':
			return false
		case c == ',' || c == ';':
			if i > 0 && i+1 < len(s) && alnum(s[i-1]) && alnum(s[i+1]) {
				return false
			}
		}
	}
	return true
}

// appendSplitWords appends the terms of an ASCII text whose split is
// plain (plainSplit) word by word, as appendPlainTerms would cut
// splitIdentifiers(s), without building the split text: its words are
// the runs of letters and digits of s, each cut where splitIdentifiers
// puts a space inside it (boundaryASCII).
func (a *Analyzer) appendSplitWords(dst []string, s string) []string {
	for i := 0; i < len(s); {
		if !alnum(s[i]) {
			i++
			continue
		}
		j := i + 1
		for j < len(s) && alnum(s[j]) {
			var next byte
			if j+1 < len(s) {
				next = s[j+1]
			}
			if boundaryASCII(s[j-1], s[j], next) {
				break
			}
			j++
		}
		dst = append(dst, a.word(s[i:j])...)
		i = j
	}
	return dst
}
