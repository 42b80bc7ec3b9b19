package lang

import (
	"context"
	"sync"

	"github.com/lgraph/lgraph/internal/facts"
)

// Parsers hands out one parser per language per worker. Parsers are
// expensive to create and not safe for concurrent use, so idle ones are
// kept; they live in C memory, so unlike a sync.Pool this never drops one
// without closing it.
type Parsers struct {
	mu   sync.Mutex
	idle map[string][]Parser
}

// NewParsers returns an empty parser pool.
func NewParsers() *Parsers {
	return &Parsers{idle: map[string][]Parser{}}
}

func (ps *Parsers) get(l Language) (Parser, error) {
	ps.mu.Lock()
	if idle := ps.idle[l.Name()]; len(idle) > 0 {
		p := idle[len(idle)-1]
		ps.idle[l.Name()] = idle[:len(idle)-1]
		ps.mu.Unlock()
		return p, nil
	}
	ps.mu.Unlock()
	return l.NewParser()
}

func (ps *Parsers) put(l Language, p Parser) {
	ps.mu.Lock()
	ps.idle[l.Name()] = append(ps.idle[l.Name()], p)
	ps.mu.Unlock()
}

// Close frees every idle parser.
func (ps *Parsers) Close() {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for name, idle := range ps.idle {
		for _, p := range idle {
			p.Close()
		}
		delete(ps.idle, name)
	}
}

// Extract parses src as the given language and returns its facts. Syntax
// errors do not fail: the parser recovers and the count is in the facts.
func (ps *Parsers) Extract(ctx context.Context, l Language, src []byte) (*facts.File, error) {
	// Files are capped by max_file_kb, so a parse is short: cancellation is
	// checked between files rather than through a per-chunk Go callback.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p, err := ps.get(l)
	if err != nil {
		return nil, err
	}
	defer ps.put(l, p)
	return p.Extract(src)
}
