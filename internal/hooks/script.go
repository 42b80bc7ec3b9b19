package hooks

import (
	"fmt"
	"path"
	"strings"
)

const (
	begin = "# >>> lgraph >>>"
	end   = "# <<< lgraph <<<"
	// chainSuffix names a hook lgraph moved aside to run it from its own.
	chainSuffix = ".lgraph-chained"
	// runMark is in every current block: `lgraph hooks run` starts the
	// update in the background and returns at once.
	runMark = " hooks run "
)

// block is lgraph's part of a hook: one line that hands the hook's
// arguments to `lgraph hooks run` with the hook's stdin closed (post-rewrite
// reads its stdin; the rest of the hook still gets it), and that never
// fails the hook.
func block(hook string, o Options) string {
	return fmt.Sprintf("%s\n%s %s \"$@\" </dev/null >/dev/null 2>&1 || true\n%s\n", begin, Command(o), hook, end)
}

// Command is what a hook runs, without the hook's name: the same line for
// an installed hook and for a hook manager's config.
func Command(o Options) string {
	words := []string{shellQuote(o.Binary)}
	for _, a := range o.Args {
		words = append(words, shellQuote(a))
	}
	return strings.Join(append(words, "hooks", "run"), " ")
}

// shellQuote makes s one literal shell word: inside single quotes the
// shell expands nothing ($(...), backquotes, $VAR); a single quote in s
// ends the quoted run, is written escaped, and a new run starts. Go's %q
// is not shell quoting: inside double quotes the shell would run a $(...)
// in a directory name.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// insert puts the block right after a hook's first line when that is its
// interpreter line (or at the top), so nothing the hook runs first (an
// exit, a failing command under set -e) can skip it.
func insert(text, blk string) string {
	if strings.TrimSpace(text) == "" {
		return "#!/bin/sh\n" + blk
	}
	if !strings.HasPrefix(text, "#!") {
		return blk + text
	}
	first, rest, _ := strings.Cut(text, "\n")
	return first + "\n" + blk + rest
}

// isShell reports whether a hook is a shell script lgraph can add a line
// to: its interpreter line names a POSIX-like shell, or it has none (git
// then runs it with the shell).
func isShell(text string) bool {
	if !strings.HasPrefix(text, "#!") {
		return true
	}
	first, _, _ := strings.Cut(text, "\n")
	fields := strings.Fields(strings.TrimPrefix(first, "#!"))
	if len(fields) == 0 {
		return true
	}
	interp := path.Base(fields[0])
	if interp == "env" {
		interp = ""
		for _, f := range fields[1:] {
			if !strings.HasPrefix(f, "-") {
				interp = path.Base(f)
				break
			}
		}
	}
	switch interp {
	case "sh", "bash", "dash", "zsh", "ksh", "ash", "busybox":
		return true
	}
	return false
}

// classify tells an installed block (at the start, current) from an older
// one and from a hook without lgraph.
func classify(text string) string {
	i := strings.Index(text, begin)
	if i < 0 {
		return Other
	}
	head := text[:i]
	if strings.HasPrefix(head, "#!") {
		_, head, _ = strings.Cut(head, "\n")
	}
	j := strings.Index(text[i:], end)
	if strings.TrimSpace(head) != "" || j < 0 || !strings.Contains(text[i:i+j], runMark) {
		return Outdated
	}
	return Installed
}

// strip removes lgraph's block from a hook's text.
func strip(text string) string {
	i := strings.Index(text, begin)
	if i < 0 {
		return text
	}
	j := strings.Index(text[i:], end)
	if j < 0 {
		return text[:i]
	}
	return text[:i] + strings.TrimPrefix(text[i+j+len(end):], "\n")
}
