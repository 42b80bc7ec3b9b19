package llm

import (
	"strings"

	"github.com/lgraph/lgraph/internal/lang"
)

// maxSentence caps the length in bytes of a sentence taken from a doc comment.
const maxSentence = 240

// hashComments reports whether "#" starts a comment in a language. In
// C-like languages it starts a directive (#include) or an attribute
// (#[derive]).
func hashComments(language string) bool {
	switch language {
	case lang.C, lang.CPP, lang.CSharp, lang.Go, lang.Java, lang.JavaScript, lang.TypeScript, lang.Rust:
		return false
	}
	return true
}

// leadingDoc returns the text of the first descriptive comment (or Python
// module docstring) before any code, skipping shebangs, licence headers,
// generated-code markers and tool directives. It returns "" when the file
// starts with code.
//
// It is what offline summaries have always been written from. The parsed
// file's own doc (facts.File.Doc, from syntax.FileDoc), which module docs
// use, is a second reading of the same comments that differs on about a
// quarter of documented files (tags, coding lines, licence filters):
// summarizing from it instead changes those summaries, so it needs
// FilePromptVersion bumped.
func leadingDoc(content, language string) string {
	lines := strings.Split(strings.ReplaceAll(content, "\r\n", "\n"), "\n")
	i := 0
	if len(lines) > 0 && strings.HasPrefix(lines[0], "#!") {
		i = 1
	}
	for i < len(lines) {
		line := strings.TrimSpace(lines[i])
		if line == "" || strings.HasPrefix(line, "<?php") || line == "?>" {
			i++
			continue
		}
		block, next, ok := commentBlock(lines, i, language)
		if !ok {
			return ""
		}
		if text := cleanDoc(block); text != "" {
			return text
		}
		i = next
	}
	return ""
}

// commentBlock reads the comment starting at lines[i]: a run of line
// comments, a block comment, or a Python docstring. It returns the raw text
// lines with markers stripped, the index after the block, and false when
// lines[i] is code.
func commentBlock(lines []string, i int, language string) ([]string, int, bool) {
	line := strings.TrimSpace(lines[i])
	switch {
	case strings.HasPrefix(line, "//"):
		return lineComments(lines, i, "//"), skipWhile(lines, i, "//"), true
	case strings.HasPrefix(line, "#") && hashComments(language):
		return lineComments(lines, i, "#"), skipWhile(lines, i, "#"), true
	case strings.HasPrefix(line, "/*"):
		return blockComment(lines, i, "/*", "*/")
	case language == lang.Python && docstringQuote(line) != "":
		q := docstringQuote(line)
		return blockComment(lines, i, line[:strings.Index(line, q)+3], q)
	}
	return nil, i, false
}

// docstringQuote returns the triple quote opening a Python docstring line.
func docstringQuote(line string) string {
	line = strings.TrimLeft(line, "rRuUbB")
	for _, q := range []string{`"""`, `'''`} {
		if strings.HasPrefix(line, q) {
			return q
		}
	}
	return ""
}

// skipWhile returns the index of the first line from i not starting with prefix.
func skipWhile(lines []string, i int, prefix string) int {
	for i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), prefix) {
		i++
	}
	return i
}

// lineComments strips prefix (and "/", "!" doc markers) from a run of line comments.
func lineComments(lines []string, i int, prefix string) []string {
	var out []string
	for j := i; j < skipWhile(lines, i, prefix); j++ {
		s := strings.TrimPrefix(strings.TrimSpace(lines[j]), prefix)
		s = strings.TrimLeft(s, "/!")
		out = append(out, strings.TrimSpace(s))
	}
	return out
}

// blockComment reads from open to close starting at lines[i], stripping the
// delimiters and leading "*" of each line.
func blockComment(lines []string, i int, open, close string) ([]string, int, bool) {
	var out []string
	first := strings.TrimPrefix(strings.TrimSpace(lines[i]), open)
	first = strings.TrimLeft(first, "*!")
	for j := i; j < len(lines); j++ {
		s := strings.TrimSpace(lines[j])
		if j == i {
			s = first
		}
		end := strings.Index(s, close)
		if end >= 0 {
			s = s[:end]
		}
		s = strings.TrimSpace(strings.TrimLeft(s, "*"))
		out = append(out, s)
		if end >= 0 {
			return out, j + 1, true
		}
	}
	return out, len(lines), true
}

// cleanDoc drops directive and tag lines and returns the joined text, or ""
// for a licence header, a generated-code marker or an empty block.
func cleanDoc(block []string) string {
	var kept []string
	for _, l := range block {
		if l = docLine(l); l != "" {
			kept = append(kept, l)
		}
	}
	text := strings.Join(strings.Fields(strings.Join(kept, " ")), " ")
	low := strings.ToLower(text)
	for _, w := range []string{"copyright", "license", "spdx-", "all rights reserved", "do not edit"} {
		if strings.Contains(low, w) {
			return ""
		}
	}
	return text
}

// docLine returns l without a leading descriptive tag (@brief, @fileoverview),
// or "" for a tool directive or another tag line (@file x.c, @author ...).
func docLine(l string) string {
	low := strings.ToLower(l)
	for _, d := range []string{"go:", "+build", "eslint", "@ts-", "-*-", "nolint", "prettier",
		"jshint", "noqa", "pylint:", "type:", "vim:", "@flow", "#region", "#endregion"} {
		if strings.HasPrefix(low, d) {
			return ""
		}
	}
	if !strings.HasPrefix(l, "@") {
		return l
	}
	for _, tag := range []string{"@fileoverview", "@overview", "@brief", "@description"} {
		if strings.HasPrefix(low, tag) {
			return strings.TrimSpace(l[len(tag):])
		}
	}
	return ""
}

// firstSentence returns the first sentence of text, whitespace collapsed, at
// most maxSentence bytes, ending in punctuation.
func firstSentence(text string) string {
	text = strings.Join(strings.Fields(text), " ")
	for i := 0; i < len(text); i++ {
		if strings.IndexByte(".!?", text[i]) >= 0 && (i+1 == len(text) || text[i+1] == ' ') {
			text = text[:i+1]
			break
		}
	}
	if len(text) > maxSentence {
		cut := strings.LastIndexByte(text[:maxSentence], ' ')
		if cut <= 0 {
			cut = runeStart(text, maxSentence)
		}
		return text[:cut] + "..."
	}
	if text != "" && strings.IndexByte(".!?", text[len(text)-1]) < 0 {
		text += "."
	}
	return text
}
