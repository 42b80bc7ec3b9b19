package e2e

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/lgraph/lgraph/internal/mdcheck"
)

// cmdMDInert renders each markdown page (each FILE, or each .md file
// under a DIR) as GitHub does and fails when one holds HTML the page
// carried itself (a tag markdown does not write, or a comment other than
// lgraph's markers). Usage: md-inert FILE|DIR...
func cmdMDInert(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) == 0 {
		ts.Fatalf("usage: md-inert FILE|DIR...")
	}
	var pages []string
	for _, a := range args {
		ts.Check(filepath.WalkDir(ts.MkAbs(a), func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() && (p == ts.MkAbs(a) || strings.HasSuffix(p, ".md")) {
				pages = append(pages, p)
			}
			return err
		}))
	}
	inert := true
	for _, p := range pages {
		page, err := os.ReadFile(p)
		ts.Check(err)
		raw, err := mdcheck.RawHTML(page)
		ts.Check(err)
		if len(raw) > 0 {
			ts.Logf("%s renders raw HTML %q", p, raw)
			inert = false
		}
	}
	if len(pages) == 0 || inert == neg {
		ts.Fatalf("md-inert: %d pages, inert: %v", len(pages), inert)
	}
}
