package python

import "github.com/lgraph/lgraph/internal/facts"

// pytest's own fixtures, which no conftest.py of the repository defines:
// a test's parameter of such a name holds a value of pytest's public API
// or of the standard library. Typed, a call on it resolves where the
// repository indexes that type (pytest's own tree) and is known to be an
// outside call everywhere else, rather than an unresolved site.

// pluginFixtures maps the name of each fixture pytest (7 and 8) provides
// to the chain of its value, as pytest's documentation types it.
var pluginFixtures = map[string]string{
	"tmp_path":          facts.Imported("pathlib", "Path"),
	"tmp_path_factory":  facts.Imported("pytest", "TempPathFactory"),
	"tmpdir":            facts.Imported("py.path", "local"),
	"tmpdir_factory":    facts.Imported("pytest", "TempdirFactory"),
	"monkeypatch":       facts.Imported("pytest", "MonkeyPatch"),
	"capsys":            facts.Imported("pytest", "CaptureFixture"),
	"capsysbinary":      facts.Imported("pytest", "CaptureFixture"),
	"capfd":             facts.Imported("pytest", "CaptureFixture"),
	"capfdbinary":       facts.Imported("pytest", "CaptureFixture"),
	"caplog":            facts.Imported("pytest", "LogCaptureFixture"),
	"request":           facts.Imported("pytest", "FixtureRequest"),
	"pytestconfig":      facts.Imported("pytest", "Config"),
	"recwarn":           facts.Imported("pytest", "WarningsRecorder"),
	"cache":             facts.Imported("pytest", "Cache"),
	"pytester":          facts.Imported("pytest", "Pytester"),
	"testdir":           facts.Imported("pytest", "Testdir"),
	"doctest_namespace": facts.NotRepo, // a dict
	// Functions pytest passes: calling one calls into pytest.
	"record_property":           facts.NotRepo,
	"record_xml_attribute":      facts.NotRepo,
	"record_testsuite_property": facts.NotRepo,
}

// pluginFixture is Traits.InjectedDefault: the chain of the value of a
// fixture pytest itself provides.
func pluginFixture(name string) (string, bool) {
	chain, ok := pluginFixtures[name]
	return chain, ok
}
