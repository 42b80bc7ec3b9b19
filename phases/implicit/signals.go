package implicit

import (
	"regexp"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/facts"
)

// Signal kinds: what two files may share without importing each other.
const (
	KindEnv    = "env"
	KindConfig = "config"
	KindTopic  = "topic"
	KindRoute  = "route"
	KindTable  = "table"
)

// Signal is one implicit key a file uses, with the first line it appears on.
type Signal = facts.Signal

// rule finds one kind of key; the first capture group is the key.
type rule struct {
	kind string
	re   *regexp.Regexp
}

// rules are deliberately textual: they run on every changed file of every
// language, are cheap, and a false key costs little because keys shared by
// too many files are dropped as generic.
var rules = []rule{
	// Environment variables, in the spellings of the supported languages.
	{KindEnv, regexp.MustCompile(`(?:Getenv|LookupEnv|getenv|GetEnvironmentVariable|env::var|env::var_os|System\.getenv)\(\s*["']([A-Z][A-Z0-9_]{1,63})["']`)},
	{KindEnv, regexp.MustCompile(`(?:os\.environ|ENV|\$_ENV|\$_SERVER)\s*\[\s*["']([A-Z][A-Z0-9_]{1,63})["']\s*\]`)},
	{KindEnv, regexp.MustCompile(`(?:os\.environ\.get|ENV\.fetch)\(\s*["']([A-Z][A-Z0-9_]{1,63})["']`)},
	{KindEnv, regexp.MustCompile(`process\.env\.([A-Z][A-Z0-9_]{1,63})\b`)},
	{KindEnv, regexp.MustCompile(`process\.env\[\s*["']([A-Z][A-Z0-9_]{1,63})["']\s*\]`)},
	// Configuration keys read through common config libraries.
	{KindConfig, regexp.MustCompile(`(?:viper|config|settings|cfg|conf)\.(?:Get\w*|get\w*)\(\s*["']([a-zA-Z][\w.-]{1,80})["']`)},
	{KindConfig, regexp.MustCompile(`@Value\(\s*"\$\{([a-zA-Z][\w.-]{1,80})(?::[^}]*)?\}"`)},
	// Pub/sub topics, queues and events.
	{KindTopic, regexp.MustCompile(`\.(?:publish|subscribe|Publish|Subscribe|emit|produce|consume|send_task|enqueue)\(\s*["']([\w.:/-]{2,80})["']`)},
	{KindTopic, regexp.MustCompile(`@KafkaListener\([^)]*topics\s*=\s*\{?\s*"([\w.:-]{2,80})"`)},
	// HTTP routes, as defined by servers and called by clients.
	{KindRoute, regexp.MustCompile(`(?:\.(?:get|post|put|patch|delete|route|HandleFunc|Handle|GET|POST|PUT|PATCH|DELETE|Get|Post|Put|Delete)|@(?:Get|Post|Put|Patch|Delete|Request)Mapping)\(\s*(?:value\s*=\s*)?["'](/[\w/{}:<>.-]{0,120})["']`)},
	{KindRoute, regexp.MustCompile(`(?:fetch|axios\.\w+|requests\.\w+|http\.(?:Get|Post)|httpx\.\w+)\(\s*["'` + "`" + `](?:https?://[^/"'` + "`" + `]+)?(/[\w/{}:<>.$-]{1,120})`)},
	// SQL tables named in string literals.
	{KindTable, regexp.MustCompile(`(?i)["'` + "`" + `][^"'` + "`" + `\n]*?\b(?:FROM|INTO|UPDATE|JOIN|TABLE)\s+["` + "`" + `]?([a-zA-Z_][\w]{1,63})`)},
}

var routeParam = regexp.MustCompile(`\{[^}/]*\}|:[A-Za-z_]\w*|<[^>/]*>|\$\{[^}/]*\}`)

// normalizeRoute makes a server's "/users/{id}" and a client's
// "/users/:id" or "/users/${id}" the same key.
func normalizeRoute(p string) string {
	p = routeParam.ReplaceAllString(p, "{}")
	if len(p) > 1 {
		p = strings.TrimSuffix(p, "/")
	}
	return p
}

// sqlWords are not table names even where the pattern matches them.
var sqlWords = map[string]bool{"select": true, "where": true, "set": true, "values": true, "the": true, "a": true, "an": true, "if": true, "exists": true, "not": true}

// Extract lists the implicit keys a file uses, first occurrence of each,
// sorted by name. It is a pure function of the bytes.
func Extract(content []byte) []Signal {
	text := string(content)
	first := map[string]Signal{}
	for _, r := range rules {
		for _, m := range r.re.FindAllStringSubmatchIndex(text, -1) {
			key := text[m[2]:m[3]]
			switch r.kind {
			case KindRoute:
				key = normalizeRoute(key)
				if key == "/" || key == "" {
					continue
				}
			case KindTable:
				key = strings.ToLower(key)
				if sqlWords[key] {
					continue
				}
			}
			s := Signal{Kind: r.kind, Key: key, Line: 1 + strings.Count(text[:m[0]], "\n")}
			if old, ok := first[s.Name()]; !ok || s.Line < old.Line {
				first[s.Name()] = s
			}
		}
	}
	out := make([]Signal, 0, len(first))
	for _, s := range first {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}
