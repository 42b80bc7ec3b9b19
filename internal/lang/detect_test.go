package lang

import "testing"

// TestDetect: a file's language comes from its extension, else, for a
// name without a dot, from the interpreter its shebang runs.
func TestDetect(t *testing.T) {
	for _, c := range []struct{ path, head, want string }{
		{"a/b.go", "", Go},
		{"a/B.PY", "", Python},
		{"web/x.tsx", "", TSX},
		{"web/x.mts", "", TypeScript},
		{"lib/x.rake", "", Ruby},
		{"src/x.h", "", C},
		{"src/x.h++", "", CPP},
		{"bin/tool", "#!/usr/bin/env -S python3 -u\nprint(1)\n", Python},
		{"bin/tool", "#!/usr/local/bin/node\n", JavaScript},
		{"bin/tool", "#!/bin/sh\n", ""},
		{"bin/tool.sh", "#!/usr/bin/env python3\n", ""}, // a dot: no shebang is read
		{"README", "", ""},
	} {
		got := ""
		if s := Detect(c.path, []byte(c.head)); s != nil {
			got = s.Name
		}
		if got != c.want {
			t.Errorf("Detect(%q, %q) = %q, want %q", c.path, c.head, got, c.want)
		}
	}
	if !NeedsContent("bin/tool") || NeedsContent("bin/tool.sh") || NeedsContent("a.go") {
		t.Error("NeedsContent: only dotless names without a known extension need content")
	}
}

// TestFamilies: languages that import each other share a family; every
// name has a spec.
func TestFamilies(t *testing.T) {
	for name, fam := range map[string]string{JavaScript: FamilyJS, TypeScript: FamilyJS, TSX: FamilyJS, C: FamilyC, CPP: FamilyC, CSharp: FamilyCSharp} {
		if got := FamilyOf(name); got != fam {
			t.Errorf("FamilyOf(%q) = %q, want %q", name, got, fam)
		}
	}
	if FamilyOf(ProjectFile) != "" || Get(ProjectFile) != nil {
		t.Error("the project-file pseudo-language has no spec")
	}
	if len(Names()) != 12 {
		t.Errorf("names %q", Names())
	}
}

// TestProjectFiles: the files resolution reads, and whose reader reads them.
func TestProjectFiles(t *testing.T) {
	for base, want := range map[string]string{
		"go.mod": FamilyGo, "package.json": FamilyJS, "tsconfig.json": FamilyJS, "jsconfig.json": FamilyJS,
		"tsconfig.base.json": FamilyJS, "jsconfig.app.json": FamilyJS, "pyproject.toml": FamilyPython,
		"setup.cfg": FamilyPython, "setup.py": FamilyPython, "Cargo.toml": FamilyRust,
		"tsconfig.jsonc": "", "go.sum": "", "Cargo.lock": "", "setup.pyc": "",
	} {
		if got := ProjectFamily(base); got != want {
			t.Errorf("ProjectFamily(%q) = %q, want %q", base, got, want)
		}
		// setup.py is read as a project file but indexed as Python code.
		if got, wantFile := IsProjectFile(base), want != "" && base != "setup.py"; got != wantFile {
			t.Errorf("IsProjectFile(%q) = %v, want %v", base, got, wantFile)
		}
	}
}
