package commands

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/phases/wiki"
)

const insightsStart, insightsEnd = "<!-- lgraph:insights -->", "<!-- /lgraph:insights -->"

// generatedMarker is the first line of every page wiki --out writes: what
// lets a later run tell its own pages (which it may delete) from a
// person's files in the same directory (which it never touches).
const generatedMarker = "<!-- lgraph:generated: lgraph wiki --out writes this page; write only between the insights markers -->"

// writePages writes each page under out whose bytes differ from what is
// there, keeping the insights block of a page already written.
func writePages(out string, pages map[string]string) ([]wikiDoc, int, error) {
	names := make([]string, 0, len(pages))
	for n := range pages {
		names = append(names, n)
	}
	sort.Strings(names)
	written, changed := []wikiDoc{}, 0
	for _, n := range names {
		if !filepath.IsLocal(filepath.FromSlash(n)) {
			// A crafted tree may name a directory "..": never write outside --out.
			return nil, 0, fmt.Errorf("wiki --out %s: page %q would be written outside the directory: refused", out, n)
		}
		name := filepath.Join(out, filepath.FromSlash(n))
		old, err := os.ReadFile(name)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, 0, fmt.Errorf("wiki --out %s: %w", out, err)
		}
		page := generatedMarker + "\n" + pages[n]
		if n != wiki.IndexPage {
			page = generated(pages[n], string(old))
		}
		written = append(written, wikiDoc{Module: strings.TrimSuffix(n, ".md"), File: name})
		if err == nil && string(old) == page {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return nil, 0, fmt.Errorf("wiki --out %s: %w", out, err)
		}
		if err := os.WriteFile(name, []byte(page), 0o644); err != nil {
			return nil, 0, fmt.Errorf("wiki --out %s: %w", out, err)
		}
		changed++
	}
	return written, changed, nil
}

// generated is a module page as written: the marker line, the doc, and
// the insights block of the page written before (lgraph never writes
// inside it), or an empty block to fill.
func generated(doc, old string) string {
	block := insightsStart + "\n" + insightsEnd + "\n"
	if i := strings.Index(old, insightsStart); i >= 0 {
		if j := strings.Index(old[i:], insightsEnd); j >= 0 {
			block = old[i:i+j+len(insightsEnd)] + "\n"
		}
	}
	return generatedMarker + "\n" + doc + "\n## Insights\n\n" + block
}

// prunePages deletes the pages under out that lgraph wrote (their first
// line is the marker) for modules that no longer exist. A page whose
// insights block holds text is kept and named instead: deleting it would
// lose what a person wrote. Symbolic links and files without the marker
// are never touched.
func prunePages(out string, pages map[string]string) (deleted int, kept []string, err error) {
	kept = []string{}
	err = filepath.WalkDir(out, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() || !strings.HasSuffix(name, ".md") {
			return nil
		}
		rel, err := filepath.Rel(out, name)
		if err != nil {
			return err
		}
		if _, live := pages[filepath.ToSlash(rel)]; live {
			return nil
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		page := string(data)
		if !strings.HasPrefix(page, generatedMarker+"\n") {
			return nil
		}
		if hasInsights(page) {
			kept = append(kept, name)
			return nil
		}
		if err := os.Remove(name); err != nil {
			return err
		}
		deleted++
		// An emptied subdirectory goes too; one holding anything stays.
		for dir := filepath.Dir(name); dir != filepath.Clean(out); dir = filepath.Dir(dir) {
			if os.Remove(dir) != nil {
				break
			}
		}
		return nil
	})
	if err != nil {
		return deleted, kept, fmt.Errorf("wiki --out %s: remove the pages of modules that are gone: %w", out, err)
	}
	return deleted, kept, nil
}

// hasInsights reports whether a page's insights block holds any text.
func hasInsights(page string) bool {
	i := strings.Index(page, insightsStart)
	if i < 0 {
		return false
	}
	rest := page[i+len(insightsStart):]
	j := strings.Index(rest, insightsEnd)
	return j < 0 || strings.TrimSpace(rest[:j]) != ""
}
