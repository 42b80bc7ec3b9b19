package pipeline_test

import (
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// treeRootFiles are a package under a directory no project file declares
// (localstack-core/localstack/, as localstack has it) and a test that does
// not import it yet.
var treeRootFiles = map[string]string{
	"localstack-core/localstack/__init__.py": "",
	"localstack-core/localstack/config.py":   "def load():\n    return 1\n",
	"tests/test_app.py":                      "def test_load():\n    pass\n",
	"app.py":                                 "import os\n",
}

const toLoad = `"source":"sym:tests/test_app.py#test_load","target":"sym:localstack-core/localstack/config.py#load","kind":"calls"`

const importsLoad = "from localstack.config import load\n\n\ndef test_load():\n    load()\n"

// TestPythonTreeRootsFollowImports: the package roots the tree shows
// (found from the directory tallies of the Python files' import heads)
// follow commits that add and drop imports, packages, competing
// directories and a pyproject that declares the root, and update's export
// and index equal init's after each.
func TestPythonTreeRootsFollowImports(t *testing.T) {
	r, inc := indexedRepo(t, treeRootFiles)
	steps := []step{
		{name: "a test imports the package", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/test_app.py": importsLoad})
		}, want: []string{toLoad}},
		{name: "a second directory holds the name", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"third/localstack/__init__.py": ""})
		}, absent: []string{toLoad}},
		{name: "the second directory goes", change: func(r *gittest.Repo) {
			r.Remove("third/localstack/__init__.py")
		}, want: []string{toLoad}},
		{name: "the package becomes a namespace package", change: func(r *gittest.Repo) {
			r.Remove("localstack-core/localstack/__init__.py")
		}, want: []string{toLoad}},
		{name: "the import goes", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/test_app.py": "def test_load():\n    pass\n"})
		}, absent: []string{toLoad}},
		{name: "the import comes back in another file of the directory", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/test_app.py": importsLoad, "tests/test_more.py": "import localstack.config\n"})
		}, want: []string{toLoad}},
		{name: "one of the two importing files drops it", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/test_more.py": "import os\n"})
		}, want: []string{toLoad}},
		{name: "a script at the repository root takes the name", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"localstack": "#!/usr/bin/env python3\nimport os\n"})
		}, absent: []string{toLoad}},
		{name: "the script goes", change: func(r *gittest.Repo) {
			r.Remove("localstack")
		}, want: []string{toLoad}},
		{name: "a pyproject declares the root", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"pyproject.toml": "[tool.setuptools.packages.find]\nwhere = [\"localstack-core\"]\n"})
		}, want: []string{toLoad}},
		{name: "a second directory holds the name while a test changes its imports", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"third/localstack/__init__.py": "", "tests/test_more.py": "import localstack\n"})
		}, want: []string{toLoad}},
		{name: "the pyproject goes", change: func(r *gittest.Repo) {
			r.Remove("pyproject.toml")
		}, absent: []string{toLoad}},
	}
	for _, s := range steps {
		converge(t, r, inc, []step{s})
		inc.CheckIndex(t, "main")
	}
}
