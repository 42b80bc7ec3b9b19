package explicit

import "testing"

// javaCodec declares overloads whose choice needs the argument's class
// (toJson), boxing as the compiler's second phase (box, wide) and varargs
// as its last (sum).
const javaCodec = "package lib;\n\npublic class Codec {\n" +
	"    public String toJson(JsonNode n) { return null; }\n    public String toJson(Object o) { return null; }\n" +
	"    public void box(int x) {}\n    public void box(Object o) {}\n" +
	"    public void wide(long x) {}\n    public void wide(Integer x) {}\n" +
	"    public void sum(int... xs) {}\n    public void sum(int a, int b) {}\n}\n"

// TestJavaOverloadsBySubtypes: an argument of a repository class fits a
// parameter of a repository type only when the class is that type or
// extends it (across files, through bases of bases); a class that does
// not reaches the Object overload.
func TestJavaOverloadsBySubtypes(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/Codec.java":      javaCodec,
		"lib/JsonNode.java":   "package lib;\n\npublic class JsonNode {}\n",
		"lib/ObjectNode.java": "package lib;\n\npublic class ObjectNode extends ContainerNode {}\n",
		"lib/Container.java":  "package lib;\n\npublic abstract class ContainerNode extends JsonNode {}\n",
		"app/Custom.java":     "package app;\n\nclass Custom {}\n",
		"app/Main.java": "package app;\n\nimport lib.*;\n\nclass Main {\n" +
			"    void custom(Codec c) { c.toJson(new Custom()); }\n" +
			"    void node(Codec c, ObjectNode n) { c.toJson(n); }\n" +
			"    void text(Codec c) { c.toJson(new StringBuilder()); }\n}\n",
	})
	check(t, got,
		[]string{
			"app/Main.java#Main.custom -> lib/Codec.java#Codec.toJson~2 [calls type]",
			"app/Main.java#Main.node -> lib/Codec.java#Codec.toJson [calls type]",
			"app/Main.java#Main.text -> lib/Codec.java#Codec.toJson~2 [calls type]",
		},
		[]string{"Main.custom -> lib/Codec.java#Codec.toJson [", "Main.node -> lib/Codec.java#Codec.toJson~2", "Main.text -> lib/Codec.java#Codec.toJson ["})
}

// TestJavaOverloadPhases: the compiler takes the overloads that fit
// without boxing first (box(Object) for an Integer, wide(long) for an
// int), and variadic ones only when no other fits.
func TestJavaOverloadPhases(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/Codec.java":    javaCodec,
		"lib/JsonNode.java": "package lib;\n\npublic class JsonNode {}\n",
		"app/Main.java": "package app;\n\nimport lib.Codec;\n\nclass Main {\n" +
			"    void boxed(Codec c, Integer i) { c.box(i); }\n    void unboxed(Codec c) { c.box(1); }\n" +
			"    void widened(Codec c) { c.wide(1); }\n    void fixed(Codec c) { c.sum(1, 2); }\n    void spread(Codec c) { c.sum(1, 2, 3); }\n}\n",
	})
	check(t, got,
		[]string{
			"app/Main.java#Main.boxed -> lib/Codec.java#Codec.box~2 [calls type]",
			"app/Main.java#Main.unboxed -> lib/Codec.java#Codec.box [calls type]",
			"app/Main.java#Main.widened -> lib/Codec.java#Codec.wide [calls type]",
			"app/Main.java#Main.fixed -> lib/Codec.java#Codec.sum~2 [calls type]",
			"app/Main.java#Main.spread -> lib/Codec.java#Codec.sum [calls type]",
		},
		[]string{"Main.boxed -> lib/Codec.java#Codec.box [", "Main.widened -> lib/Codec.java#Codec.wide~2", "Main.fixed -> lib/Codec.java#Codec.sum ["})
}
