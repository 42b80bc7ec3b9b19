package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// overloadFiles: a call whose overload depends on whether the argument's
// class, in another file, extends a parameter's type (another file again).
var overloadFiles = map[string]string{
	"lib/Codec.java": "package lib;\n\npublic class Codec {\n" +
		"    public String toJson(JsonNode n) { return null; }\n    public String toJson(Object o) { return null; }\n}\n",
	"lib/JsonNode.java": "package lib;\n\npublic class JsonNode {}\n",
	"app/Custom.java":   "package app;\n\nclass Custom {}\n",
	"app/Main.java": "package app;\n\nimport lib.Codec;\n\nclass Main {\n" +
		"    void run(Codec c) { c.toJson(new Custom()); }\n}\n",
}

const (
	toObjectOverload = `"source":"sym:app/Main.java#Main.run","target":"sym:lib/Codec.java#Codec.toJson~2","kind":"calls"`
	toNodeOverload   = `"source":"sym:app/Main.java#Main.run","target":"sym:lib/Codec.java#Codec.toJson","kind":"calls"`
)

// TestJavaOverloadFollowsBases: the overload a call links to follows edits
// of the argument class's bases in other files (a base added, a middle
// class taking over, the middle class losing its base), and update's
// export equals init's after each.
func TestJavaOverloadFollowsBases(t *testing.T) {
	r, inc := indexedRepo(t, overloadFiles)
	if got := inc.Export(t, "main"); !strings.Contains(got, toObjectOverload) || strings.Contains(got, toNodeOverload) {
		t.Fatalf("init export should link run to toJson(Object) only")
	}
	converge(t, r, inc, []step{
		{name: "the argument's class extends the parameter's type", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"app/Custom.java": "package app;\n\nimport lib.JsonNode;\n\nclass Custom extends JsonNode {}\n"})
		}, want: []string{toNodeOverload}, absent: []string{toObjectOverload}},
		{name: "a middle class in a third file takes over", change: func(r *gittest.Repo) {
			r.Write(map[string]string{
				"app/Custom.java": "package app;\n\nclass Custom extends Middle {}\n",
				"app/Middle.java": "package app;\n\nimport lib.JsonNode;\n\nclass Middle extends JsonNode {}\n",
			})
		}, want: []string{toNodeOverload}, absent: []string{toObjectOverload}},
		{name: "the middle class no longer extends it", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"app/Middle.java": "package app;\n\nclass Middle {}\n"})
		}, want: []string{toObjectOverload}, absent: []string{toNodeOverload}},
	})
}
