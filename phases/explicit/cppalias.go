package explicit

import (
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
)

// C++ type aliases in overload choice: fmt passes a string_view where one
// overload takes basic_string_view<Char> and another a text_style, and
// string_view is `using string_view = basic_string_view<char>`. By name
// alone both fit as well (a class may convert to another); through the
// alias the first is the argument's own type, an exact match. The
// resolver reads an argument's or parameter's type name through the
// project's aliases of that name (typedef or using, facts.Symbol.Type)
// when they all name one type, a few links deep.

// maxAliasDepth bounds a chain of aliases (format_context ->
// buffer_context -> basic_format_context).
const maxAliasDepth = 4

// cppAliasConversions are C++'s rules from type names (cppFit,
// cppNarrower), each name read through the project's aliases.
func (r *resolver) cppAliasConversions() *conversions {
	return &conversions{
		fit:      func(a, p string) int { return cppFit(r.unaliasType(a), r.unaliasType(p)) },
		narrower: func(a, b string) bool { return cppNarrower(r.unaliasType(a), r.unaliasType(b)) },
	}
}

// unaliasType is a type as Args or Params write it ("string_view",
// "basic_string_view<Char>&", "format_args=") with its name replaced by
// the type its aliases name; a template parameter ("$T&"), an unknown
// type and a name no alias has are kept.
func (r *resolver) unaliasType(t string) string {
	if t == "" || t[0] == '$' || t[0] == '?' {
		return t
	}
	end := 0
	for end < len(t) && (isIdentChar(t[end]) || t[end] == ':') {
		end++
	}
	head, rest := t[:end], t[end:]
	name := head[strings.LastIndex(head, ":")+1:]
	target := r.aliasTarget(name)
	if target == "" {
		return t
	}
	if strings.HasPrefix(rest, "<") {
		rest = stripTemplateArgs(rest) // the alias's arguments, not its target's
	}
	return target + rest
}

// aliasTarget is the simple name of the type an alias of that name
// names, following aliases of aliases; "" when name is no alias, its
// aliases disagree, or one names a type outside the repository.
func (r *resolver) aliasTarget(name string) string {
	if r.aliases == nil {
		r.aliases = map[string]string{}
	}
	if t, ok := r.aliases[name]; ok {
		return t
	}
	r.aliases[name] = "" // a cycle reads as no alias
	target := ""
	for depth, cur := 0, name; depth < maxAliasDepth; depth++ {
		next, ok := r.oneAlias(cur)
		if !ok {
			break
		}
		target, cur = next, next
	}
	r.aliases[name] = target
	return target
}

// oneAlias is the simple name of the type every alias named name in the
// project names, if they agree and name a repository type.
func (r *resolver) oneAlias(name string) (string, bool) {
	if name == "" || arithmetic[name] {
		return "", false
	}
	target := ""
	for _, d := range r.lookupName(name) {
		if d.Kind != facts.KindType {
			continue
		}
		if d.Type == "" || strings.HasPrefix(d.Type, facts.NotRepo) || strings.ContainsAny(d.Type, "()?") {
			return "", false
		}
		t := lastSegment(d.Type)
		if target != "" && t != target || t == name {
			return "", false
		}
		target = t
	}
	return target, target != ""
}

func isIdentChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
