package llm

import (
	"fmt"
	"sort"
	"strings"
)

// replyInstruction tells the model the reply schema; it is in every system
// prompt because json_object mode has no schema of its own and OpenAI requires
// the word "JSON" in the messages for it.
const replyInstruction = `Reply with only a JSON object of the form {"summary": "<text>"}; "summary" is a non-empty string.`

// System prompts, one per kind of call. Changing one requires bumping the
// matching prompt version.
const (
	fileSystem = "You document source code for a code graph. Given one file, write 1 to 3 plain " +
		"sentences saying what the file is for and its main responsibilities. Name key types or " +
		"functions only when they help. Do not repeat the path. " + replyInstruction
	edgeSystem = "You document dependencies in a code graph. Given two files and how the first " +
		"depends on the second, write one plain sentence saying what the source uses the target " +
		"for. " + replyInstruction
	moduleSystem = "You document modules (directories) of a code base. Given the module's files " +
		"(their main definitions with their doc comments, or a summary) and the modules it mainly " +
		"depends on, write one paragraph on the module's purpose (its files, API and dependencies " +
		"are listed elsewhere). Do not start with a heading. " + replyInstruction
)

// prompt is a system and a user message.
type prompt struct {
	system, user string
	// items is the number of items of a batched prompt; 0 for a single one.
	items int
	// itemReply is the completion room asked per item of a batch;
	// 0 takes batchItemReply (a sentence).
	itemReply int
}

// text is everything sent, the basis of token estimates.
func (p prompt) text() string { return p.system + p.user }

// filePrompt builds the prompt of a file summary. The content comes last so
// truncation keeps the metadata.
func filePrompt(in FileInput) prompt {
	var b strings.Builder
	if in.Path != "" {
		fmt.Fprintf(&b, "Path: %s\n", in.Path)
	}
	if in.Lang != "" {
		fmt.Fprintf(&b, "Language: %s\n", in.Lang)
	}
	if len(in.Symbols) > 0 {
		b.WriteString("Definitions:\n")
		for _, s := range in.Symbols {
			writeSymbol(&b, s)
		}
	}
	if len(in.Imports) > 0 {
		fmt.Fprintf(&b, "Imports: %s\n", strings.Join(in.Imports, ", "))
	}
	fmt.Fprintf(&b, "Content:\n%s", in.Content)
	return prompt{system: fileSystem, user: b.String()}
}

// writeSymbol writes one definition line of a file prompt.
func writeSymbol(b *strings.Builder, s SymbolInfo) {
	name := s.Qualified
	if name == "" {
		name = s.Name
	}
	fmt.Fprintf(b, "- %s %s", s.Kind, name)
	if s.Signature != "" {
		fmt.Fprintf(b, ": %s", s.Signature)
	}
	if d := firstSentence(s.Doc); d != "" {
		fmt.Fprintf(b, " -- %s", d)
	}
	b.WriteString("\n")
}

// edgePrompt builds the prompt of an edge summary.
func edgePrompt(in EdgeInput) prompt {
	var b strings.Builder
	if in.SourcePath != "" {
		fmt.Fprintf(&b, "Source: %s\n", in.SourcePath)
	}
	fmt.Fprintf(&b, "Source summary: %s\n", oneLine(in.SourceSummary))
	if in.TargetPath != "" {
		fmt.Fprintf(&b, "Target: %s\n", in.TargetPath)
	}
	fmt.Fprintf(&b, "Target summary: %s\n", oneLine(in.TargetSummary))
	fmt.Fprintf(&b, "Relation: %s\n", strings.Join(sortedUnique(in.Kinds), ", "))
	if names := sortedUnique(in.Names); len(names) > 0 {
		fmt.Fprintf(&b, "Names used: %s\n", strings.Join(names, ", "))
	}
	return prompt{system: edgeSystem, user: b.String()}
}

// modulePrompt builds the prompt of a module doc. Members are listed last so
// truncation keeps the dependencies, and sorted by their text so that the
// prompt does not depend on the order they were given in.
func modulePrompt(in ModuleInput) prompt {
	var b strings.Builder
	fmt.Fprintf(&b, "Module: %s\n", strings.Trim(moduleName(in.Dir), "`"))
	if uses := sortedUnique(in.Uses); len(uses) > 0 {
		fmt.Fprintf(&b, "Mainly depends on: %s\n", strings.Join(uses, ", "))
	}
	lines := make([]string, 0, len(in.Members))
	for _, m := range in.Members {
		lines = append(lines, memberLine(m))
	}
	sort.Strings(lines)
	if in.Tests {
		b.WriteString("Test files (the module holds no other code):\n")
	} else {
		b.WriteString("Files:\n")
	}
	for _, l := range lines {
		fmt.Fprintf(&b, "- %s\n", l)
	}
	return prompt{system: moduleSystem, user: b.String()}
}

// ModulePromptText is the user message a model is sent for a module doc,
// before redaction and truncation: what its cache key must hash.
func ModulePromptText(in ModuleInput) string { return modulePrompt(in).user }

// memberLine is what a model is told of one file: the first sentence of
// its own doc, its main definitions each with its doc's first sentence, and
// its summary's first sentence only when the code documents none of them.
// The author's docs say what a file is for and change with its API, not
// with an edit inside a body, so a documented module's paragraph is
// rewritten when its surface changes.
func memberLine(m MemberInfo) string {
	var documented []string
	var names []string
	for _, d := range m.Defs {
		if doc := withoutName(docSentence(d.Doc), d.Name); doc != "" {
			documented = append(documented, d.Name+": "+doc)
		} else {
			names = append(names, d.Name)
		}
	}
	var parts []string
	if s := docSentence(m.Doc); s != "" {
		parts = append(parts, s)
	}
	if s := firstSentence(m.Summary); len(parts) == 0 && len(documented) == 0 && s != "" {
		parts = append(parts, s)
	}
	parts = append(parts, documented...)
	if len(names) > 0 {
		also := "Defines "
		if len(parts) > 0 {
			also = "Also defines "
		}
		parts = append(parts, also+strings.Join(names, ", ")+".")
	}
	line := strings.Join(parts, " ")
	if line == "" {
		line = "(no summary)"
	}
	if m.Path != "" {
		line = m.Path + ": " + line
	}
	return line
}

// docSentence is a doc's first sentence, or "" for a note to the authors
// (TODO, FIXME, XXX, HACK), which says nothing of what the code is for.
func docSentence(doc string) string {
	s := firstSentence(doc)
	for _, note := range []string{"TODO", "FIXME", "XXX", "HACK"} {
		if rest, ok := strings.CutPrefix(s, note); ok && (rest == "" || strings.ContainsRune(" :(", rune(rest[0]))) {
			return ""
		}
	}
	return s
}

// withoutName drops a doc's leading repetition of the name it documents
// ("Get returns ..." -> "returns ..."), the Go convention and a common
// one elsewhere, which would only cost tokens.
func withoutName(doc, name string) string {
	simple := name[strings.LastIndexByte(name, '.')+1:]
	if rest, ok := strings.CutPrefix(doc, simple+" "); ok && simple != "" {
		return rest
	}
	return doc
}

// oneLine collapses whitespace.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// fit truncates the user message, keeping its head, so the whole prompt
// leaves reserve tokens of a contextTokens window for the reply. A
// contextTokens of 0 means no limit.
func (p prompt) fit(contextTokens, reserve int) (prompt, error) {
	if contextTokens <= 0 {
		return p, nil
	}
	user, _, err := fitText(p.user, len(p.system), contextTokens-reserve)
	if err != nil {
		return p, fmt.Errorf("fit prompt into context_tokens %d: %w", contextTokens, err)
	}
	p.user = user
	return p, nil
}
