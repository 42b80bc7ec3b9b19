package python

import (
	"maps"
	"path"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

func TestPyprojectRoots(t *testing.T) {
	cases := []struct {
		name, dir, toml string
		exists          []string
		want            roots
	}{
		{"setuptools find where (localstack)", "", `
[tool.setuptools]
package-dir = { "" = "localstack-core" }
[tool.setuptools.packages.find]
where = ["localstack-core/"]
include = ["localstack*"]`, nil, roots{"localstack-core": ""}},
		{"setuptools package-dir by name, nested project", "py", `
[tool.setuptools.package-dir]
mypkg = "lib/impl"
"mypkg.sub" = "extra/sub"`, nil, roots{"py/lib/impl": "mypkg", "py/extra/sub": "mypkg.sub"}},
		{"poetry from", "", `
[tool.poetry]
packages = [{ include = "app", from = "source" }, { include = "flat" }]`, nil, roots{"source": ""}},
		{"hatch packages and sources", "", `
[tool.hatch.build.targets.wheel]
packages = ["code/foo", "top"]
sources = ["python"]`, nil, roots{"code/foo": "foo", "python": ""}},
		{"hatch sources rewrite", "", `
[tool.hatch.build.targets.wheel.sources]
"src/foo" = "bar"`, nil, roots{"src/foo": "bar"}},
		{"pdm and maturin", "", `
[tool.pdm.build]
package-dir = "pysrc"
[tool.maturin]
python-source = "python"`, nil, roots{"pysrc": "", "python": ""}},
		{"flit finds src", "", `
[tool.flit.module]
name = "fmod"`, []string{"src/fmod/__init__.py"}, roots{"src": ""}},
		{"flit flat layout needs nothing", "", `
[tool.flit.module]
name = "fmod"`, []string{"fmod/__init__.py"}, roots{}},
		{"paths leaving the repository and globs are ignored", "", `
[tool.setuptools.packages.find]
where = ["../outside", "/abs", "src*", "."]`, nil, roots{}},
		{"not TOML", "", `[tool.setuptools.packages.find`, nil, roots{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := roots{}
			r.pyproject(c.dir, []byte(c.toml), func(p string) bool {
				for _, e := range c.exists {
					if e == p {
						return true
					}
				}
				return false
			})
			if diff := cmp.Diff(c.want, r); diff != "" {
				t.Errorf("roots (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSetupCfgAndSetupPyRoots(t *testing.T) {
	r := roots{}
	r.setupCfg("", []byte("[metadata]\nname = x\n\n[options]\npackage_dir =\n    =lib\n    other = vendor/other\npackages = find:\n\n[options.packages.find]\nwhere = pysrc\n"))
	r.setupCfg("sub", []byte("[options]\npackage_dir = =src\n"))
	want := roots{"lib": "", "vendor/other": "other", "pysrc": "", "sub/src": ""}
	if diff := cmp.Diff(want, r); diff != "" {
		t.Errorf("setup.cfg roots (-want +got):\n%s", diff)
	}

	r = roots{}
	r.setupPy("", []byte(`from setuptools import setup, find_packages
setup(
    name="x",
    package_dir={"": "code", 'tools': 'scripts/tools'},
    packages=find_packages(where="code"),
)
`))
	r.setupPy("b", []byte(`setup(packages=find_namespace_packages("python"))`))
	want = roots{"code": "", "scripts/tools": "tools", "b/python": ""}
	if diff := cmp.Diff(want, r); diff != "" {
		t.Errorf("setup.py roots (-want +got):\n%s", diff)
	}
}

// files builds the tree heuristic's input: each directory's tally of
// what its files tell (dirFacts, from the absolute imports each makes),
// and whether the tree has a path.
func files(imports map[string][]string) (dirs map[string]lang.Tally, has func(string) bool) {
	dirs = map[string]lang.Tally{}
	for p, mods := range imports {
		f := &facts.File{}
		for _, m := range mods {
			f.Imports = append(f.Imports, facts.Import{Path: m})
		}
		if dirs[path.Dir(p)] == nil {
			dirs[path.Dir(p)] = lang.Tally{}
		}
		for _, tok := range dirFacts(p, f) {
			dirs[path.Dir(p)][tok]++
		}
	}
	return dirs, func(p string) bool { _, ok := imports[p]; return ok }
}

func TestTreeRoots(t *testing.T) {
	cases := []struct {
		name     string
		files    map[string][]string
		declared roots
		want     roots
	}{
		{"namespace package under an undeclared root (localstack without pyproject)", map[string][]string{
			"localstack-core/localstack/config.py":           {"logging"},
			"localstack-core/localstack/logging/__init__.py": nil,
			"localstack-core/localstack/aws/__init__.py":     nil,
			"localstack-core/localstack/aws/app.py":          {"localstack.config", "logging"},
			"tests/test_app.py":                              {"localstack.aws.app"},
		}, nil, roots{"localstack-core": ""}},
		{"regular package", map[string][]string{
			"packages/core/corelib/__init__.py": nil,
			"app.py":                            {"corelib"},
		}, nil, roots{"packages/core": ""}},
		{"a package nobody imports is no root", map[string][]string{
			"examples/demo/__init__.py": nil,
			"app.py":                    {"os"},
		}, nil, roots{}},
		{"a name importable from the root already", map[string][]string{
			"pkg/__init__.py":          nil,
			"fixtures/pkg/__init__":    nil,
			"fixtures/pkg/__init__.py": nil,
			"app.py":                   {"pkg"},
		}, nil, roots{}},
		{"two directories holding the name", map[string][]string{
			"a/dup/__init__.py": nil,
			"b/dup/__init__.py": nil,
			"app.py":            {"dup"},
		}, nil, roots{}},
		{"a subpackage is not top-level", map[string][]string{
			"pkg/__init__.py":            nil,
			"pkg/inner/json/__init__.py": nil,
			"app.py":                     {"json", "pkg"},
		}, nil, roots{}},
		{"declared roots win", map[string][]string{
			"lsc/localstack/config.py":           nil,
			"lsc/localstack/logging/__init__.py": nil,
			"app.py":                             {"localstack.config", "logging"},
		}, roots{"lsc": ""}, roots{"lsc": ""}},
		{"a script at the root names the module", map[string][]string{
			"tools/pkg/__init__.py": nil,
			"pkg":                   nil,
			"app.py":                {"pkg"},
		}, nil, roots{}},
		{"a script's name is no module elsewhere", map[string][]string{
			"tools/pkg/__init__.py": nil,
			"bin/pkg":               nil,
			"app.py":                {"pkg"},
		}, nil, roots{"tools": ""}},
		{"a root mapped to a package makes its head importable", map[string][]string{
			"code/mod.py":           nil,
			"tools/pkg/__init__.py": nil,
			"app.py":                {"pkg"},
		}, roots{"code": "pkg"}, roots{"code": "pkg"}},
		{"a mapped root with no file under it does not", map[string][]string{
			"tools/pkg/__init__.py": nil,
			"app.py":                {"pkg"},
		}, roots{"code": "pkg"}, roots{"code": "pkg", "tools": ""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := maps.Clone(c.declared)
			if r == nil {
				r = roots{}
			}
			py, has := files(c.files)
			r.tree(py, has)
			if diff := cmp.Diff(c.want, r); diff != "" {
				t.Errorf("roots (-want +got):\n%s", diff)
			}
		})
	}
}
