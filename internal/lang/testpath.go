package lang

import (
	"path"
	"strings"
)

// IsTestPath says whether a repo-relative path is a test file by the
// conventions of the languages lgraph reads: Go _test.go, Python test_*.py
// and *_test.py, JS/TS *.test.* and *.spec.*, Java/C#/Kotlin *Test(s),
// Ruby *_spec.rb, and anything under a test, tests, __tests__, spec or
// testdata directory.
func IsTestPath(p string) bool {
	for _, dir := range strings.Split(path.Dir(p), "/") {
		switch dir {
		case "test", "tests", "__tests__", "spec", "testdata":
			return true
		}
	}
	base := path.Base(p)
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	switch {
	case strings.HasSuffix(stem, "_test"), strings.HasSuffix(stem, "_spec"):
		return true
	case ext == ".py" && strings.HasPrefix(stem, "test_"):
		return true
	case strings.HasSuffix(stem, ".test"), strings.HasSuffix(stem, ".spec"):
		return true
	case (ext == ".java" || ext == ".cs" || ext == ".kt") && (strings.HasSuffix(stem, "Test") || strings.HasSuffix(stem, "Tests")):
		return true
	}
	return false
}
