package answer_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/lgraph/lgraph/internal/answer"
	"github.com/lgraph/lgraph/internal/errcode"
	"github.com/lgraph/lgraph/internal/query"
)

// TestSchemaAcceptsAnswers checks answers built by this package against
// the schema, and that the schema rejects what the shape forbids.
func TestSchemaAcceptsAnswers(t *testing.T) {
	deps := answer.ShapeDeps(query.DepsResult{File: query.NodeRef{ID: "file:a.go", Kind: "file", Name: "a.go", Path: "a.go"}, Direction: "deps",
		Files: []query.FileDep{{Path: "b.go", Kinds: []string{"imports"}}, {Path: "c.go", Kinds: []string{"calls"}}}}, answer.Filter{}, answer.Page{Limit: 1})
	good, err := jsonOf(answer.Success(deps, nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := answer.Validate(good, "deps"); err != nil {
		t.Errorf("a deps answer: %v\n%s", err, good)
	}
	bad, _ := jsonOf(answer.Failure(errcode.New(errcode.NotFound, errors.New("no file")), nil))
	if err := answer.Validate(bad, ""); err != nil {
		t.Errorf("a failure: %v\n%s", err, bad)
	}
	for name, doc := range map[string]string{
		"error on success":        `{"ok":true,"result":1,"error":{"code":"usage","message":"x"},"freshness":null}`,
		"no error on failure":     `{"ok":false,"result":null,"error":null,"freshness":null}`,
		"missing freshness":       `{"ok":true,"result":1,"error":null}`,
		"unknown code":            `{"ok":false,"result":null,"error":{"code":"oops","message":"x"},"freshness":null}`,
		"items without total":     `{"ok":true,"result":{"items":[]},"error":null,"freshness":null}`,
		"nested list, no offset":  `{"ok":true,"result":{"in":{"items":[],"total":0,"truncated":false}},"error":null,"freshness":null}`,
		"extra envelope property": `{"ok":true,"result":1,"error":null,"freshness":null,"files":[]}`,
	} {
		if err := answer.Validate([]byte(doc), ""); err == nil {
			t.Errorf("%s: accepted %s", name, doc)
		}
	}
	if err := answer.Validate([]byte(strings.Replace(string(good), `"direction":"deps"`, `"direction":"sideways"`, 1)), "deps"); err == nil {
		t.Errorf("a deps result with a bad direction was accepted")
	}
}

func TestIsTestPath(t *testing.T) {
	for p, want := range map[string]bool{
		"pkg/a_test.go": true, "pkg/a.go": false, "app/test_util.py": true, "app/util_test.py": true, "app/testing.py": false,
		"web/a.test.ts": true, "web/a.spec.js": true, "src/test/java/FooTest.java": true, "src/main/java/Foo.java": false,
		"src/main/java/FooTests.java": true, "tests/conftest.py": true, "spec/a_spec.rb": true, "lib/contest.rb": false,
	} {
		if got := answer.IsTestPath(p); got != want {
			t.Errorf("IsTestPath(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestCut(t *testing.T) {
	items := []int{1, 2, 3, 4, 5}
	l := answer.Cut(items, answer.Page{Limit: 2, Offset: 2})
	if len(l.Items) != 2 || l.Items[0] != 3 || !l.Truncated || *l.NextOffset != 4 || l.Total != 5 {
		t.Errorf("Cut(limit 2, offset 2) = %+v", l)
	}
	l = answer.Cut(items, answer.Page{Limit: 0, Offset: 4})
	if len(l.Items) != 1 || l.Truncated || l.NextOffset != nil {
		t.Errorf("Cut(all from 4) = %+v", l)
	}
	l = answer.Cut(items, answer.Page{Limit: 3, Offset: 9})
	if len(l.Items) != 0 || l.Items == nil || l.Truncated || !strings.Contains(l.More, "past the last") {
		t.Errorf("Cut(past the end) = %+v", l)
	}
}

func TestFailureBoundsCandidates(t *testing.T) {
	ids := make([]string, 50)
	for i := range ids {
		ids[i] = "sym:a.go#F~" + string(rune('a'+i%26))
	}
	env := answer.Failure(&query.AmbiguousError{Name: "F", Candidates: ids}, nil)
	if env.Error.Code != errcode.Ambiguous || len(env.Error.Candidates) != answer.MaxCandidates || env.Error.Candidates[0] != ids[0] {
		t.Errorf("failure of a 50-way ambiguity: %+v", env.Error)
	}
}
