package llm

import (
	"context"
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
				{Name: "Store.sync", Doc: "TODO: make it atomic."},
			}},
			{Summary: "Wires the store to the disk. Then more.", Defs: []DefInfo{{Name: "open"}}},
			{Summary: "Reads a file. Then more.", Doc: "Package store keeps values.\n\nDetails.", Defs: []DefInfo{{Name: "Load"}}},
			{Summary: ""},
		},
		In:   []string{"app", "cli"},
		Out:  []string{"disk", "log"},
		Uses: []string{"disk"},
	}
	got := modulePrompt(in).user
	for _, want := range []string{
		"Module: store\nMainly depends on: disk\n",
		"- Store: holds values. Store.Get: returns a value. Also defines Store.reset, Store.sync.\n",
		"- Wires the store to the disk. Also defines open.\n",
		"- (no summary)\n",
		"- Package store keeps values. Also defines Load.\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("prompt lacks %q:\n%s", want, got)
		}
	}
	for _, not := range []string{"Keeps values", "concurrent", "Then more", "Reads a file", "Details", "atomic", "app", "log", "Test files"} {
		if strings.Contains(got, not) {
			t.Errorf("prompt holds %q:\n%s", not, got)
		}
	}
	in.Members[0], in.Members[2] = in.Members[2], in.Members[0]
	if again := modulePrompt(in).user; again != got {
		t.Errorf("member order changed the prompt:\n%s\n---\n%s", got, again)
	}
}

// TestModulePromptOfTestsOnly: a module of tests alone is told its test
// files, and says so.
func TestModulePromptOfTestsOnly(t *testing.T) {
	in := ModuleInput{Dir: "tests/kms", Tests: true, Members: []MemberInfo{{Defs: []DefInfo{{Name: "test_create_key", Doc: "Creating a key returns its ARN."}}}}}
	got := modulePrompt(in).user
	if !strings.Contains(got, "Test files (the module holds no other code):\n- test_create_key: Creating a key returns its ARN.\n") {
		t.Errorf("prompt:\n%s", got)
	}
	off, err := Offline{}.ModuleDoc(context.Background(), in)
	if err != nil || !strings.Contains(off.Text, "holds 1 test file") {
		t.Errorf("offline: %q, %v", off.Text, err)
	}
}
