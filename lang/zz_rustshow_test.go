package lang

import (
	"context"
	"fmt"
	"os"
	"testing"
)

func TestRustZZShow(t *testing.T) {
	p := os.Getenv("SHOW_FILE")
	if p == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(p)
	spec := Default().ByExtension(p)
	f, _ := NewParsers().Extract(context.Background(), spec, src)
	for _, s := range f.Symbols {
		fmt.Printf("SYM %d-%d %s %s parent=%q sig=%q doc=%.40q ext=%v impl=%v\n", s.Line, s.EndLine, s.Kind, s.Qualified, s.Parent, s.Signature, s.Doc, s.Extends, s.Implements)
	}
	for _, s := range f.Imports {
		fmt.Printf("IMP %+v\n", s)
	}
	if os.Getenv("SHOW_REFS") != "" {
		for _, r := range f.Refs {
			fmt.Printf("REF %d %s %q.%s from=%s\n", r.Line, r.Kind, r.Qualifier, r.Name, r.From)
		}
	}
}
