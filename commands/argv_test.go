package commands

import (
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urfave/cli/v2"
)

func testShape() *argShape {
	return newArgShape(NewApp(NewGlobals(io.Discard, io.Discard, nil)))
}

func TestPlaceFlags(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"already placed", "lgraph callers --json X", "lgraph callers --json X"},
		{"bool after positional", "lgraph callers X --json", "lgraph callers --json X"},
		{"value after positional", "lgraph search Clone --limit 5", "lgraph search --limit 5 Clone"},
		{"inline value", "lgraph search Clone --limit=5", "lgraph search --limit=5 Clone"},
		{"local flag before command", "lgraph --freshness require callers X", "lgraph callers --freshness require X"},
		{"global flag before command stays", "lgraph --json --repo r log 2", "lgraph --json --repo r log 2"},
		{"flags both sides", "lgraph --json log 2 --limit 3", "lgraph --json log --limit 3 2"},
		{"value that looks like a command", "lgraph callers --expect-root show X", "lgraph callers --expect-root show X"},
		{"double dash ends flags", "lgraph search --json -- --limit", "lgraph search --json -- --limit"},
		{"dashed positional after flags", "lgraph show -- -x --json", "lgraph show -- -x --json"},
		{"subcommand", "lgraph hooks --json install", "lgraph hooks install --json"},
		{"subcommand flags after", "lgraph hooks install --repo r", "lgraph hooks install --repo r"},
		{"no command", "lgraph --version", "lgraph --version"},
		{"help topic", "lgraph help callers", "lgraph help callers"},
		{"short alias", "lgraph update -q --full", "lgraph update -q --full"},
		{"wiki module then flag", "lgraph wiki plumbing --json", "lgraph wiki --json plumbing"},
	}
	s := testShape()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.placeFlags(strings.Fields(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(strings.Fields(tt.want), got); diff != "" {
				t.Errorf("placeFlags(%q) (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestPlaceFlagsUnknownCommand(t *testing.T) {
	tests := []struct{ in, want string }{
		{"lgraph calers X", "did you mean lgraph callers?"},
		{"lgraph --json imapct X", "did you mean lgraph impact?"},
		{"lgraph hooks instal", "did you mean lgraph hooks install?"},
		{"lgraph frobnicate", "lgraph takes one of callees, callers,"},
	}
	s := testShape()
	for _, tt := range tests {
		_, err := s.placeFlags(strings.Fields(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("placeFlags(%q) = %v, want an error containing %q", tt.in, err, tt.want)
		}
		if code, _ := exitCode(err); code != ExitUsage {
			t.Errorf("placeFlags(%q): want a usage error (exit 2), got %v", tt.in, err)
		}
	}
}

// TestFlagNamesAgree guards placeFlags' assumption that a flag name means
// the same thing in every command: taking a value, or not.
func TestFlagNamesAgree(t *testing.T) {
	app := NewApp(NewGlobals(io.Discard, io.Discard, nil))
	seen := map[string]bool{}
	var walk func(where string, cmds []*cli.Command)
	check := func(where string, flags []cli.Flag) {
		for _, f := range flags {
			vf, ok := f.(valueFlag)
			takes := ok && vf.TakesValue()
			for _, n := range f.Names() {
				if prev, ok := seen[n]; ok && prev != takes {
					t.Errorf("flag --%s of %s: takes a value %v here, %v elsewhere", n, where, takes, prev)
				}
				seen[n] = takes
			}
		}
	}
	walk = func(parent string, cmds []*cli.Command) {
		for _, c := range cmds {
			check(parent+" "+c.Name, c.Flags)
			walk(parent+" "+c.Name, c.Subcommands)
		}
	}
	check("lgraph", app.Flags)
	walk("lgraph", app.Commands)
}

func TestVersionText(t *testing.T) {
	got := versionText("v1.2.0", map[string]string{"vcs.revision": "0123456789abcdef", "vcs.modified": "true", "vcs.time": "2026-11-30T10:00:00Z"})
	if want := "v1.2.0 0123456789ab+dirty 2026-11-30T10:00:00Z"; got != want {
		t.Errorf("versionText = %q, want %q", got, want)
	}
	got = versionText("(devel)", map[string]string{"vcs.revision": "0123456789abcdef", "vcs.modified": "false", "vcs.time": "2026-11-30T10:00:00Z"})
	if want := "(devel) 0123456789ab 2026-11-30T10:00:00Z"; got != want {
		t.Errorf("versionText of a clean clone = %q, want %q", got, want)
	}
	got = versionText("v0.0.0-20261130100000-0123456789ab+dirty", map[string]string{"vcs.revision": "0123456789abcdef", "vcs.modified": "true", "vcs.time": "2026-11-30T10:00:00Z"})
	if want := "(devel) 0123456789ab+dirty 2026-11-30T10:00:00Z"; got != want {
		t.Errorf("versionText of a pseudo-version = %q, want %q", got, want)
	}
	if got, want := versionText("", nil), "(devel) (no VCS stamp: built with -buildvcs=false or in a git worktree)"; got != want {
		t.Errorf("versionText without build info = %q, want %q", got, want)
	}
	got = versionText("(devel)", map[string]string{"vcs.revision": "0123456789abcdef", "vcs.modified": "false", "vcs.time": "2026-11-30T10:00:00Z", "GOEXPERIMENT": "nogreenteagc"})
	if want := "(devel) 0123456789ab 2026-11-30T10:00:00Z GOEXPERIMENT=nogreenteagc"; got != want {
		t.Errorf("versionText of a build with an experiment = %q, want %q", got, want)
	}
}

// TestEveryCommandHasAnExample keeps --help's worked examples complete.
func TestEveryCommandHasAnExample(t *testing.T) {
	app := NewApp(NewGlobals(io.Discard, io.Discard, nil))
	var walk func(parent string, cmds []*cli.Command)
	walk = func(parent string, cmds []*cli.Command) {
		for _, c := range cmds {
			if !strings.Contains(c.Description, "\nExamples:\n  ") {
				t.Errorf("lgraph %s%s --help has no example", parent, c.Name)
			}
			walk(parent+c.Name+" ", c.Subcommands)
		}
	}
	walk("", app.Commands)
}
