package syntax

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// maxFileDoc bounds a file doc: its opening paragraph is what is used.
const maxFileDoc = 600

// FileDoc is what a file says of itself in a comment before its code: the
// first leading comment block with prose once its directive and metadata
// lines are dropped (CleanDoc), that is no licence, and is not a
// definition's own doc comment (one directly above the file's first
// declaration, unless that declaration is a package clause or an import).
func FileDoc(root *sitter.Node, src []byte) string {
	var blocks [][]*sitter.Node
	var first *sitter.Node // the first node that is no comment
	for i := uint(0); i < root.NamedChildCount(); i++ {
		c := root.NamedChild(i)
		if !strings.Contains(c.Kind(), "comment") {
			first = c
			break
		}
		// Adjacent line comments make one block; a /* */ comment is one.
		if n := len(blocks); n > 0 && lineComment(c, src) {
			last := blocks[n-1][len(blocks[n-1])-1]
			if lineComment(last, src) && c.StartPosition().Row <= last.EndPosition().Row+1 {
				blocks[n-1] = append(blocks[n-1], c)
				continue
			}
		}
		blocks = append(blocks, []*sitter.Node{c})
	}
	for _, b := range blocks {
		end := b[len(b)-1]
		if first != nil && first.StartPosition().Row <= end.EndPosition().Row+1 && !headerKind(first.Kind()) {
			break // the first declaration's own doc
		}
		var lines []string
		for _, c := range b {
			lines = append(lines, StripComment(Text(c, src)))
		}
		if doc := CleanDoc(strings.Join(lines, "\n")); doc != "" {
			return doc
		}
	}
	return ""
}

// lineComment says whether a comment node is a line comment (//, #, --).
func lineComment(c *sitter.Node, src []byte) bool {
	return !strings.HasPrefix(Text(c, src), "/*")
}

// headerKind says whether a node kind opens a file rather than declares
// something: a comment directly above it speaks for the file.
func headerKind(kind string) bool {
	for _, k := range []string{"package", "import", "namespace", "using", "use_declaration", "preproc", "php_tag", "module_declaration", "extern_crate"} {
		if strings.Contains(kind, k) {
			return true
		}
	}
	return false
}

// CapDoc cuts a doc to its first paragraph, on one line, at most
// maxFileDoc bytes.
func CapDoc(doc string) string {
	if i := strings.Index(doc, "\n\n"); i >= 0 {
		doc = doc[:i]
	}
	doc = strings.Join(strings.Fields(doc), " ")
	if len(doc) > maxFileDoc {
		cut := strings.LastIndexByte(doc[:maxFileDoc], ' ')
		if cut <= 0 {
			cut = maxFileDoc
		}
		doc = doc[:cut]
	}
	return strings.TrimSpace(doc)
}
