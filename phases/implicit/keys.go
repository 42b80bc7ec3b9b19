package implicit

import (
	"regexp"
	"strings"
	"sync"

	"github.com/lgraph/lgraph/internal/facts"
)

// Patterns are compiled on first use, not when the binary starts.
var (
	routeParam = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\{[^}/]*\}|:[A-Za-z_]\w*|<[^>/]*>|\$\{[^}/]*\}`)
	})
	localHost = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^https?://(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(?::\d+)?$`)
	})
)

// valid checks a key of its kind and returns the form files share.
func valid(kind, key string) (string, bool) {
	switch kind {
	case KindEnv:
		return key, envName(key) && !facts.IsOSEnvVar(key)
	case KindConfig:
		// PascalCase keys are fields of API data read from a dict that
		// happens to be called config, not configuration keys.
		return key, !(key[0] >= 'A' && key[0] <= 'Z' && len(key) > 1 && key[1] >= 'a' && key[1] <= 'z')
	case KindTopic:
		return key, !vocab().genericEvents[strings.ToLower(key)]
	case KindRoute:
		return validRoute(key)
	}
	return key, true
}

// envName reports whether s is spelled like an environment variable.
func envName(s string) bool {
	if len(s) < 2 || len(s) > 64 || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// validRoute drops the host of a local URL and rejects URLs of other
// hosts, file system paths and file names; "/users/{id}", "/users/:id"
// and "/users/${id}" become the same key.
func validRoute(p string) (string, bool) {
	if !strings.HasPrefix(p, "/") { // a base: scheme and host, or a templated base URL
		rest := p
		if i := strings.Index(p, "://"); i >= 0 {
			rest = p[i+3:]
		}
		slash := strings.IndexByte(rest, '/')
		if slash < 0 {
			return "", false
		}
		base := p[:len(p)-len(rest)+slash]
		if strings.Contains(base, "://") && !localHost().MatchString(base) {
			return "", false
		}
		p = p[len(base):]
	}
	root, _, _ := strings.Cut(p[1:], "/")
	if vocab().fileRoots[root] || strings.Contains(p, "//") {
		return "", false
	}
	if dot := strings.LastIndexByte(p, '.'); dot > strings.LastIndexByte(p, '/') && vocab().fileExts[p[dot+1:]] {
		return "", false
	}
	p = routeParam().ReplaceAllString(p, "{}")
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	// A cut-off parameter ("/{note['id']}" read up to the quote) or a
	// path of parameters only ("/{}", "{base}/{arn}") names no endpoint.
	if strings.Count(p, "{") != strings.Count(p, "}") || strings.ContainsAny(p, "<>$") {
		return "", false
	}
	return p, strings.Trim(strings.ReplaceAll(p, "{}", ""), "/") != ""
}

// constants returns the values of the string constants named ident (or
// the last part of a dotted ident: Config.DB_URL, self.KEY) defined in the
// file: NAME = "…", const NAME = "…", NAME: str = "…", const NAME: &str =
// "…", static final String NAME = "…", NAME := "…".
func (f *file) constants(ident string) []string {
	if i := strings.LastIndexByte(ident, '.'); i >= 0 {
		ident = ident[i+1:]
	}
	if f.consts == nil {
		f.consts = f.constIndex()
	}
	return f.consts[ident]
}

// constIndex maps names to the env-shaped string values assigned to them,
// found in one pass over the file's string literals: a literal that a
// plain '=' (or ':=') precedes and that ends its statement.
func (f *file) constIndex() map[string][]string {
	s := f.text
	idx := map[string][]string{}
	for _, r := range f.regions {
		if r.Comment || !envName(s[r.In:r.Out]) || !(closes(s[r.End:]) || restBlank(strings.ReplaceAll(s[r.End:lineEnd(s, r.End)], "//", "#"), 0)) {
			continue
		}
		k := r.Start
		for k > 0 && (s[k-1] == ' ' || s[k-1] == '\t') {
			k--
		}
		if k < 2 || s[k-1] != '=' || strings.IndexByte("=!<>+-*/%&|^", s[k-2]) >= 0 {
			continue
		}
		k--
		if s[k-1] == ':' {
			k-- // Go :=
		}
		head := s[strings.LastIndexByte(s[:k], '\n')+1 : k]
		for _, name := range assignedNames(head) {
			idx[name] = append(idx[name], s[r.In:r.Out])
		}
	}
	return idx
}

// assignedNames returns the names the text before an '=' may declare: the
// last one or two identifiers once a type annotation (": str", ": &str")
// is cut off. Two, because "KEY string" (Go) names the first and "String
// KEY" (Java) the second; the other one is a type nobody reads env through.
func assignedNames(head string) []string {
	for i := 0; i < len(head); i++ {
		if head[i] == ':' && (i+1 >= len(head) || head[i+1] != ':') && (i == 0 || head[i-1] != ':') {
			head = head[:i]
			break
		}
	}
	var names []string
	end := len(head)
	for len(names) < 2 {
		for end > 0 && strings.IndexByte(" \t*&", head[end-1]) >= 0 {
			end--
		}
		start := end
		for start > 0 && isIdent(head[start-1]) {
			start--
		}
		if start == end {
			break
		}
		names = append(names, head[start:end])
		end = start
	}
	return names
}

// closes reports whether a constant's value is followed by the end of its
// statement or element (',' or ')' or '}').
func closes(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	return rest == "" || strings.IndexByte(",;)}", rest[0]) >= 0
}
