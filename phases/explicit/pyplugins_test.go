package explicit

import "testing"

// pyPytestPlugins is localstack's layout: tests/conftest.py lists plugin
// modules in pytest_plugins (one outside the repository), one of which
// lists another; the fixtures live in those modules.
var pyPytestPlugins = map[string]string{
	"svc/__init__.py":         "",
	"svc/aws.py":              "class Client:\n    def call(self):\n        pass\n\n\nclass Store:\n    def put(self):\n        pass\n",
	"svc/testing/__init__.py": "",
	"svc/testing/fixtures.py": "import pytest\nfrom svc.aws import Client\n\npytest_plugins = 'svc.testing.more'\n\n\n" +
		"@pytest.fixture\ndef aws_client() -> Client:\n    return Client()\n",
	"svc/testing/more.py": "import pytest\nfrom svc.aws import Store\n\n\n@pytest.fixture\ndef store():\n    return Store()\n",
	"tests/conftest.py":   "pytest_plugins = [\n    'svc.testing.fixtures',\n    'outside.plugin',\n]\n",
	"tests/unit/test_svc.py": "def test_call(aws_client):\n    aws_client.call()\n\n\n" +
		"def test_put(store):\n    store.put()\n",
	"other/test_other.py": "def test_call(aws_client):\n    aws_client.call()\n",
}

// TestPythonPytestPlugins: fixtures of a module a conftest.py above the
// test lists in pytest_plugins reach the test, and so do those of a
// plugin that module lists; a test no such conftest.py covers takes none.
// The conftest.py imports the modules it lists.
func TestPythonPytestPlugins(t *testing.T) {
	got := resolveAll(t, nil, pyPytestPlugins)
	check(t, got,
		[]string{
			"tests/unit/test_svc.py#test_call -> svc/aws.py#Client.call [calls type]",
			"tests/unit/test_svc.py#test_put -> svc/aws.py#Store.put [calls type]",
			"tests/conftest.py -> svc/testing/fixtures.py [imports ]",
			"svc/testing/fixtures.py -> svc/testing/more.py [imports ]",
		},
		[]string{
			"other/test_other.py#test_call ->",
		})
}
