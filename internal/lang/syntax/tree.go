package syntax

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"
)

// Text returns the source text of a node ("" for nil).
func Text(n *sitter.Node, src []byte) string {
	if n == nil {
		return ""
	}
	return string(src[n.StartByte():n.EndByte()])
}

// Line returns the 1-based start line of a node.
func Line(n *sitter.Node) int { return int(n.StartPosition().Row) + 1 }

// EndLine returns the 1-based end line of a node.
func EndLine(n *sitter.Node) int { return int(n.EndPosition().Row) + 1 }

// OneLine collapses every run of whitespace to one space and trims.
func OneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// Header returns the text of n up to (not including) its body child, on one
// line and without its comments: the declaration's signature. With no body
// it is the whole node text.
func Header(n, body *sitter.Node, src []byte) string {
	end := n.EndByte()
	if body != nil && body.StartByte() > n.StartByte() {
		end = body.StartByte()
	}
	s := CapSignature(OneLine(WithoutComments(n, n.StartByte(), end, src)))
	return strings.TrimRight(s, " {:=")
}

// WithoutComments is the source text from start to end, a span of n, with
// the comments n holds there left out. A comment inside a header written
// over several lines ("def command(  # type: ignore[override]") would,
// once the lines are joined, swallow the rest of the signature.
func WithoutComments(n *sitter.Node, start, end uint, src []byte) string {
	var b strings.Builder
	from := start
	Walk(n, func(c *sitter.Node) bool {
		if c.StartByte() >= end {
			return false
		}
		if strings.Contains(c.Kind(), "comment") && c.StartByte() >= from {
			b.Write(src[from:c.StartByte()])
			b.WriteByte(' ')
			from = min(c.EndByte(), end)
			return false
		}
		return true
	})
	b.Write(src[from:end])
	return b.String()
}

// Walk visits n and its descendants depth first, in source order, using one
// cursor. visit returns false to skip a node's children.
func Walk(n *sitter.Node, visit func(n *sitter.Node) bool) {
	c := n.Walk()
	defer c.Close()
	descend := visit(c.Node())
	for {
		if descend && c.GotoFirstChild() {
			descend = visit(c.Node())
			continue
		}
		for !c.GotoNextSibling() {
			if !c.GotoParent() {
				return
			}
			if c.Node().Id() == n.Id() {
				return
			}
		}
		descend = visit(c.Node())
	}
}

// CountErrors counts ERROR and MISSING nodes under root.
func CountErrors(root *sitter.Node) int {
	if !root.HasError() {
		return 0
	}
	count := 0
	Walk(root, func(n *sitter.Node) bool {
		if n.IsError() || n.IsMissing() {
			count++
		}
		return n.HasError()
	})
	return count
}

// PrecedingComments returns the comment siblings directly above n (no blank
// line between them and n), joined with newlines and stripped of comment
// markers. isComment decides which node kinds are comments.
func PrecedingComments(n *sitter.Node, src []byte, isComment func(kind string) bool) string {
	var lines []string
	next := int(n.StartPosition().Row)
	for p := n.PrevSibling(); p != nil && isComment(p.Kind()); p = p.PrevSibling() {
		if int(p.EndPosition().Row) < next-1 {
			break
		}
		lines = append([]string{StripComment(Text(p, src))}, lines...)
		next = int(p.StartPosition().Row)
	}
	return WithoutHeadings(WithoutDirectives(strings.TrimSpace(strings.Join(lines, "\n"))))
}

// StripComment removes comment markers (//, /* */, #, ///, /** */, leading
// " * ") from a comment's text and trims each line.
func StripComment(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "/*") {
		s = strings.TrimSuffix(strings.TrimPrefix(s, "/*"), "*/")
		s = strings.TrimPrefix(s, "*")
		s = strings.TrimPrefix(s, "!")
	}
	out := make([]string, 0, 4)
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		for _, p := range []string{"///", "//!", "//", "#", "*"} {
			if strings.HasPrefix(l, p) {
				l = strings.TrimSpace(strings.TrimPrefix(l, p))
				break
			}
		}
		out = append(out, l)
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}
