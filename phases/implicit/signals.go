package implicit

import (
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
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

// rule finds one kind of key in code. It only runs on the lines holding
// one of its anchors (found with a fast substring search), and a match
// counts only where it starts in code: never in a comment, a docstring or
// a string literal. The key is capture group 1 (a quoted literal) or, when
// the rule has one, group 2: an identifier naming a string constant of
// the same file.
type rule struct {
	kind    string
	anchors []string
	re      *regexp.Regexp
}

// envKey is an environment variable name; envArg is a call's argument: a
// quoted name (group 1) or a constant's identifier (group 2).
const (
	envKey = `[A-Z][A-Z0-9_]{1,63}`
	envArg = `(?:["']` + `(` + envKey + `)["']|([A-Za-z_][\w.]*))`
)

// rules are textual and cheap: they run on every changed file of every
// language. Their precision comes from running on code only, from keys
// validated per kind (see valid) and from dropping keys shared by too
// many files. They are compiled on first use: a command that extracts
// nothing (a read, --version) never pays for them.
var rules = sync.OnceValue(func() []rule {
	return []rule{
		// Environment variables, in the spellings of the supported languages.
		{KindEnv, []string{"etenv", "LookupEnv", "GetEnvironmentVariable", "env::var", "environ.", "ENV.fetch"},
			regexp.MustCompile(`(?:Getenv|LookupEnv|getenv|GetEnvironmentVariable|env::var|env::var_os|(?:^|[^\w.]|\bos\.)environ\.(?:get|setdefault|pop)|ENV\.fetch)\(\s*` + envArg + `\s*[,)]`)},
		{KindEnv, []string{"environ", "ENV", "process.env"},
			regexp.MustCompile(`(?:(?:^|[^\w.]|\bos\.)environ|\bENV|\$_ENV|\bprocess\.env)\s*\[\s*` + envArg + `\s*\]`)},
		{KindEnv, []string{".env."}, regexp.MustCompile(`\b(?:process|import\.meta)\.env\.(` + envKey + `)\b`)},
		// Configuration keys read through common config libraries.
		{KindConfig, []string{"viper.", "config.", "settings.", "cfg.", "conf."},
			regexp.MustCompile(`(?:^|[^\w])(?:viper|config|settings|cfg|conf)\.(?:Get\w*|get\w*)\(\s*["']([a-zA-Z][\w.-]{1,80})["']`)},
		{KindConfig, []string{"@Value"}, regexp.MustCompile(`@Value\(\s*"\$\{([a-zA-Z][\w.-]{1,80})(?::[^}]*)?\}"`)},
		// Pub/sub topics, queues and events.
		{KindTopic, []string{"ublish(", "ubscribe(", ".emit(", ".produce(", ".consume(", ".send_task(", ".enqueue("},
			regexp.MustCompile(`\.(?:publish|subscribe|Publish|Subscribe|emit|produce|consume|send_task|enqueue)\(\s*["']([\w.:/-]{2,80})["']`)},
		{KindTopic, []string{"@KafkaListener"}, regexp.MustCompile(`@KafkaListener\([^)]*topics\s*=\s*\{?\s*"([\w.:-]{2,80})"`)},
		// HTTP routes, as defined by servers and called by clients.
		// Spring's mapping annotations are read per file, not per line: see spring.go.
		{KindRoute, []string{"(\"/", "('/"},
			regexp.MustCompile(`\.(?:get|post|put|patch|delete|route|HandleFunc|Handle|GET|POST|PUT|PATCH|DELETE|Get|Post|Put|Delete)\(\s*["'](/[\w/{}:<>.-]{0,120})["']`)},
		{KindRoute, []string{"fetch(", "axios.", "requests.", "http.Get(", "http.Post(", "httpx."},
			regexp.MustCompile(`(?:\bfetch|\baxios\.\w+|\brequests\.\w+|\bhttp\.(?:Get|Post)|\bhttpx\.\w+)\(\s*f?["'` + "`" + `]((?:https?://[^/"'` + "`" + `]+|\$\{[^}]*\}|\{[^}]*\})?/[\w/{}:<>.$-]{1,120})`)},
	}
})

// Extract lists the implicit keys a file of the given language family
// uses, first occurrence of each, sorted by name. It is a pure function
// of its arguments.
func Extract(family string, content []byte) []Signal {
	f := &file{text: string(content)}
	f.regions = lex(family, f.text)
	rs := rules()
	for i, lines := range anchorLines(f.text) {
		f.apply(rs[i], lines)
	}
	f.tables()
	if family == lang.FamilyJava {
		f.spring()
	}
	out := make([]Signal, 0, len(f.first))
	for _, s := range f.first {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// file is one file under extraction.
type file struct {
	text    string
	regions []region
	lines   []int // line start offsets, built on first use
	first   map[string]Signal
	consts  map[string][]string // constant name to values, built on first use
	environ int                 // 0 unknown, 1 the file imports os.environ bare, 2 it does not
}

// maxLead bounds how far before its anchor a match may start (".HandleFunc"
// before `("/`, "import.meta" before ".env."), so a rule's pattern runs
// from there, not from the start of a long line. No earlier match can be
// missed: every match holds an anchor, and this is the line's first one.
const maxLead = 16

// apply runs one rule on the lines holding its anchors, from each line's
// first anchor on.
func (f *file) apply(r rule, anchorsAt []int) {
	for _, a := range anchorsAt {
		start := max(strings.LastIndexByte(f.text[:a], '\n')+1, a-maxLead)
		line := f.text[start:lineEnd(f.text, a)]
		for _, m := range r.re.FindAllStringSubmatchIndex(line, -1) {
			if _, in := inRegion(f.regions, start+m[0]); in || !f.accept(line[m[0]:m[1]]) {
				continue
			}
			if m[2] >= 0 {
				f.add(r.kind, line[m[2]:m[3]], start+m[2])
				continue
			}
			if len(m) > 5 && m[4] >= 0 {
				for _, c := range f.constants(line[m[4]:m[5]]) {
					f.add(r.kind, c, start+m[4])
				}
			}
		}
	}
}

// osEnvironImport is Python's `from os import environ`.
var osEnvironImport = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^[ \t]*from[ \t]+os[ \t]+import[^\n]*\benviron\b`)
})

// accept vets a match beyond its pattern: a bare `environ` is os.environ
// only where the file imports it so; elsewhere it is a WSGI request's
// environ dict, whose keys are request fields, not configuration.
func (f *file) accept(match string) bool {
	i := strings.Index(match, "environ")
	if i < 0 || strings.HasSuffix(match[:i], "os.") {
		return true
	}
	if f.environ == 0 {
		f.environ = 2
		if osEnvironImport().MatchString(f.text) {
			f.environ = 1
		}
	}
	return f.environ == 1
}

// add records a key at offset off if it is valid for its kind.
func (f *file) add(kind, key string, off int) {
	key, ok := valid(kind, key)
	if !ok {
		return
	}
	s := Signal{Kind: kind, Key: key, Line: f.lineOf(off)}
	if f.first == nil {
		f.first = map[string]Signal{}
	}
	if old, seen := f.first[s.Name()]; !seen || s.Line < old.Line {
		// A key cut from the text would keep the whole file alive for as
		// long as its signal is held (a full run holds every file's until
		// it has joined them all).
		s.Key = strings.Clone(key)
		f.first[s.Name()] = s
	}
}

// lineOf returns the 1-based line number of offset off.
func (f *file) lineOf(off int) int {
	if f.lines == nil {
		f.lines = []int{0}
		for i := 0; ; {
			j := strings.IndexByte(f.text[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			f.lines = append(f.lines, i)
		}
	}
	return sort.SearchInts(f.lines, off+1)
}

// anchors maps each first byte to the anchors starting with it and
// the rules they belong to, so one walk over a file finds every rule's
// lines; its tri table marks a hash of the first three bytes of some
// anchor, so the walk looks at the list only where they may match
// (anchors are 3+ bytes long).
type anchorRef struct {
	text string
	rule int
}

type anchorTable struct {
	byFirst [256][]anchorRef
	tri     [1 << 16]bool
}

// tri hashes three bytes into the tri table's index.
func tri(a, b, c byte) uint16 { return uint16(a)<<8 ^ uint16(b)<<4 ^ uint16(c) }

var anchors = sync.OnceValue(func() *anchorTable {
	t := &anchorTable{}
	for i, r := range rules() {
		for _, a := range r.anchors {
			t.byFirst[a[0]] = append(t.byFirst[a[0]], anchorRef{a, i})
			t.tri[tri(a[0], a[1], a[2])] = true
		}
	}
	return t
})

// anchorLines returns, per rule, the offset of its first anchor on each
// line holding one, in order.
func anchorLines(text string) [][]int {
	n, at := len(rules()), anchors()
	out := make([][]int, n)
	line, lines := 0, make([]int, n) // line start, and the last line each rule was seen on
	for i := range lines {
		lines[i] = -1
	}
	for i := 0; i+2 < len(text); i++ {
		c := text[i]
		if c == '\n' {
			line = i + 1
			continue
		}
		if !at.tri[tri(c, text[i+1], text[i+2])] {
			continue
		}
		for _, a := range at.byFirst[c] {
			if lines[a.rule] != line && strings.HasPrefix(text[i:], a.text) {
				lines[a.rule] = line
				out[a.rule] = append(out[a.rule], i)
			}
		}
	}
	return out
}
