package accuracy

import (
	"encoding/json"
	"testing"
)

// TestPySiteVerdict: a site jedi answers only from a bundled third-party
// stub counts as one jedi could not resolve (the checkout was shadowed);
// one answered by a stub and a real outside module stays outside.
func TestPySiteVerdict(t *testing.T) {
	for _, c := range []struct{ site, want string }{
		{`{"outside":[{"file":"/j/typeshed/third_party/flask/app.pyi","third_party_stub":true}]}`,
			"jedi: unknown (a third-party stub shadowed the checkout)"},
		{`{"outside":[{"file":"/j/typeshed/third_party/flask/app.pyi","third_party_stub":true},{"file":"/usr/lib/python3.11/os.py"}]}`,
			"jedi: outside the repository"},
		{`{"outside":[{"file":"/usr/lib/python3.11/os.py"}]}`, "jedi: outside the repository"},
		{`{"targets":[{"file":"src/a.py","line":1,"type":"function","name":"f"}]}`, "jedi: a repository definition"},
		{`{}`, "jedi: unknown"},
	} {
		var s pySite
		if err := json.Unmarshal([]byte(c.site), &s); err != nil {
			t.Fatal(err)
		}
		if got := s.verdict(); got != c.want {
			t.Errorf("%s: verdict %q, want %q", c.site, got, c.want)
		}
	}
}
