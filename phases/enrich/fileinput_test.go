package enrich

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/llm"
)

// TestFileKeyHashesItsInput: a summary's key is the hash of the prompt
// version, the model, the normalized digest, the language and doc, each
// symbol with its use count, and the imports, exactly as they were
// formatted before the key was built in one buffer: a changed key would
// summarize every file of every store again.
func TestFileKeyHashesItsInput(t *testing.T) {
	f := goFile("app/a.go", []string{"Main", "Run"})
	f.Facts.Symbols[1].Doc = "Run runs.\nTwice."
	f.Facts.Imports = []facts.Import{{Path: "fmt"}, {Path: "os"}}
	in := fileInput(f, []int{3, 0})
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s\x00", llm.FilePromptVersion, "offline", f.NormSHA, f.Lang, in.Doc)
	for _, s := range in.Symbols {
		fmt.Fprintf(h, "%s\x01%s\x01%s\x01%s\x01%s\x01%d\x00", s.Name, s.Qualified, s.Kind, s.Signature, s.Doc, s.Uses)
	}
	for _, i := range in.Imports {
		fmt.Fprintf(h, "%s\x00", i)
	}
	if got, want := fileKey(f, in, "offline"), "summary/"+hex.EncodeToString(h.Sum(nil)); got != want {
		t.Errorf("fileKey = %s, want %s", got, want)
	}
}
