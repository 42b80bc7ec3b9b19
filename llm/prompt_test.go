package llm

import (
	"strings"
	"testing"
)

// TestModulePromptTellsSurface: a model is told of a documented file by its
// definitions' docs, of an undocumented one by its summary's first
// sentence; it is sent the modules the module mainly uses, never those
// using it; the prompt does not depend on the order of its inputs.
func TestModulePromptTellsSurface(t *testing.T) {
	in := ModuleInput{
		Dir: "store",
		Members: []MemberInfo{
			{Summary: "Keeps values in memory. Also does more.", Defs: []DefInfo{
				{Name: "Store", Doc: "Store holds values.\n\nIt is safe for concurrent use."},
				{Name: "Store.Get", Doc: "Get returns a value."},
				{Name: "Store.reset"},
			}},
			{Summary: "Wires the store to the disk. Then more.", Defs: []DefInfo{{Name: "open"}}},
			{Summary: ""},
		},
		In:   []string{"app", "cli"},
		Out:  []string{"disk", "log"},
		Uses: []string{"disk"},
	}
	got := modulePrompt(in).user
	for _, want := range []string{
		"Module: store\nMainly depends on: disk\n",
		"- Store: holds values. Store.Get: returns a value. Also defines Store.reset.\n",
		"- Wires the store to the disk. Also defines open.\n",
		"- (no summary)\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("prompt lacks %q:\n%s", want, got)
		}
	}
	for _, not := range []string{"Keeps values", "concurrent", "Then more", "app", "log"} {
		if strings.Contains(got, not) {
			t.Errorf("prompt holds %q:\n%s", not, got)
		}
	}
	in.Members[0], in.Members[2] = in.Members[2], in.Members[0]
	if again := modulePrompt(in).user; again != got {
		t.Errorf("member order changed the prompt:\n%s\n---\n%s", got, again)
	}
}
