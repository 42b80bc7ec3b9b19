package implicit

import (
	"regexp"
	"strings"
)

// osEnv are variables the operating system or shell sets for every
// program; two files reading them share no configuration.
var osEnv = toSet(`PATH HOME USER USERNAME LOGNAME SHELL PWD OLDPWD TMPDIR TEMP TMP LANG LANGUAGE LC_ALL
TERM HOSTNAME USERPROFILE APPDATA LOCALAPPDATA PROGRAMFILES SYSTEMROOT WINDIR COMSPEC`)

// genericEvents are in-process event names (Node streams, DOM, UI
// components) that an emit or subscribe call uses without naming any
// shared channel.
var genericEvents = toSet(`error data end close open change message connect connection disconnect ready
start stop finish drain exit update input click load submit timeout response request init destroy done
abort success fail failure progress resize scroll focus blur keydown keyup select reset cancel save delete
create remove add show hide toggle next complete event events log warning info debug`)

// fileRoots are file system directories: a "route" under them is a path.
var fileRoots = toSet(`tmp etc var usr dev proc sys home opt bin sbin lib root mnt run private Users`)

// fileExts end paths of files, not of endpoints.
var fileExts = toSet(`py go js ts rb php java rs c h cc cpp cs sh bash txt log md yaml yml toml ini cfg conf
pem key crt so dll jar zip tar gz tgz bz2 xz whl exe lock sock pid`)

var (
	routeParam = regexp.MustCompile(`\{[^}/]*\}|:[A-Za-z_]\w*|<[^>/]*>|\$\{[^}/]*\}`)
	localHost  = regexp.MustCompile(`^https?://(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])(?::\d+)?$`)
)

// valid checks a key of its kind and returns the form files share.
func valid(kind, key string) (string, bool) {
	switch kind {
	case KindEnv:
		return key, envName(key) && !osEnv[key]
	case KindConfig:
		// PascalCase keys are fields of API data read from a dict that
		// happens to be called config, not configuration keys.
		return key, !(key[0] >= 'A' && key[0] <= 'Z' && len(key) > 1 && key[1] >= 'a' && key[1] <= 'z')
	case KindTopic:
		return key, !genericEvents[strings.ToLower(key)]
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
	if !strings.HasPrefix(p, "/") {
		slash := strings.IndexByte(strings.TrimPrefix(strings.TrimPrefix(p, "https://"), "http://"), '/')
		host := p[:len(p)-len(strings.TrimPrefix(strings.TrimPrefix(p, "https://"), "http://"))+slash]
		if strings.HasPrefix(host, "http") && !localHost.MatchString(host) {
			return "", false
		}
		p = p[len(host):]
	}
	root, _, _ := strings.Cut(p[1:], "/")
	if fileRoots[root] || strings.Contains(p, "//") {
		return "", false
	}
	if dot := strings.LastIndexByte(p, '.'); dot > strings.LastIndexByte(p, '/') && fileExts[p[dot+1:]] {
		return "", false
	}
	p = routeParam.ReplaceAllString(p, "{}")
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	// A cut-off parameter ("/{note['id']}" read up to the quote) or a
	// path of parameters only ("/{}", "{base}/{arn}") names no endpoint.
	if strings.ContainsAny(p, "{}<>$") && strings.Trim(strings.ReplaceAll(p, "{}", ""), "/") == "" ||
		strings.Count(p, "{") != strings.Count(p, "}") || strings.ContainsAny(p, "<>$") {
		return "", false
	}
	return p, p != "/" && p != ""
}

// constants returns the values of the string constants named ident (or
// the last part of a dotted ident: Config.DB_URL, self.KEY) defined in the
// file: NAME = "…", const NAME = "…", NAME: str = "…", const NAME: &str =
// "…", static final String NAME = "…", NAME := "…".
func (f *file) constants(ident string) []string {
	if i := strings.LastIndexByte(ident, '.'); i >= 0 {
		ident = ident[i+1:]
	}
	if ident == "" {
		return nil
	}
	var out []string
	for off := 0; ; {
		i := strings.Index(f.text[off:], ident)
		if i < 0 {
			return out
		}
		at := off + i
		off = at + len(ident)
		if at > 0 && isIdent(f.text[at-1]) || off < len(f.text) && isIdent(f.text[off]) {
			continue
		}
		if _, in := inRegion(f.regions, at); in {
			continue
		}
		if v, ok := f.constantValue(off); ok {
			out = append(out, v)
		}
	}
}

// constantValue reads `[: type | type] (= | :=) "VALUE"` at off, ending
// the statement.
func (f *file) constantValue(off int) (string, bool) {
	s := f.text
	end := lineEnd(s, off)
	eq := strings.IndexByte(s[off:end], '=')
	if eq < 0 {
		return "", false
	}
	eq += off
	head := strings.TrimSpace(s[off:eq])
	head = strings.TrimSuffix(head, ":")
	if head != "" && !(strings.HasPrefix(head, ":") || isTypeName(head)) {
		return "", false
	}
	if eq+1 < len(s) && s[eq+1] == '=' || eq > 0 && strings.IndexByte("!<>=", s[eq-1]) >= 0 {
		return "", false
	}
	v := eq + 1
	for v < end && (s[v] == ' ' || s[v] == '\t') {
		v++
	}
	r, in := inRegion(f.regions, v)
	if !in || r.Start != v || r.Comment {
		return "", false
	}
	if !restBlank(strings.ReplaceAll(s[r.End:lineEnd(s, r.End)], "//", "#"), 0) && !closes(s[r.End:]) {
		return "", false
	}
	return s[r.In:r.Out], true
}

// isTypeName accepts a bare type between a name and its '=' (Go `string`).
func isTypeName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdent(s[i]) {
			return false
		}
	}
	return true
}

// closes reports whether a constant's value is followed by the end of its
// statement or element (',' or ')' or '}').
func closes(rest string) bool {
	rest = strings.TrimLeft(rest, " \t")
	return rest == "" || strings.IndexByte(",;)}", rest[0]) >= 0
}
