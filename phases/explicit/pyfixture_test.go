package explicit

import "testing"

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
