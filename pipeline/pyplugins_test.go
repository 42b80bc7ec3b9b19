package pipeline_test

import (
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// pytestPluginFiles are a test whose fixture app lives in a plugin module
// that the conftest.py above the test lists in pytest_plugins.
var pytestPluginFiles = map[string]string{
	"fw/__init__.py": "",
	"fw/app.py": "class App:\n    def route(self, rule):\n        return lambda f: f\n\n\n" +
		"class Other:\n    def route(self, rule):\n        return lambda f: f\n",
	"fw/plugin.py":             "import pytest\nfrom fw.app import App\n\n\n@pytest.fixture\ndef app():\n    return App()\n",
	"fw/other_plugin.py":       "import pytest\nfrom fw.app import Other\n\n\n@pytest.fixture\ndef app():\n    return Other()\n",
	"tests/conftest.py":        "pytest_plugins = ['fw.plugin']\n",
	"tests/api/test_routes.py": "def test_route(app):\n    app.route('/')\n",
}

const (
	pluginToAppRoute   = `"source":"sym:tests/api/test_routes.py#test_route","target":"sym:fw/app.py#App.route","kind":"calls"`
	pluginToOtherRoute = `"source":"sym:tests/api/test_routes.py#test_route","target":"sym:fw/app.py#Other.route","kind":"calls"`
	pluginFromTest     = `"source":"sym:tests/api/test_routes.py#test_route","target":"sym:fw/app.py#`
)

func pytestPluginSteps() []step {
	return []step{
		{name: "the conftest lists another plugin", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/conftest.py": "pytest_plugins = ['fw.other_plugin']\n"})
		}, want: []string{pluginToOtherRoute}, absent: []string{pluginToAppRoute}},
		{name: "the listed plugin's fixture makes the first class", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"fw/other_plugin.py": pytestPluginFiles["fw/plugin.py"]})
		}, want: []string{pluginToAppRoute}, absent: []string{pluginToOtherRoute}},
		{name: "the listed plugin is deleted", change: func(r *gittest.Repo) { r.Remove("fw/other_plugin.py") },
			absent: []string{pluginFromTest}},
		{name: "the conftest lists no plugin", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/conftest.py": "pytest_plugins = []\n"})
		}, absent: []string{pluginFromTest}},
		{name: "a conftest nearer the test lists the first plugin", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tests/api/conftest.py": "pytest_plugins = ('fw.plugin',)\n"})
		}, want: []string{pluginToAppRoute}},
	}
}

// TestPytestPluginFixturesFollowEdits: a call on a fixture from a module
// listed in pytest_plugins follows every edit of the list, of the listed
// module and of which conftest.py lists it, and update's export equals
// init's after each.
func TestPytestPluginFixturesFollowEdits(t *testing.T) {
	r, inc := indexedRepo(t, pytestPluginFiles)
	if got := inc.Export(t, "main"); !strings.Contains(got, pluginToAppRoute) {
		t.Fatalf("init export lacks %s", pluginToAppRoute)
	}
	converge(t, r, inc, pytestPluginSteps())
}
