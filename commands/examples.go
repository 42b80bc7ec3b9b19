package commands

// examples are the worked examples each command's --help ends with, keyed
// by the command's full name.
var examples = map[string][]string{
	"init":            {"lgraph init", "lgraph init --force --quiet   # rebuild the branch's graph, reusing cached facts", "lgraph init --shard 2/4 --remote s3://BUCKET   # CI: parse one quarter of the files into the team remote"},
	"update":          {"lgraph update", "lgraph update --dry-run --json   # what would run, and its estimated cost", "lgraph update --worktree   # include uncommitted edits until the next commit"},
	"status":          {"lgraph status", "lgraph status --json --limit 0   # every stale path"},
	"log":             {"lgraph log --limit 5", "lgraph log 12   # what run 12 changed in the knowledge", "lgraph log --since 48h --json"},
	"config":          {"lgraph config", "lgraph config --json"},
	"trust":           {"lgraph trust", "lgraph trust --revoke"},
	"export":          {"lgraph export --format jsonl --out graph.jsonl", "lgraph export --format dot --level module --out modules.dot && dot -Tsvg -O modules.dot", "lgraph export --format mermaid --focus pkg/server.go --depth 1 --level file"},
	"verify":          {"lgraph verify", "lgraph verify --json   # drift: ok false, code drift, the divergent items"},
	"hooks":           {"lgraph hooks install", "lgraph hooks status"},
	"hooks install":   {"lgraph hooks install"},
	"hooks uninstall": {"lgraph hooks uninstall"},
	"hooks status":    {"lgraph hooks status --json"},
	"hooks run":       {"lgraph hooks run post-merge   # what an installed hook runs: a background update, logged in the store"},
	"push":            {"lgraph update && lgraph push --remote s3://team-lgraph?region=eu-west-1   # CI, after each merge", "lgraph push --json"},
	"pull":            {"lgraph pull && lgraph update   # a fresh clone starts from CI's index", "lgraph pull --depth 200 --remote file:///mnt/shared/lgraph"},
	"gc":              {"lgraph gc", "lgraph gc --json   # what was removed and the bytes freed"},
	"implicit":        {"lgraph implicit app/settings.py", "lgraph implicit app/settings.py --no-tests --json"},
	"wiki":            {"lgraph wiki   # list the modules", "lgraph wiki plumbing/format", "lgraph wiki --out docs/wiki"},
	"deps":            {"lgraph deps cmd/main.go", "lgraph deps cmd/main.go --kind imports --json"},
	"rdeps":           {"lgraph rdeps plumbing/hash.go --no-tests", "lgraph rdeps plumbing/hash.go --limit 20 --offset 20"},
	"callers":         {"lgraph callers Server.Get", "lgraph callers '(*Worktree).Commit' --no-tests", "lgraph callers worktree.go:39 --json"},
	"callees":         {"lgraph callees main", "lgraph callees 'sym:cmd/main.go#main' --json"},
	"impact":          {"lgraph impact plumbing/hash.go --by module", "lgraph impact Hash.String --depth 2 --no-tests --limit 100"},
	"search":          {"lgraph search Clone", "lgraph search clone --kind function,method --limit 5"},
	"context":         {"lgraph context Server.Get", "lgraph context repository.go:120 --tokens 2000", "lgraph --json context plumbing/hash.go"},
	"map":             {"lgraph map", "lgraph map --tokens 2000 --focus plumbing/hash.go", "lgraph map --modules"},
	"show":            {"lgraph show Server.Get", "lgraph show plumbing/hash.go --limit 10", "lgraph show repository.go:120"},
	"serve":           {"lgraph serve --daemon", "lgraph serve --stop", "lgraph serve --mcp", "claude mcp add lgraph -- lgraph serve --mcp"},
	"completion":      {"lgraph completion bash > ~/.local/share/bash-completion/completions/lgraph", "source <(lgraph completion zsh)", "lgraph completion fish > ~/.config/fish/completions/lgraph.fish"},
}

// exampleText is the "Examples:" block of a command's help.
func exampleText(fullName string) string {
	lines := examples[fullName]
	if len(lines) == 0 {
		return ""
	}
	text := "\n\nExamples:"
	for _, l := range lines {
		text += "\n  " + l
	}
	return text
}
