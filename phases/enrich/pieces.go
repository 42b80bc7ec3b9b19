package enrich

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/inventory"
)

// Piece sizes. A definition longer than outlineLines is sent as an outline
// (its nested definitions' bodies elided), so a huge class costs what its
// shape costs, and an edit inside one of its methods changes nothing sent.
// No piece is sent longer than maxPieceBytes.
const (
	outlineLines  = 80
	elideMinLines = 4
	maxPieceBytes = 12000
)

// piece is one unit of a file summary: what is sent for it.
type piece struct {
	llm.Piece
}

// pieces splits a file into its top-level definitions, in source order,
// followed by the file's remaining top-level code. A definition's piece
// starts at the comments and annotations right above it (its doc comment
// is part of what it is); the remaining code leaves out import statements,
// which the graph holds, unless the file has nothing else, and is no piece
// when a package clause is all it has. Each piece's content is whitespace-normalized, so the pieces are a
// pure function of the normalized content and the facts: line numbers pick
// lines, they are never part of what is sent.
func pieces(data []byte, ff *facts.File) []piece {
	lines := strings.Split(string(data), "\n")
	covered := make([]bool, len(lines)+2)
	order := slices.Clone(ff.Symbols)
	slices.SortStableFunc(order, func(a, b facts.Symbol) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return b.EndLine - a.EndLine
	})
	var out []piece
	end := 0
	for i, s := range order {
		if s.Line <= end || s.Line < 1 || s.EndLine < s.Line || s.EndLine > len(lines) {
			continue // nested in a piece already taken, or a range the lines do not hold
		}
		start := s.Line
		for start-1 > end && leadingLine(lines[start-2]) {
			start--
		}
		end = s.EndLine
		for l := start; l <= s.EndLine; l++ {
			covered[l] = true
		}
		text := pieceText(lines, start, s, order[i+1:])
		out = append(out, piece{Piece: llm.Piece{Kind: s.Kind, Name: s.Qualified, Content: text, Doc: s.Doc}})
	}
	withImports := slices.Clone(covered)
	markImports(lines, ff.Imports, covered)
	top := normalized(uncovered(lines, covered))
	if onlyPackageClause(top) && len(out) == 0 {
		// A file of imports alone (a barrel, an __init__.py) is what it
		// imports.
		top = normalized(uncovered(lines, withImports))
	}
	if !onlyPackageClause(top) {
		out = append(out, piece{Piece: llm.Piece{Content: top, Doc: ff.Doc}})
	}
	return out
}

// uncovered joins the lines no piece covers.
func uncovered(lines []string, covered []bool) string {
	var rest []string
	for l := 1; l <= len(lines); l++ {
		if !covered[l] {
			rest = append(rest, lines[l-1])
		}
	}
	return strings.Join(rest, "\n")
}

// leadingLine says whether a line belongs to the definition below it: a
// comment, a doc comment's continuation, an annotation, decorator or
// attribute. A blank line ends the run, so a file's header comment stays
// with the file.
func leadingLine(line string) bool {
	t := strings.TrimSpace(line)
	if t == "#" {
		return true
	}
	for _, p := range []string{"//", "/*", "*", "# ", "#[", "@"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// markImports marks the lines of import statements as covered: from each
// import's first line until its brackets close, and Go's "import (" blocks
// whole.
func markImports(lines []string, imports []facts.Import, covered []bool) {
	const maxImportLines = 200
	for _, imp := range imports {
		if imp.Kind == facts.ImportSelf {
			continue // an export of the file's own declarations, no import line
		}
		depth := 0
		for l := imp.Line; l >= 1 && l <= len(lines) && l < imp.Line+maxImportLines; l++ {
			covered[l] = true
			depth += strings.Count(lines[l-1], "(") + strings.Count(lines[l-1], "{") + strings.Count(lines[l-1], "[") -
				strings.Count(lines[l-1], ")") - strings.Count(lines[l-1], "}") - strings.Count(lines[l-1], "]")
			if depth <= 0 {
				break
			}
		}
	}
	for l := 1; l <= len(lines); l++ {
		if !covered[l] && goImportBlock().MatchString(lines[l-1]) {
			for ; l <= len(lines) && strings.TrimSpace(lines[l-1]) != ")"; l++ {
				covered[l] = true
			}
			if l <= len(lines) {
				covered[l] = true
			}
		}
	}
}

var (
	goImportBlock = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^import\s*\(\s*$`)
	})
	packageClause = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(package\s+[\w.]+;?|namespace\s+[\w.\\]+;|<\?php)$`)
	})
)

// onlyPackageClause says whether top-level code says nothing a summary
// could use: nothing, or only package or namespace clauses.
func onlyPackageClause(top string) bool {
	for _, l := range strings.Split(top, "\n") {
		if l = strings.TrimSpace(l); l != "" && !packageClause().MatchString(l) {
			return false
		}
	}
	return true
}

// pieceText is a definition's normalized lines from start (its leading
// comments), outlined when the definition is long.
func pieceText(lines []string, start int, s facts.Symbol, after []facts.Symbol) string {
	body := lines[start-1 : s.EndLine]
	if s.EndLine-s.Line+1 <= outlineLines {
		return normalized(strings.Join(body, "\n"))
	}
	var b []string
	next := start // first line not yet written
	for _, c := range after {
		if c.Line > s.EndLine {
			break
		}
		if c.Line < next || c.EndLine > s.EndLine || c.EndLine-c.Line+1 < elideMinLines {
			continue
		}
		b = append(b, lines[next-1:c.Line]...)
		b = append(b, indent(lines[c.Line-1])+"    ...")
		next = c.EndLine + 1
	}
	b = append(b, lines[next-1:s.EndLine]...)
	return normalized(strings.Join(b, "\n"))
}

func indent(line string) string { return line[:len(line)-len(strings.TrimLeft(line, " \t"))] }

// normalized is the summary normalization of one piece, capped in size.
func normalized(s string) string {
	out := string(bytes.TrimSpace(inventory.Normalize([]byte(s))))
	if len(out) > maxPieceBytes {
		cut := strings.LastIndexByte(out[:maxPieceBytes], '\n')
		if cut <= 0 {
			cut = maxPieceBytes
		}
		out = fmt.Sprintf("%s\n[... %d more bytes ...]", out[:cut], len(out)-cut)
	}
	return out + "\n"
}

// pieceKey hashes exactly the item text sent for a piece, the doc the
// offline provider writes from, the piece prompt version and the model.
func pieceKey(lang string, p llm.Piece, model string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s", llm.PiecePromptVersion, model, llm.PieceItem(lang, p), p.Doc)
	return "piece/" + hex.EncodeToString(h.Sum(nil))
}

// Composition: the file summary is built from the piece summaries without
// a call. The top-level code speaks first (a module docstring, what the file
// wires up), then the largest definitions, in source order; the rest are
// named. It is a pure function of the piece summaries, so a file whose piece
// summaries did not change keeps its summary byte for byte, and what depends
// on the summary (module narratives, bare-import edges) is not redone.
const composeDefs = 4

// compose joins piece summaries into the file summary.
func compose(ps []piece, texts []string) string {
	var parts []string
	var defs []int
	for i, p := range ps {
		if p.Name == "" {
			parts = append(parts, sentence(texts[i]))
		} else {
			defs = append(defs, i)
		}
	}
	chosen := slices.Clone(defs)
	// Largest by normalized text, a pure function of content (line counts
	// are not: blank-line runs collapse).
	slices.SortStableFunc(chosen, func(a, b int) int { return len(ps[b].Content) - len(ps[a].Content) })
	chosen = chosen[:min(composeDefs, len(chosen))]
	slices.Sort(chosen)
	var others []string
	for _, i := range defs {
		if slices.Contains(chosen, i) {
			parts = append(parts, sentence(texts[i]))
		} else {
			others = append(others, ps[i].Name)
		}
	}
	if len(others) > 0 {
		parts = append(parts, "Also defines "+joinNames(others)+".")
	}
	return strings.Join(parts, " ")
}

// sentence collapses whitespace and ends the text with a full stop.
func sentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s != "" && !strings.ContainsAny(s[len(s)-1:], ".!?") {
		s += "."
	}
	return s
}

func joinNames(names []string) string {
	const limit = 8
	if len(names) <= limit {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:limit], ", "), len(names)-limit)
}
