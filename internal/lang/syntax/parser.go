package syntax

/*
#include <stddef.h>
// Declared here rather than included: go-tree-sitter links the definition.
void ts_set_allocator(void *(*)(size_t), void *(*)(size_t, size_t), void *(*)(void *, size_t), void (*)(void *));
static void lgraph_use_c_allocator(void) { ts_set_allocator(NULL, NULL, NULL, NULL); }
*/
import "C"

import (
	"fmt"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// useCAllocator hands tree-sitter its own malloc back. go-tree-sitter routes
// every allocation through a Go callback by default, which measured 1.3-1.5x
// slower parsing; the callbacks only wrap C.malloc, so memory is compatible.
var useCAllocator sync.Once

// Grammar is what a language package gives to parse its files.
type Grammar struct {
	// Name is the language's name, for errors.
	Name string
	// Language returns the tree-sitter language.
	Language func() *sitter.Language
	// Extract pulls the facts out of a parsed tree. It must be a pure
	// function of src: no clocks, no maps iterated into output, no global
	// state.
	Extract func(root *sitter.Node, src []byte) *facts.File
	// Repair, when set, is tried on a file that parsed with errors: it
	// returns a copy of src rewritten byte for byte (offsets unchanged) so
	// that the grammar can parse it, or nil. The tree with fewer errors is
	// kept; Extract always reads text from the original src.
	Repair func(src []byte) []byte
	// Decode, when set, returns src as UTF-8 when the file declares
	// another encoding (Python's "# -*- coding: latin-1 -*-"), with every
	// line where it was, or nil to read src as it is. Extract and the
	// tree read the decoded text.
	Decode func(src []byte) []byte
}

// parser is a tree-sitter parser of one grammar; it lives in C memory
// until Close.
type parser struct {
	g *Grammar
	p *sitter.Parser
}

// NewParser returns a parser of the grammar's language.
func (g *Grammar) NewParser() (lang.Parser, error) {
	useCAllocator.Do(func() { C.lgraph_use_c_allocator() })
	p := sitter.NewParser()
	if err := p.SetLanguage(g.Language()); err != nil {
		p.Close()
		return nil, fmt.Errorf("tree-sitter grammar %s: %w", g.Name, err)
	}
	return &parser{g: g, p: p}, nil
}

// Close frees the parser.
func (p *parser) Close() { p.p.Close() }

// Extract parses src and returns its facts: what the grammar's Extract
// finds, the file's own doc (FileDoc) when it found none, and the count of
// syntax errors, from which tree-sitter recovers.
func (p *parser) Extract(src []byte) (*facts.File, error) {
	if p.g.Decode != nil {
		if d := p.g.Decode(src); d != nil {
			src = d
		}
	}
	tree := p.p.Parse(src, nil)
	if tree == nil {
		return nil, fmt.Errorf("tree-sitter %s: parse returned no tree", p.g.Name)
	}
	tree = p.repair(src, tree)
	defer tree.Close()
	root := tree.RootNode()
	f := p.g.Extract(root, src)
	if f == nil {
		f = &facts.File{}
	}
	if f.Doc == "" {
		f.Doc = FileDoc(root, src)
	}
	f.SyntaxErrors = CountErrors(root)
	return f, nil
}

// repair re-parses a tree with errors from the grammar's repaired source
// and keeps whichever tree has fewer errors, closing the other.
func (p *parser) repair(src []byte, tree *sitter.Tree) *sitter.Tree {
	if p.g.Repair == nil || !tree.RootNode().HasError() {
		return tree
	}
	fixed := p.g.Repair(src)
	if fixed == nil {
		return tree
	}
	t2 := p.p.Parse(fixed, nil)
	if t2 == nil {
		return tree
	}
	if CountErrors(t2.RootNode()) < CountErrors(tree.RootNode()) {
		tree.Close()
		return t2
	}
	t2.Close()
	return tree
}
