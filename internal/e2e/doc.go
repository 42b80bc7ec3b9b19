// Package e2e holds lgraph's end-to-end tests: testscript scripts in the
// repository's testdata/script run the real command against real git
// repositories, and the kill tests stop real processes mid-run to check
// that a published graph survives (docs/design.md, invariant 2).
package e2e
