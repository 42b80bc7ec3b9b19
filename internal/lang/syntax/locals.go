package syntax

import "github.com/lgraph/lgraph/internal/facts"

// Locals is the stack of open lexical scopes of a walk, innermost last:
// each maps a local variable or parameter to its type chain
// (facts.Chain), so that a call on it names its receiver's type.
type Locals []map[string]string

// Push opens a scope.
func (l *Locals) Push() { *l = append(*l, map[string]string{}) }

// Pop closes the innermost scope, if any is open.
func (l *Locals) Pop() {
	if len(*l) > 0 {
		*l = (*l)[:len(*l)-1]
	}
}

// Declare binds name to chain (facts.Unknown when empty) in the innermost
// scope; with no scope open, or no name, it does nothing.
func (l Locals) Declare(name, chain string) {
	if name == "" || len(l) == 0 {
		return
	}
	if chain == "" {
		chain = facts.Unknown
	}
	l[len(l)-1][name] = chain
}

// Lookup returns the chain of a local, innermost scope first.
func (l Locals) Lookup(name string) (string, bool) {
	for i := len(l) - 1; i >= 0; i-- {
		if c, ok := l[i][name]; ok {
			return c, true
		}
	}
	return "", false
}
