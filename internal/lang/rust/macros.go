package rust

import (
	"bytes"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// The standard macros whose arguments are expressions (assert!(p.ok()),
// write!(f, "{}", x.name()), vec![a.b()]) reach tree-sitter as token trees,
// so the calls in them would be lost. A file with such calls is parsed a
// second time, the arguments alone, at their own offsets (argsRoot):
// `assert!(x)` reads as the parenthesized `(x)`, `write!(f, a)` as a
// tuple, `vec![a]` as an array. The walk then visits, in place of each
// such invocation, the expression at the same bytes of the second tree;
// everything else comes from the first.

// exprMacros are the standard macros whose arguments are expressions.
var exprMacros = map[string]bool{
	"assert": true, "assert_eq": true, "assert_ne": true, "debug_assert": true, "debug_assert_eq": true,
	"debug_assert_ne": true, "write": true, "writeln": true, "format": true, "format_args": true,
	"print": true, "println": true, "eprint": true, "eprintln": true, "panic": true, "unreachable": true,
	"todo": true, "unimplemented": true, "vec": true, "dbg": true,
}

// macroArgs returns the token tree of an invocation of one of exprMacros
// delimited by parentheses or brackets that holds a call, or nil.
func (x *extractor) macroArgs(n *sitter.Node) *sitter.Node {
	if !exprMacros[syntax.Text(x.g.Child(n, "macro"), x.src)] || n.ChildCount() == 0 {
		return nil
	}
	tt := n.Child(n.ChildCount() - 1)
	if x.g.Kind(tt) != "token_tree" || tt.ChildCount() == 0 {
		return nil
	}
	switch syntax.Text(tt.Child(0), x.src) {
	case "(", "[":
	default:
		return nil
	}
	if !x.holdsCall(tt) {
		return nil
	}
	return tt
}

// holdsCall reports whether a token tree has a name followed by a
// parenthesized token tree: a call, as far as tokens tell.
func (x *extractor) holdsCall(tt *sitter.Node) bool {
	for i := uint(0); i < tt.ChildCount(); i++ {
		ch := tt.Child(i)
		if x.g.Kind(ch) != "token_tree" {
			continue
		}
		if i > 0 && x.callable(tt.Child(i-1)) && syntax.Text(ch.Child(0), x.src) == "(" || x.holdsCall(ch) {
			return true
		}
	}
	return false
}

// callable reports whether a token may name a function: an identifier,
// or a word a token tree reads as a primitive type (self.char()).
func (x *extractor) callable(tok *sitter.Node) bool {
	k := x.g.Kind(tok)
	return k == "identifier" || k == "primitive_type"
}

// blankNested blanks, in src, the names and `!` of the exprMacros
// invocations inside a token tree (assert_eq!(x, vec![f()])), which the
// grammar leaves as tokens, so that the second reading sees their
// arguments as expressions too.
func (x *extractor) blankNested(tt *sitter.Node, src []byte) {
	for i := uint(0); i < tt.ChildCount(); i++ {
		ch := tt.Child(i)
		if x.g.Kind(ch) == "token_tree" {
			x.blankNested(ch, src)
			continue
		}
		if i+2 >= tt.ChildCount() || x.g.Kind(ch) != "identifier" || !exprMacros[syntax.Text(ch, x.src)] {
			continue
		}
		bang, args := tt.Child(i+1), tt.Child(i+2)
		if syntax.Text(bang, x.src) != "!" || x.g.Kind(args) != "token_tree" {
			continue
		}
		switch syntax.Text(args.Child(0), x.src) {
		case "(", "[":
			for b := ch.StartByte(); b < bang.EndByte(); b++ {
				if src[b] != '\n' {
					src[b] = ' '
				}
			}
		}
	}
}

// walkMacro visits the expression an invocation's arguments read as in the
// second reading; it does nothing when they do not read as one.
func (x *extractor) walkMacro(tt *sitter.Node) {
	root := x.argsRoot()
	if root == nil {
		return
	}
	e := root.DescendantForByteRange(tt.StartByte(), tt.EndByte())
	if e == nil || e.StartByte() != tt.StartByte() || e.EndByte() != tt.EndByte() {
		return
	}
	switch x.g.Kind(e) {
	case "parenthesized_expression", "tuple_expression", "array_expression":
	default:
		return
	}
	c := e.Walk()
	defer c.Close()
	x.walk(c, "macro_invocation")
}

// argsRoot parses, once per file, the arguments of exprMacros'
// invocations that hold calls as statements of one function, and returns
// that tree's root (nil when there are none or they cannot be parsed).
// Only the ranges that make up that function are read (tree-sitter's
// included ranges), so the cost follows the macros' arguments, not the
// file: "fn f(){" written over the file's first bytes, then each
// argument list followed by ";" written over the byte after it, and "}"
// over the byte after the last ";". Positions inside the argument lists
// stay the file's.
func (x *extractor) argsRoot() *sitter.Node {
	if x.argsTried {
		if x.argsTree == nil {
			return nil
		}
		return x.argsTree.RootNode()
	}
	x.argsTried = true
	const head = "fn f(){"
	src := bytes.Clone(x.src)
	copy(src, head)
	ranges := []sitter.Range{{StartByte: 0, EndByte: uint(len(head)), EndPoint: sitter.Point{Column: uint(len(head))}}}
	syntax.Walk(x.root, func(n *sitter.Node) bool {
		if x.g.Kind(n) != "macro_invocation" {
			return true
		}
		tt := x.macroArgs(n)
		if tt == nil || tt.StartByte() < uint(len(head)) || tt.EndByte()+2 > uint(len(src)) {
			return false
		}
		x.blankNested(tt, src)
		end, at := tt.EndByte(), tt.EndPosition()
		src[end] = ';'
		ranges = append(ranges, sitter.Range{StartByte: tt.StartByte(), EndByte: end + 1, StartPoint: tt.StartPosition(),
			EndPoint: sitter.Point{Row: at.Row, Column: at.Column + 1}})
		return false
	})
	if len(ranges) == 1 {
		return nil
	}
	last := ranges[len(ranges)-1]
	src[last.EndByte] = '}'
	ranges = append(ranges, sitter.Range{StartByte: last.EndByte, EndByte: last.EndByte + 1, StartPoint: last.EndPoint,
		EndPoint: sitter.Point{Row: last.EndPoint.Row, Column: last.EndPoint.Column + 1}})
	p := sitter.NewParser()
	defer p.Close()
	if p.SetLanguage(rustGrammar()) != nil || p.SetIncludedRanges(ranges) != nil {
		return nil
	}
	x.argsTree = p.Parse(src, nil)
	if x.argsTree == nil {
		return nil
	}
	return x.argsTree.RootNode()
}
