package syntax

import (
	"sort"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
)

// MaxSignature is the longest signature a symbol carries, in bytes.
const MaxSignature = 400

// CapSignature cuts a signature to MaxSignature bytes.
func CapSignature(s string) string {
	if len(s) > MaxSignature {
		return s[:MaxSignature]
	}
	return s
}

// NoSpace removes all whitespace.
func NoSpace(s string) string {
	if !strings.ContainsAny(s, " \t\r\n") {
		return s
	}
	return strings.Join(strings.Fields(s), "")
}

// StripGenerics removes type arguments ("Map<K, V>" -> "Map",
// "Outer<T>.Inner" -> "Outer.Inner"), array brackets and whitespace.
func StripGenerics(s string) string {
	if !strings.ContainsAny(s, "<[ \t\r\n") {
		return s
	}
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '<' || ch == '[':
			depth++
		case ch == '>' || ch == ']':
			if depth > 0 {
				depth--
			}
		case depth > 0 || ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n':
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// CutGenerics drops a trailing generic argument list ("Tr<X>" -> "Tr").
func CutGenerics(s string) string {
	if i := strings.IndexByte(s, '<'); i > 0 {
		return s[:i]
	}
	return s
}

// SplitLast splits "a.b.C" at its last sep into ("C", "a.b").
func SplitLast(s, sep string) (name, qual string) {
	if i := strings.LastIndex(s, sep); i >= 0 {
		return s[i+len(sep):], s[:i]
	}
	return s, ""
}

// IsUpper reports an ASCII capital letter.
func IsUpper(b byte) bool { return b >= 'A' && b <= 'Z' }

// WordSet is the set of the space-separated words of s.
func WordSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(s) {
		out[w] = true
	}
	return out
}

// NamedChildren lists n's named children other than comments.
func NamedChildren(n *sitter.Node) []*sitter.Node {
	out := make([]*sitter.Node, 0, n.NamedChildCount())
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if c := n.NamedChild(i); c.Kind() != "comment" {
			out = append(out, c)
		}
	}
	return out
}

// SortRefs orders refs by the byte position of their names, pos (one per
// ref, swapped along), keeping the order of refs at one position.
func SortRefs(refs []facts.Ref, pos []uint) {
	s := refSorter{refs, pos}
	if !sort.IsSorted(s) {
		sort.Stable(s)
	}
}

type refSorter struct {
	refs []facts.Ref
	pos  []uint
}

func (s refSorter) Len() int           { return len(s.refs) }
func (s refSorter) Less(i, j int) bool { return s.pos[i] < s.pos[j] }
func (s refSorter) Swap(i, j int) {
	s.refs[i], s.refs[j] = s.refs[j], s.refs[i]
	s.pos[i], s.pos[j] = s.pos[j], s.pos[i]
}
