package lang

/*
#include <stddef.h>
// Declared here rather than included: go-tree-sitter links the definition.
void ts_set_allocator(void *(*)(size_t), void *(*)(size_t, size_t), void *(*)(void *, size_t), void (*)(void *));
static void lgraph_use_c_allocator(void) { ts_set_allocator(NULL, NULL, NULL, NULL); }
*/
import "C"

import (
	"context"
	"fmt"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// useCAllocator hands tree-sitter its own malloc back. go-tree-sitter routes
// every allocation through a Go callback by default, which measured 1.3-1.5x
// slower parsing; the callbacks only wrap C.malloc, so memory is compatible.
var useCAllocator sync.Once

// Parsers hands out one tree-sitter parser per language per worker. Parsers
// are expensive to create and not safe for concurrent use, so idle ones are
// kept; they live in C memory, so unlike a sync.Pool this never drops one
// without closing it.
type Parsers struct {
	mu   sync.Mutex
	idle map[string][]*sitter.Parser
}

// NewParsers returns an empty parser pool.
func NewParsers() *Parsers {
	useCAllocator.Do(func() { C.lgraph_use_c_allocator() })
	return &Parsers{idle: map[string][]*sitter.Parser{}}
}

func (ps *Parsers) get(spec *Spec) (*sitter.Parser, error) {
	ps.mu.Lock()
	if l := ps.idle[spec.Name]; len(l) > 0 {
		p := l[len(l)-1]
		ps.idle[spec.Name] = l[:len(l)-1]
		ps.mu.Unlock()
		return p, nil
	}
	ps.mu.Unlock()
	p := sitter.NewParser()
	if err := p.SetLanguage(spec.Grammar()); err != nil {
		p.Close()
		return nil, fmt.Errorf("tree-sitter grammar %s: %w", spec.Name, err)
	}
	return p, nil
}

func (ps *Parsers) put(spec *Spec, p *sitter.Parser) {
	ps.mu.Lock()
	ps.idle[spec.Name] = append(ps.idle[spec.Name], p)
	ps.mu.Unlock()
}

// Close frees every idle parser.
func (ps *Parsers) Close() {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for name, l := range ps.idle {
		for _, p := range l {
			p.Close()
		}
		delete(ps.idle, name)
	}
}

// Extract parses src as the given language and returns its facts. Syntax
// errors do not fail: tree-sitter recovers and the count is in the facts.
func (ps *Parsers) Extract(ctx context.Context, spec *Spec, src []byte) (*facts.File, error) {
	// Files are capped by max_file_kb, so a parse is short: cancellation is
	// checked between files rather than through a per-chunk Go callback.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	parser, err := ps.get(spec)
	if err != nil {
		return nil, err
	}
	defer ps.put(spec, parser)
	tree := parser.Parse(src, nil)
	if tree == nil {
		return nil, fmt.Errorf("tree-sitter %s: parse returned no tree", spec.Name)
	}
	tree = repair(parser, spec, src, tree)
	defer tree.Close()
	root := tree.RootNode()
	f := spec.Extract(root, src)
	if f == nil {
		f = &facts.File{}
	}
	if f.Doc == "" {
		f.Doc = syntax.FileDoc(root, src)
	}
	f.SyntaxErrors = syntax.CountErrors(root)
	return f, nil
}

// repair re-parses a tree with errors from the spec's repaired source and
// keeps whichever tree has fewer errors, closing the other.
func repair(parser *sitter.Parser, spec *Spec, src []byte, tree *sitter.Tree) *sitter.Tree {
	if spec.Repair == nil || !tree.RootNode().HasError() {
		return tree
	}
	fixed := spec.Repair(src)
	if fixed == nil {
		return tree
	}
	t2 := parser.Parse(fixed, nil)
	if t2 == nil {
		return tree
	}
	if syntax.CountErrors(t2.RootNode()) < syntax.CountErrors(tree.RootNode()) {
		tree.Close()
		return t2
	}
	t2.Close()
	return tree
}
