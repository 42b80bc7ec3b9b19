package gitrepo

import (
	"strings"
	"unicode/utf8"
)

// Reasons a path git holds is not indexed. Git stores any byte string but
// NUL and '/' in a tree entry name; lgraph skips the ones it cannot carry
// faithfully through JSON ids and line-oriented output, or could not open
// in a working tree, and counts them by these reasons.
const (
	// PathControl: a control character (newline, tab, escape...) would
	// split or rewrite a line of text output on a terminal.
	PathControl = "control_character"
	// PathInvalidUTF8: JSON would replace the bad bytes, so the id named
	// in an answer would not name the file.
	PathInvalidUTF8 = "invalid_utf8"
	// PathTooLong: longer than MaxPathBytes, more than a file system opens.
	PathTooLong = "path_too_long"
	// PathUnsafe: an empty, ".", ".." or ".git" component, which git
	// refuses to check out and a working-tree read must never follow.
	PathUnsafe = "unsafe_path"
)

// MaxPathBytes is the longest path indexed (Linux's PATH_MAX).
const MaxPathBytes = 4096

// PathProblem returns why a repository-relative path is not indexed, or ""
// when it can be.
func PathProblem(p string) string {
	if len(p) > MaxPathBytes {
		return PathTooLong
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; c < 0x20 || c == 0x7f {
			return PathControl
		}
	}
	if !utf8.ValidString(p) {
		return PathInvalidUTF8
	}
	for _, part := range strings.Split(p, "/") {
		if part == "" || part == "." || part == ".." || strings.EqualFold(part, ".git") {
			return PathUnsafe
		}
	}
	return ""
}
