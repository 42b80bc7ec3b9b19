package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// csOverloadFiles: a call whose overload depends on whether the
// argument's class, in another file, derives from a parameter's type (a
// third file), and a bare call in a subclass whose overload may be the
// base's, in another file.
var csOverloadFiles = map[string]string{
	"Lib/Codec.cs": "namespace Lib\n{\n    public class Codec\n    {\n        public string ToJson(JsonNode n) => null;\n" +
		"        public string ToJson(object o) => null;\n    }\n}\n",
	"Lib/JsonNode.cs": "namespace Lib\n{\n    public class JsonNode { }\n}\n",
	"App/Custom.cs":   "namespace App\n{\n    class Custom { }\n}\n",
	"App/Main.cs": "using Lib;\n\nnamespace App\n{\n    class Main\n    {\n" +
		"        void Run(Codec c) { c.ToJson(new Custom()); }\n    }\n}\n",
	"Model/Base.cs": "namespace Model\n{\n    public class Base { }\n}\n",
	"Model/Derived.cs": "namespace Model\n{\n    public class Derived : Base\n    {\n        public void Add(long x) { }\n" +
		"        void Own() { Add(\"s\"); }\n    }\n}\n",
}

const (
	csToObject = `"source":"sym:App/Main.cs#Main.Run","target":"sym:Lib/Codec.cs#Codec.ToJson~2","kind":"calls"`
	csToNode   = `"source":"sym:App/Main.cs#Main.Run","target":"sym:Lib/Codec.cs#Codec.ToJson","kind":"calls"`
	csToBase   = `"source":"sym:Model/Derived.cs#Derived.Own","target":"sym:Model/Base.cs#Base.Add","kind":"calls"`
	csToOwn    = `"source":"sym:Model/Derived.cs#Derived.Own","target":"sym:Model/Derived.cs#Derived.Add","kind":"calls"`
)

// TestCSharpOverloadFollowsBases: the overload a C# call links to follows
// edits of other files (the argument class gaining a base, a middle class
// taking over and losing its base; the caller's base class gaining and
// changing an overload), and update's export equals init's after each.
func TestCSharpOverloadFollowsBases(t *testing.T) {
	r, inc := indexedRepo(t, csOverloadFiles)
	got := inc.Export(t, "main")
	if !strings.Contains(got, csToObject) || strings.Contains(got, csToNode) || strings.Contains(got, csToBase) || strings.Contains(got, csToOwn) {
		t.Fatalf("init export should link Run to ToJson(object) only, and Own to no Add")
	}
	converge(t, r, inc, []step{
		{name: "the argument's class derives from the parameter's type", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"App/Custom.cs": "using Lib;\n\nnamespace App\n{\n    class Custom : JsonNode { }\n}\n"})
		}, want: []string{csToNode}, absent: []string{csToObject}},
		{name: "a middle class in a third file takes over", change: func(r *gittest.Repo) {
			r.Write(map[string]string{
				"App/Custom.cs": "namespace App\n{\n    class Custom : Middle { }\n}\n",
				"App/Middle.cs": "using Lib;\n\nnamespace App\n{\n    class Middle : JsonNode { }\n}\n",
			})
		}, want: []string{csToNode}, absent: []string{csToObject}},
		{name: "the middle class no longer derives from it", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"App/Middle.cs": "namespace App\n{\n    class Middle { }\n}\n"})
		}, want: []string{csToObject}, absent: []string{csToNode}},
		{name: "the base class gains an overload that fits", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"Model/Base.cs": "namespace Model\n{\n    public class Base\n    {\n        public void Add(string s) { }\n    }\n}\n"})
		}, want: []string{csToBase}, absent: []string{csToOwn}},
		{name: "the base's overload no longer fits", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"Model/Base.cs": "namespace Model\n{\n    public class Base\n    {\n        public void Add(int s) { }\n    }\n}\n"})
		}, absent: []string{csToBase, csToOwn}},
	})
}
