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
		"with their summaries and its dependencies, write one paragraph on the module's purpose " +
		"(its files, API and dependencies are listed elsewhere). Do not start with a heading. " + replyInstruction
)

// prompt is a system and a user message.
type prompt struct {
	system, user string
	// items is the number of items of a batched prompt; 0 for a single one.
	items int
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
// truncation keeps the dependencies.
func modulePrompt(in ModuleInput) prompt {
	var b strings.Builder
	fmt.Fprintf(&b, "Module: %s\n", strings.Trim(moduleName(in.Dir), "`"))
	if out := sortedUnique(in.Out); len(out) > 0 {
		fmt.Fprintf(&b, "Depends on: %s\n", strings.Join(out, ", "))
	}
	if inc := sortedUnique(in.In); len(inc) > 0 {
		fmt.Fprintf(&b, "Used by: %s\n", strings.Join(inc, ", "))
	}
	members := append([]MemberInfo(nil), in.Members...)
	sort.SliceStable(members, func(i, j int) bool { return members[i].Path < members[j].Path })
	b.WriteString("Files:\n")
	for _, m := range members {
		if m.Path == "" {
			fmt.Fprintf(&b, "- %s\n", memberSummary(m.Summary))
			continue
		}
		fmt.Fprintf(&b, "- %s: %s\n", m.Path, memberSummary(m.Summary))
	}
	return prompt{system: moduleSystem, user: b.String()}
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
