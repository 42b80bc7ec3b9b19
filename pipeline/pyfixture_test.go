package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// fixtureFiles are a framework with two classes and a test that takes the
// fixture app from the conftest.py above it.
var fixtureFiles = map[string]string{
	"fw/__init__.py": "",
	"fw/app.py": "class App:\n    def route(self, rule):\n        return lambda f: f\n\n\n" +
		"class Other:\n    def route(self, rule):\n        return lambda f: f\n",
	"tests/conftest.py":        "import pytest\nfrom fw.app import App\n\n\n@pytest.fixture\ndef app():\n    return App()\n",
	"tests/api/test_routes.py": "def test_route(app):\n    @app.route('/')\n    def index():\n        pass\n",
}

const (
	toAppRoute   = `"source":"sym:tests/api/test_routes.py#test_route","target":"sym:fw/app.py#App.route","kind":"calls"`
	toOtherRoute = `"source":"sym:tests/api/test_routes.py#test_route","target":"sym:fw/app.py#Other.route","kind":"calls"`
	fromTest     = `"source":"sym:tests/api/test_routes.py#test_route","target":"sym:fw/app.py#`
)

func fixtureSteps() []step {
	return []step{
		{name: "the fixture makes another class", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/conftest.py": strings.ReplaceAll(fixtureFiles["tests/conftest.py"], "App", "Other")})
		}, want: []string{toOtherRoute}, absent: []string{toAppRoute}},
		{name: "it is no fixture any more", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/conftest.py": "from fw.app import App\n\n\ndef app():\n    return App()\n"})
		}, absent: []string{fromTest}},
		{name: "a fixture of that name in the test's directory", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/api/conftest.py": "import pytest\nfrom fw.app import Other\n\n\n" +
				"@pytest.fixture(name='app')\ndef _other():\n    yield Other()\n"})
		}, want: []string{toOtherRoute}},
		{name: "the conftest above is a fixture again, the nearer one still wins", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/conftest.py": fixtureFiles["tests/conftest.py"]})
		}, want: []string{toOtherRoute}, absent: []string{toAppRoute}},
		{name: "the nearer one is deleted", change: func(r *gittest.Repo) { r.Remove("tests/api/conftest.py") },
			want: []string{toAppRoute}, absent: []string{toOtherRoute}},
		{name: "the test module defines its own", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/api/test_routes.py": "import pytest\nfrom fw.app import Other\n\n\n" +
				"@pytest.fixture\ndef app() -> Other:\n    return make()\n\n\n" + fixtureFiles["tests/api/test_routes.py"]})
		}, want: []string{toOtherRoute}, absent: []string{toAppRoute}},
		{name: "the class the fixture makes loses the method", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"fw/app.py": "class App:\n    def route(self, rule):\n        return lambda f: f\n\n\nclass Other:\n    pass\n"})
		}, absent: []string{fromTest}},
	}
}

// TestFixtureCallsFollowConftestEdits: a call on a pytest fixture's value
// follows every edit of the fixtures visible to the test (the conftest.py
// above it, a nearer one, one in its own module) and of the class the
// fixture makes, and update's export equals init's after each.
func TestFixtureCallsFollowConftestEdits(t *testing.T) {
	r, inc := indexedRepo(t, fixtureFiles)
	if got := inc.Export(t, "main"); !strings.Contains(got, toAppRoute) {
		t.Fatalf("init export lacks %s", toAppRoute)
	}
	converge(t, r, inc, fixtureSteps())
}

// pluginFiles are a test that takes pytest's own monkeypatch fixture, in a
// repository that does not index pytest yet.
var pluginFiles = map[string]string{
	"tests/test_patch.py": "def test_patch(monkeypatch):\n    monkeypatch.setattr('a', 'b', 1)\n",
}

const toSetattr = `"source":"sym:tests/test_patch.py#test_patch","target":"sym:_pytest/monkeypatch.py#MonkeyPatch.setattr","kind":"calls"`

// TestPluginFixtureCallsFollowTheirType: a call on a fixture pytest itself
// provides resolves once the repository indexes its type (pytest's public
// name re-exported from _pytest), stops when a conftest.py defines the
// fixture again, and update's export equals init's after each step.
func TestPluginFixtureCallsFollowTheirType(t *testing.T) {
	r, inc := indexedRepo(t, pluginFiles)
	converge(t, r, inc, []step{
		{name: "pytest is indexed", change: func(r *gittest.Repo) {
			r.Write(map[string]string{
				"pytest/__init__.py":     "from _pytest.monkeypatch import MonkeyPatch\n",
				"_pytest/monkeypatch.py": "class MonkeyPatch:\n    def setattr(self, target, name, value):\n        pass\n",
			})
		}, want: []string{toSetattr}},
		{name: "a conftest.py defines monkeypatch", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/conftest.py": "import pytest\n\n\n@pytest.fixture\ndef monkeypatch():\n    return 1\n"})
		}, absent: []string{toSetattr}},
		{name: "the conftest.py is deleted", change: func(r *gittest.Repo) { r.Remove("tests/conftest.py") },
			want: []string{toSetattr}},
		{name: "pytest no longer exports it", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"pytest/__init__.py": "\n"})
		}, absent: []string{toSetattr}},
	})
}
