package wiki

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// IndexPage is the name of the page wiki --out writes beside the module
// pages: the module tree. No module's page has this name.
const IndexPage = "index.md"

// maxPageStem bounds a page name (before ".md") well below the 255 bytes
// file systems allow, leaving room for the temporary name a write uses.
const maxPageStem = 200

// PagePath is the file name of a module's page under wiki --out. Every
// page lies directly in the out directory (no page is a directory another
// page needs), and no two modules share a name, nor is any IndexPage:
// the module's path is escaped so that it can be read back.
//
//	_  → __        .  → _.        /  → .
//	a byte other than an ASCII letter, digit or '-', or a non-ASCII
//	letter or digit → _ and two lowercase hex digits (space → _20)
//	the root module → _root        the module "index" → _index
//
// After an escape's '_' comes '_', '.' or a hex digit, never 'r' or 'i':
// the two reserved names are no escaped path. A name longer than
// maxPageStem is cut at an escape's boundary and ends in _h and a hash of
// the path ('h' is no hex digit either).
func PagePath(dir string) string {
	switch dir {
	case ".", "":
		return "_root.md"
	case "index":
		return "_index.md"
	}
	// Most names fit: written at once, without a piece per rune.
	var short strings.Builder
	short.Grow(len(dir) + len(".md"))
	for i := 0; i < len(dir); {
		r, size := utf8.DecodeRuneInString(dir[i:])
		short.WriteString(escapeRune(r, dir[i:i+size]))
		i += size
	}
	if short.Len() <= maxPageStem {
		short.WriteString(".md")
		return short.String()
	}
	var pieces []string
	n := 0
	for i := 0; i < len(dir); {
		r, size := utf8.DecodeRuneInString(dir[i:])
		pieces = append(pieces, escapeRune(r, dir[i:i+size]))
		n += len(pieces[len(pieces)-1])
		i += size
	}
	if n <= maxPageStem {
		return strings.Join(pieces, "") + ".md"
	}
	var b strings.Builder
	for _, p := range pieces {
		if b.Len()+len(p) > maxPageStem-18 {
			break
		}
		b.WriteString(p)
	}
	sum := sha256.Sum256([]byte(dir))
	return b.String() + "_h" + hex.EncodeToString(sum[:8]) + ".md"
}

// escapeRune is how one rune (its bytes raw, for invalid UTF-8) is
// written in a page name.
func escapeRune(r rune, raw string) string {
	switch {
	case r == '_':
		return "__"
	case r == '.':
		return "_."
	case r == '/':
		return "."
	case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-'):
		return raw
	case r >= utf8.RuneSelf && r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r)):
		return raw
	}
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		fmt.Fprintf(&b, "_%02x", raw[i])
	}
	return b.String()
}

// pageLink is the link to a module's page from a page beside it.
func pageLink(dir string) string { return url.PathEscape(PagePath(dir)) }

// Index is the IndexPage: the module tree, each module linked to its page
// with its purpose line (the first sentence of its doc's narrative),
// nested under the closest module above it.
func Index(dirs []string, docs map[string]string) string {
	var b strings.Builder
	b.WriteString("# Module docs\n\n")
	isMod := map[string]bool{}
	for _, d := range dirs {
		isMod[d] = true
	}
	for _, d := range dirs {
		depth := 0
		for p := path.Dir(d); d != "." && p != "."; p = path.Dir(p) {
			if isMod[p] {
				depth++
			}
		}
		if d != "." && isMod["."] {
			depth++
		}
		fmt.Fprintf(&b, "%s- [%s](%s)", strings.Repeat("  ", depth), moduleLabel(d), pageLink(d))
		if p := purposeLine(docs[d]); p != "" {
			b.WriteString(" — " + p)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// moduleLabel is how a link names a module.
func moduleLabel(dir string) string {
	if dir == "." {
		return "`(root)`"
	}
	return CodeSpan(dir)
}

// purposeLine is the first sentence of a doc's narrative paragraph (the
// paragraph after the title).
func purposeLine(doc string) string {
	_, rest, ok := strings.Cut(doc, "\n\n")
	if !ok {
		return ""
	}
	para, _, _ := strings.Cut(rest, "\n")
	return strings.TrimSpace(firstSentence(para))
}
