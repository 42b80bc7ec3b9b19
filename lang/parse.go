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

	"github.com/lgraph/lgraph/facts"
)

// useCAllocator hands tree-sitter its own malloc back. go-tree-sitter routes
// every allocation through a Go callback by default, which measured 1.3-1.5x
// slower parsing; the callbacks only wrap C.malloc, so memory is compatible.
var useCAllocator sync.Once

// Parsers hands out one tree-sitter parser per language per worker. Parsers
// are expensive to create and not safe for concurrent use, so they are pooled.
type Parsers struct {
	mu    sync.Mutex
	pools map[string]*sync.Pool
}

// NewParsers returns an empty parser pool.
func NewParsers() *Parsers {
	useCAllocator.Do(func() { C.lgraph_use_c_allocator() })
	return &Parsers{pools: map[string]*sync.Pool{}}
}

func (ps *Parsers) pool(spec *Spec) *sync.Pool {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	p, ok := ps.pools[spec.Name]
	if !ok {
		p = &sync.Pool{New: func() any {
			parser := sitter.NewParser()
			if err := parser.SetLanguage(spec.Grammar()); err != nil {
				panic(fmt.Sprintf("tree-sitter grammar %s: %v", spec.Name, err))
			}
			return parser
		}}
		ps.pools[spec.Name] = p
	}
	return p
}

// Extract parses src as the given language and returns its facts. Syntax
// errors do not fail: tree-sitter recovers and the count is in the facts.
func (ps *Parsers) Extract(ctx context.Context, spec *Spec, src []byte) (*facts.File, error) {
	pool := ps.pool(spec)
	parser := pool.Get().(*sitter.Parser)
	defer pool.Put(parser)
	tree := parser.ParseCtx(ctx, src, nil)
	if tree == nil {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("tree-sitter %s: parse returned no tree", spec.Name)
	}
	defer tree.Close()
	root := tree.RootNode()
	f := spec.Extract(root, src)
	if f == nil {
		f = &facts.File{}
	}
	f.SyntaxErrors = CountErrors(root)
	return f, nil
}
