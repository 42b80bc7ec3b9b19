package implicit

import "testing"

// controller wraps method declarations in a class mapped to prefix.
func controller(prefix, methods string) string {
	return "package p;\n\n@Controller\n@RequestMapping(" + prefix + ")\npublic class C extends Base<T> implements I {\n" + methods + "}\n"
}

func TestExtractSpringMappings(t *testing.T) {
	extracted(t, []struct {
		name, family, src string
		want              []string
	}{
		// The class mapping prefixes every method's and is no route of its own.
		{"class prefix", "java", controller(`"/owners/{ownerId}"`,
			"\t@GetMapping(\"/pets/new\")\n\tpublic String a(Owner o) { return \"x\"; }\n"),
			[]string{"route:/owners/{}/pets/new"}},
		{"each method annotation", "java", controller(`"/api"`,
			"\t@GetMapping(\"/a\")\n\tA a() {}\n\t@PostMapping(\"/b\")\n\tB b() {}\n\t@PutMapping(\"/c/{id}\")\n\tC c() {}\n"+
				"\t@DeleteMapping(\"/d/{id:\\\\d+}\")\n\tD d() {}\n\t@PatchMapping(\"e\")\n\tE e() {}\n\t@RequestMapping(\"/f\")\n\tF f() {}\n"),
			[]string{"route:/api/a", "route:/api/b", "route:/api/c/{}", "route:/api/d/{}", "route:/api/e", "route:/api/f"}},
		{"no method path is the class path", "java", controller(`path = "/owners/"`,
			"\t@GetMapping\n\tA a() {}\n\t@PostMapping()\n\tB b() {}\n\t@RequestMapping(method = RequestMethod.PUT)\n\tC c() {}\n\t@DeleteMapping(produces = \"application/json\")\n\tD d() {}\n"),
			[]string{"route:/owners"}},
		{"value= and path=", "java", controller(`value = "/v"`,
			"\t@GetMapping(path = \"/p\", produces = \"text/plain\")\n\tA a() {}\n\t@RequestMapping(value = \"/q\", method = GET)\n\tB b() {}\n"),
			[]string{"route:/v/p", "route:/v/q"}},
		{"arrays, each path", "java", controller(`path = { "/a", "/b" }`,
			"\t@GetMapping({ \"/x\", \"/y/{id}\" })\n\tA a() {}\n"),
			[]string{"route:/a/x", "route:/a/y/{}", "route:/b/x", "route:/b/y/{}"}},
		{"class without mapped methods keeps its paths", "java", controller(`{"/users", "/people"}`,
			"\t@Override\n\tprotected Service service() { return s; }\n"),
			[]string{"route:/people", "route:/users"}},
		{"unmapped class", "java", "class C {\n\t@GetMapping(\"/vets\")\n\tString v() {}\n}\n", []string{"route:/vets"}},
		{"nested class has its own prefix", "java", controller(`"/outer"`,
			"\t@GetMapping(\"/a\")\n\tA a() {}\n\t@RestController\n\t@RequestMapping(\"/inner\")\n\tstatic class D {\n\t\t@GetMapping(\"/b\")\n\t\tB b() {}\n\t}\n\t@PostMapping(\"/c\")\n\tC c() {}\n"),
			[]string{"route:/inner/b", "route:/outer/a", "route:/outer/c"}},
		// A path the file does not spell out adds nothing rather than half a route.
		{"constant class path", "java", controller(`Paths.OWNERS`, "\t@GetMapping(\"/new\")\n\tA a() {}\n"), []string{}},
		{"constant method path", "java", controller(`"/o"`, "\t@GetMapping(Paths.NEW)\n\tA a() {}\n\t@GetMapping(\"/b\" + X)\n\tB b() {}\n"), []string{}},
		{"wildcards are no route", "java", controller(`"/files"`, "\t@GetMapping(\"/**\")\n\tA a() {}\n"), []string{}},
		{"mappings in comments", "java", "/** Called before each @RequestMapping(\"/x\") method. */\nclass C {\n\t// @GetMapping(\"/y\")\n\tvoid f() {}\n}\n", []string{}},
		{"annotation type", "java", "@RequestMapping(\"/api\")\n@Retention(RUNTIME)\npublic @interface Api {}\n", []string{}},
		{"only java", "js", "@GetMapping(\"/x\")\n", []string{}},
	})
}

func TestExtractMockMvc(t *testing.T) {
	const imports = "import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;\n" +
		"import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;\n"
	extracted(t, []struct {
		name, family, src string
		want              []string
	}{
		{"static get and post", "java", imports + "class T {\n\tvoid t() {\n\t\tmockMvc.perform(get(\"/owners/new\"));\n" +
			"\t\tmockMvc.perform(post(\"/owners/{ownerId}/edit\", 1).param(\"a\", \"b\"));\n\t\tmockMvc.perform(get(\"/owners?page=1\"));\n\t}\n}\n",
			[]string{"route:/owners", "route:/owners/new", "route:/owners/{}/edit"}},
		{"static import of all", "java", "import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.*;\n" +
			"class T { void t() { m.perform(put(\"/a/{id}\", id)); m.perform(delete(\"/b\")); m.perform(patch(\"/c\")); } }\n",
			[]string{"route:/a/{}", "route:/b", "route:/c"}},
		{"qualified with a query", "java", "class T { void t() { m.perform(MockMvcRequestBuilders.get(\"/vets.html?page=1\")); } }\n",
			[]string{"route:/vets.html"}},
		// Without the import, get is any method of that name; an import
		// of get alone does not make put a builder.
		{"no import", "java", "class T { void t() { get(\"/owners/new\"); } }\n", []string{}},
		{"other builder not imported", "java", imports + "class T { void t() { put(\"/x\"); } }\n", []string{}},
		{"in a comment", "java", imports + "// mockMvc.perform(get(\"/owners/new\"))\nclass T {}\n", []string{}},
	})
}

func TestJoinPaths(t *testing.T) {
	for _, c := range []struct{ class, method, want string }{
		{"/owners/{id}", "/pets", "/owners/{id}/pets"},
		{"owners/", "pets", "/owners/pets"},
		{"/owners", "", "/owners"},
		{"", "/pets", "/pets"},
		{"", "", ""},
	} {
		if got := joinPaths(c.class, c.method); got != c.want {
			t.Errorf("joinPaths(%q, %q) = %q, want %q", c.class, c.method, got, c.want)
		}
	}
}
