package pipeline_test

import (
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// submoduleFiles are a package whose __init__.py re-exports a submodule,
// and a test that calls into it through the package (flask.json.dumps).
var submoduleFiles = map[string]string{
	"pkg/__init__.py":      "from . import json as json\n",
	"pkg/json/__init__.py": "def dumps(obj):\n    return ''\n",
	"tests/test_json.py":   "import pkg\n\n\ndef test_dumps():\n    pkg.json.dumps(1)\n",
}

const toDumps = `"source":"sym:tests/test_json.py#test_dumps","target":"sym:pkg/json/__init__.py#dumps","kind":"calls"`

// TestReexportedSubmoduleCallsFollowEdits: a call through a submodule a
// package re-exports follows edits of the re-export and of the
// submodule, and update's export equals init's after each. pkg.json is
// the submodule whether or not pkg/__init__.py imports it (as jedi has
// it, and as a process that imported pkg.json anywhere finds it): only
// the submodule's own edits and its move take the call away.
func TestReexportedSubmoduleCallsFollowEdits(t *testing.T) {
	r, inc := indexedRepo(t, submoduleFiles)
	converge(t, r, inc, []step{
		{name: "the package stops re-exporting it", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"pkg/__init__.py": "\n"})
		}, want: []string{toDumps}},
		{name: "the package re-exports it again", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"pkg/__init__.py": submoduleFiles["pkg/__init__.py"]})
		}, want: []string{toDumps}},
		{name: "the submodule renames the function", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"pkg/json/__init__.py": "def dump_string(obj):\n    return ''\n"})
		}, absent: []string{toDumps}},
		{name: "the function comes back", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"pkg/json/__init__.py": submoduleFiles["pkg/json/__init__.py"]})
		}, want: []string{toDumps}},
		{name: "the submodule moves away and the package no longer re-exports it", change: func(r *gittest.Repo) {
			r.Move("pkg/json/__init__.py", "pkg/codec/__init__.py")
			r.Write(map[string]string{"pkg/__init__.py": "\n"})
		}, absent: []string{toDumps}},
	})
}
