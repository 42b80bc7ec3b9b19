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

// rule finds one kind of key; the first capture group is the key. A rule
// only runs on the lines holding one of its anchors (found with a fast
// substring search; lowercase anchors are searched case-insensitively), so
// a file without any anchor costs one scan per anchor.
type rule struct {
	kind    string
	anchors []string
	fold    bool
	re      *regexp.Regexp
}

// rules are deliberately textual: they run on every changed file of every
// language, are cheap, and a false key costs little because keys shared by
// too many files are dropped as generic.
var rules = []rule{
	// Environment variables, in the spellings of the supported languages.
	{KindEnv, []string{"etenv", "LookupEnv", "GetEnvironmentVariable", "env::var"}, false,
		regexp.MustCompile(`(?:Getenv|LookupEnv|getenv|GetEnvironmentVariable|env::var|env::var_os|System\.getenv)\(\s*["']([A-Z][A-Z0-9_]{1,63})["']`)},
	{KindEnv, []string{"environ", "ENV", "$_SERVER"}, false,
		regexp.MustCompile(`(?:os\.environ|ENV|\$_ENV|\$_SERVER)\s*\[\s*["']([A-Z][A-Z0-9_]{1,63})["']\s*\]`)},
	{KindEnv, []string{"environ.get", "ENV.fetch"}, false,
		regexp.MustCompile(`(?:os\.environ\.get|ENV\.fetch)\(\s*["']([A-Z][A-Z0-9_]{1,63})["']`)},
	{KindEnv, []string{"process.env"}, false, regexp.MustCompile(`process\.env\.([A-Z][A-Z0-9_]{1,63})\b`)},
	{KindEnv, []string{"process.env"}, false, regexp.MustCompile(`process\.env\[\s*["']([A-Z][A-Z0-9_]{1,63})["']\s*\]`)},
	// Configuration keys read through common config libraries.
	{KindConfig, []string{"viper.", "config.", "settings.", "cfg.", "conf."}, false,
		regexp.MustCompile(`(?:viper|config|settings|cfg|conf)\.(?:Get\w*|get\w*)\(\s*["']([a-zA-Z][\w.-]{1,80})["']`)},
	{KindConfig, []string{"@Value"}, false, regexp.MustCompile(`@Value\(\s*"\$\{([a-zA-Z][\w.-]{1,80})(?::[^}]*)?\}"`)},
	// Pub/sub topics, queues and events.
	{KindTopic, []string{"ublish(", "ubscribe(", ".emit(", ".produce(", ".consume(", ".send_task(", ".enqueue("}, false,
		regexp.MustCompile(`\.(?:publish|subscribe|Publish|Subscribe|emit|produce|consume|send_task|enqueue)\(\s*["']([\w.:/-]{2,80})["']`)},
	{KindTopic, []string{"@KafkaListener"}, false, regexp.MustCompile(`@KafkaListener\([^)]*topics\s*=\s*\{?\s*"([\w.:-]{2,80})"`)},
	// HTTP routes, as defined by servers and called by clients.
	{KindRoute, []string{"(\"/", "('/", "Mapping("}, false,
		regexp.MustCompile(`(?:\.(?:get|post|put|patch|delete|route|HandleFunc|Handle|GET|POST|PUT|PATCH|DELETE|Get|Post|Put|Delete)|@(?:Get|Post|Put|Patch|Delete|Request)Mapping)\(\s*(?:value\s*=\s*)?["'](/[\w/{}:<>.-]{0,120})["']`)},
	{KindRoute, []string{"fetch(", "axios.", "requests.", "http.Get(", "http.Post(", "httpx."}, false,
		regexp.MustCompile(`(?:fetch|axios\.\w+|requests\.\w+|http\.(?:Get|Post)|httpx\.\w+)\(\s*["'` + "`" + `](?:https?://[^/"'` + "`" + `]+)?(/[\w/{}:<>.$-]{1,120})`)},
	// SQL tables named in string literals.
	{KindTable, []string{"from ", "into ", "update ", "join ", "table "}, true,
		regexp.MustCompile(`(?i)["'` + "`" + `][^"'` + "`" + `\n]*?\b(?:FROM|INTO|UPDATE|JOIN|TABLE)\s+["` + "`" + `]?([a-zA-Z_][\w]{1,63})`)},
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
	lower := ""
	first := map[string]Signal{}
	for _, r := range rules {
		hay := text
		if r.fold {
			if lower == "" {
				lower = strings.ToLower(text)
			}
			hay = lower
		}
		lineNo, prev := 1, 0
		for _, start := range anchorLines(hay, r.anchors) {
			lineNo += strings.Count(text[prev:start], "\n")
			prev = start
			end := strings.IndexByte(text[start:], '\n')
			if end < 0 {
				end = len(text) - start
			}
			line := text[start : start+end]
			for _, m := range r.re.FindAllStringSubmatch(line, -1) {
				key, ok := normalize(r.kind, m[1])
				if !ok {
					continue
				}
				s := Signal{Kind: r.kind, Key: key, Line: lineNo}
				if old, seen := first[s.Name()]; !seen || s.Line < old.Line {
					first[s.Name()] = s
				}
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

// normalize turns a matched key into the form files share.
func normalize(kind, key string) (string, bool) {
	switch kind {
	case KindRoute:
		key = normalizeRoute(key)
		return key, key != "/" && key != ""
	case KindTable:
		key = strings.ToLower(key)
		return key, !sqlWords[key]
	}
	return key, true
}

// anchorLines returns the start offsets of the distinct lines of text that
// hold any anchor, in order.
func anchorLines(text string, anchors []string) []int {
	seen := map[int]bool{}
	var starts []int
	for _, a := range anchors {
		for off := 0; ; {
			i := strings.Index(text[off:], a)
			if i < 0 {
				break
			}
			at := off + i
			start := strings.LastIndexByte(text[:at], '\n') + 1
			if !seen[start] {
				seen[start] = true
				starts = append(starts, start)
			}
			off = at + len(a)
		}
	}
	sort.Ints(starts)
	return starts
}
