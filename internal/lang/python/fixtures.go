package python

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Pytest fixtures. pytest passes a test function (and a fixture) the value
// of the fixture named like each parameter that has no default: def
// test_x(app) gets what the fixture app returns or yields, found in the
// test's module, then in conftest.py of its directory and of each parent.
// No annotation says so, so the extractor writes such a parameter's chain
// as facts.Injected + name, and gives a fixture def:
//
//   - a Signature that starts with its decorator, so that the resolver
//     (Traits.Injected, fixtureName) can index it under its fixture name;
//   - a Type that is the fixture's value: its return annotation (the
//     element of a Generator or Iterator one), else what every return, or
//     in a generator every yield, agrees on. pytest never lets a fixture
//     be called, so no call reads the def's Type as a call's result.

// fixtureDecorator is the decorator node of a def decorated with
// @pytest.fixture, @pytest.fixture(...), @fixture or @fixture(...).
func (e *extractor) fixtureDecorator(def *sitter.Node) *sitter.Node {
	for d, x := range e.decoratorsOf(def) {
		if isFixtureDecorator(noSpace(syntax.Text(x, e.src))) {
			return d
		}
	}
	return nil
}

func isFixtureDecorator(name string) bool { return name == "pytest.fixture" || name == "fixture" }

// takesFixtures reports whether pytest passes fixtures to a def's
// parameters: a fixture, a test function, or a test method of a Test
// class.
func (e *extractor) takesFixtures(def *sitter.Node) bool {
	if e.g.Kind(def) != "function_definition" {
		return false
	}
	if e.fixtureDecorator(def) != nil {
		return true
	}
	name := def.ChildByFieldId(e.g.fName)
	if name == nil || !strings.HasPrefix(syntax.Text(name, e.src), "test") {
		return false
	}
	if len(e.stack) < 2 {
		return true // the def's own scope is on the stack
	}
	outer := e.stack[len(e.stack)-2]
	return outer.class && strings.HasPrefix(lastDotted(outer.qual), "Test")
}

// fixtureSignature is a fixture def's Signature: its decorator, then the
// def's header.
func (e *extractor) fixtureSignature(deco *sitter.Node, header string) string {
	return syntax.OneLine(syntax.Text(deco, e.src)) + " " + header
}

// fixtureName is the name a fixture def's Signature gives it: the
// decorator's name= when it has one, else the def's name; ok is false for
// a symbol that is no fixture.
func fixtureName(s facts.Symbol) (string, bool) {
	deco, header, found := strings.Cut(s.Signature, " def ")
	if !found {
		deco, header, found = strings.Cut(s.Signature, " async def ")
	}
	if !found || s.Kind != facts.KindFunction || !strings.HasPrefix(deco, "@") {
		return "", false
	}
	head, args, called := strings.Cut(noSpace(deco[1:]), "(")
	if !isFixtureDecorator(head) || header == "" {
		return "", false
	}
	if called {
		for _, a := range splitTop(strings.TrimSuffix(args, ")"), ',') {
			if v, ok := strings.CutPrefix(a, "name="); ok {
				if n := unquote(v); isIdent(n) {
					return n, true
				}
				return "", false // a name computed at run time
			}
		}
	}
	return s.Name, true
}

// fixtureValue is the chain of the value a fixture def gives: the return
// annotation (a generator's element), else what its returns or, in a
// generator, its yields agree on.
func (e *extractor) fixtureValue(def *sitter.Node) string {
	if rt := def.ChildByFieldId(e.g.fReturnType); rt != nil {
		text := noSpace(syntax.Text(rt, e.src))
		head, args := generic(unquote(text))
		if last, ok := e.typingName(head); ok && args != "" && generators[last] {
			text = splitTop(args, ',')[0]
		}
		return e.annotationChain(text, pyType, 0)
	}
	body := def.ChildByFieldId(e.g.fBody)
	if body == nil {
		return facts.Unknown
	}
	returns, yields := e.resultNodes(body)
	if len(yields) > 0 {
		return e.agreedChain(yields)
	}
	return e.agreedChain(returns)
}

// generators are the annotations of a generator's result whose first
// argument is what it yields.
var generators = map[string]bool{"Generator": true, "Iterator": true, "Iterable": true,
	"AsyncGenerator": true, "AsyncIterator": true, "AsyncIterable": true}
