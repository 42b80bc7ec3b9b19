package explicit

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// pyFixtures is a Flask-like framework and its tests: fixtures in a
// conftest.py above the tests, one in a test module, one named by its
// decorator's name=, a generator fixture, and a fixture built from another.
var pyFixtures = map[string]string{
	"fw/__init__.py": "from .app import App\n",
	"fw/app.py": "class Client:\n    def get(self, url):\n        pass\n\n\nclass App:\n    def route(self, rule):\n        return lambda f: f\n\n" +
		"    def test_client(self) -> Client:\n        return Client()\n\n    def before_request(self, f):\n        return f\n",
	"tests/conftest.py": "import pytest\nfrom fw import App\n\n\n@pytest.fixture\ndef app():\n    app = App()\n    return app\n\n\n" +
		"@pytest.fixture\ndef client(app):\n    return app.test_client()\n\n\n" +
		"@pytest.fixture(scope='session', name='named')\ndef _named_fixture():\n    yield App()\n\n\n" +
		"def helper():\n    return App()\n",
	"tests/web/test_views.py": "import pytest\nfrom fw.app import App\n\n\n@pytest.fixture\ndef local() -> App:\n    return make()\n\n\n" +
		"def test_route(app):\n    @app.route('/')\n    def index():\n        pass\n\n\n" +
		"def test_client(client):\n    client.get('/')\n\n\n" +
		"def test_named(named):\n    named.route('/n')\n\n\n" +
		"def test_local(local):\n    local.route('/l')\n\n\n" +
		"def test_not_a_fixture(helper, app=None):\n    helper.route('/h')\n    app.route('/d')\n\n\n" +
		"def test_hook(app):\n    @app.before_request\n    def before():\n        pass\n\n\n" +
		"class TestViews:\n    def test_method(self, app):\n        app.route('/m')\n\n\n" +
		"def not_a_test(app):\n    app.route('/x')\n",
}

// TestPythonPytestFixtures: a test's (or fixture's) parameter takes the
// type of the fixture of its name, from the test module or a conftest.py
// above it, by the decorator's name= when it gives one; a plain function of
// the name, a parameter with a default and a function that is no test or
// fixture take nothing. A decorator on a parameter (@app.before_request)
// is typed as a call on it is.
func TestPythonPytestFixtures(t *testing.T) {
	got := resolveAll(t, nil, pyFixtures)
	check(t, got,
		[]string{
			"tests/web/test_views.py#test_route -> fw/app.py#App.route [calls type]",
			"tests/web/test_views.py#test_client -> fw/app.py#Client.get [calls type]",
			"tests/conftest.py#client -> fw/app.py#App.test_client [calls type]",
			"tests/web/test_views.py#test_named -> fw/app.py#App.route [calls type]",
			"tests/web/test_views.py#test_local -> fw/app.py#App.route [calls type]",
			"tests/web/test_views.py#TestViews.test_method -> fw/app.py#App.route [calls type]",
			"tests/web/test_views.py#test_hook -> fw/app.py#App.before_request [calls type]",
		},
		[]string{
			"tests/web/test_views.py#test_not_a_fixture -> fw/app.py#App.route",
			"tests/web/test_views.py#not_a_test -> fw/app.py#App.route",
		})
}

// pyPluginFixtures uses fixtures pytest itself provides: monkeypatch is
// pytest.MonkeyPatch, indexed here (pytest re-exports it from _pytest);
// tmp_path is a pathlib.Path, outside the repository even though the
// repository has a Path class of its own; a conftest.py that defines
// tmp_path again wins below it.
var pyPluginFixtures = map[string]string{
	"pytest/__init__.py":      "from _pytest.monkeypatch import MonkeyPatch\n",
	"_pytest/monkeypatch.py":  "class MonkeyPatch:\n    def setattr(self, target, name, value):\n        pass\n",
	"lib/paths.py":            "class Path:\n    def joinpath(self, *parts):\n        pass\n",
	"tests/test_plugins.py":   "def test_patch(monkeypatch):\n    monkeypatch.setattr('a', 'b', 1)\n\n\ndef test_tmp(tmp_path):\n    tmp_path.joinpath('a')\n\n\ndef test_unknown(mystery):\n    mystery.joinpath('b')\n",
	"tests/mine/conftest.py":  "import pytest\nfrom lib.paths import Path\n\n\n@pytest.fixture\ndef tmp_path():\n    return Path()\n",
	"tests/mine/test_mine.py": "def test_own(tmp_path):\n    tmp_path.joinpath('c')\n",
}

// TestPythonPluginFixtures: a parameter named like one of pytest's own
// fixtures takes that fixture's type where no fixture of the repository
// has the name: a call on it resolves where the type is indexed, is no
// edge (and no unresolved site) where the type is outside, and a
// repository fixture of the same name still wins.
func TestPythonPluginFixtures(t *testing.T) {
	got := resolveAll(t, nil, pyPluginFixtures)
	check(t, got,
		[]string{
			"tests/test_plugins.py#test_patch -> _pytest/monkeypatch.py#MonkeyPatch.setattr [calls type]",
			"tests/mine/test_mine.py#test_own -> lib/paths.py#Path.joinpath [calls type]",
		},
		[]string{
			"tests/test_plugins.py#test_tmp -> lib/paths.py#Path.joinpath",
			"tests/test_plugins.py#test_unknown -> lib/paths.py#Path.joinpath",
		})
	sites := resolveSites(t, nil, pyPluginFixtures)["tests/test_plugins.py"]
	want := []snapshot.Site{{Name: "joinpath", Receiver: "mystery", From: "test_unknown", Line: 10}}
	if d := cmp.Diff(want, sites); d != "" {
		t.Errorf("unresolved sites (-want +got):\n%s", d)
	}
}
