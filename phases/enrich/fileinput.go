package enrich

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/llm"
)

// What a file summary is made from and keyed on.

// fileInput is the summary input without content: the file's doc and
// symbols as the extractor saw them, each with how much the repository
// uses it (uses, aligned with the symbols; nil counts none).
func fileInput(f *snapshot.File, uses []int) llm.FileInput {
	in := llm.FileInput{Lang: f.Lang}
	if f.Facts == nil {
		return in
	}
	in.Doc = f.Facts.Doc
	if n := len(f.Facts.Symbols); n > 0 {
		in.Symbols = make([]llm.SymbolInfo, 0, n)
	}
	if n := len(f.Facts.Imports); n > 0 {
		in.Imports = make([]string, 0, n)
	}
	for i, s := range f.Facts.Symbols {
		si := llm.SymbolInfo{Name: s.Name, Qualified: s.Qualified, Kind: s.Kind, Signature: s.Signature, Doc: s.Doc}
		if i < len(uses) {
			si.Uses = uses[i]
		}
		in.Symbols = append(in.Symbols, si)
	}
	for _, imp := range f.Facts.Imports {
		if imp.Kind != facts.ImportSelf { // an export, naming no module
			in.Imports = append(in.Imports, imp.Path)
		}
	}
	return in
}

// fileKey hashes normalized content, language, the file's doc, the
// symbol list with each symbol's use count, the prompt version and the
// model: the doc is extracted, not read from the content, so a change of
// extractor changes it alone, and the offline summary speaks through the
// most used definition.
func fileKey(f *snapshot.File, in llm.FileInput, model string) string {
	// The hashed text is built in one buffer and hashed at once, not
	// formatted a symbol at a time: every file of a full run is keyed.
	n := len(llm.FilePromptVersion) + len(model) + len(f.NormSHA) + len(f.Lang) + len(in.Doc) + 5
	for _, s := range in.Symbols {
		n += len(s.Name) + len(s.Qualified) + len(s.Kind) + len(s.Signature) + len(s.Doc) + 26
	}
	for _, i := range in.Imports {
		n += len(i) + 1
	}
	b := joined(make([]byte, 0, n), 0, llm.FilePromptVersion, model, f.NormSHA, f.Lang, in.Doc)
	b = append(b, 0)
	for _, s := range in.Symbols {
		b = joined(b, 1, s.Name, s.Qualified, s.Kind, s.Signature, s.Doc)
		b = append(b, 1)
		b = strconv.AppendInt(b, int64(s.Uses), 10)
		b = append(b, 0)
	}
	for _, i := range in.Imports {
		b = append(append(b, i...), 0)
	}
	sum := sha256.Sum256(b)
	return "summary/" + hex.EncodeToString(sum[:])
}

// joined appends parts to b, sep between each.
func joined(b []byte, sep byte, parts ...string) []byte {
	for i, p := range parts {
		if i > 0 {
			b = append(b, sep)
		}
		b = append(b, p...)
	}
	return b
}

func (w *work) offline() bool { return w.st.LLM.ID() == "offline" }

// uses is how much the repository uses each of f's definitions, for the
// offline summary; nil for a model, whose summary is composed from pieces
// and does not depend on them.
func (w *work) uses(f *snapshot.File) ([]int, error) {
	if w.edges == nil {
		return nil, nil
	}
	u, err := snapshot.UsesOf(w.edges, f)
	if err != nil {
		return nil, fmt.Errorf("uses of %s: %w", f.Path, err)
	}
	return w.counted(f, u), nil
}

// counted keeps f's counts for the wiki, when the run keeps them, and
// returns the per-definition counts.
func (w *work) counted(f *snapshot.File, u *snapshot.Uses) []int {
	if w.st.Uses != nil {
		w.st.Uses.Put(f.Path, u)
	}
	return u.PerSymbol
}
