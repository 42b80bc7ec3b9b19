package commands

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/lgraph/lgraph/internal/safefile"
	"github.com/lgraph/lgraph/phases/wiki"
)

const insightsStart, insightsEnd = "<!-- lgraph:insights -->", "<!-- /lgraph:insights -->"

// generatedMarker is the first line of every page wiki --out writes: what
// lets a later run tell its own pages (which it may rewrite or delete)
// from a person's files in the same directory (which it never touches).
const generatedMarker = "<!-- lgraph:generated: lgraph wiki --out writes this page; write only between the insights markers -->"

// pageWrite is one page wiki --out will write, with the bytes decided
// before anything is written.
type pageWrite struct {
	name, page string
	changed    bool
}

// planPages decides each page's bytes from what stands at its name under
// d: nothing, or a page lgraph wrote (whose insights block is kept). When
// some name holds anything else (a person's file, a link, a directory),
// it writes nothing and returns one refusal naming them.
func planPages(d *safefile.Dir, pages map[string]string) ([]pageWrite, error) {
	var plan []pageWrite
	var refused []error
	for _, n := range sortedKeys(pages) {
		old, why, err := readOwnPage(d, n)
		if err != nil {
			return nil, err
		}
		if why != nil {
			refused = append(refused, why)
			continue
		}
		page := generatedMarker + "\n" + pages[n]
		if n != wiki.IndexPage {
			page = generated(pages[n], old)
		}
		plan = append(plan, pageWrite{name: n, page: page, changed: old != page})
	}
	if len(refused) > 0 {
		return nil, refusal(refused)
	}
	return plan, nil
}

// readOwnPage is the page lgraph wrote at name under d, "" when nothing
// is there. What stands there otherwise (a person's file, a link, a
// directory) is refused, with an error that names it; err is a failure
// to look.
func readOwnPage(d *safefile.Dir, name string) (old string, refused, err error) {
	fi, err := d.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil, nil
	case errors.Is(err, safefile.ErrSymlink):
		return "", err, nil
	case err != nil:
		return "", nil, err
	case fi.Mode()&fs.ModeSymlink != 0:
		return "", &safefile.SymlinkError{Path: d.Path(name)}, nil
	case !fi.Mode().IsRegular():
		return "", fmt.Errorf("%s is not a regular file", d.Path(name)), nil
	}
	data, err := d.ReadFile(name)
	switch {
	case errors.Is(err, safefile.ErrSymlink): // made a link since
		return "", err, nil
	case err != nil:
		return "", nil, err
	case !strings.HasPrefix(string(data), generatedMarker+"\n"):
		return "", fmt.Errorf("%s was not written by lgraph (its first line is not the lgraph:generated marker)", d.Path(name)), nil
	}
	return string(data), nil, nil
}

// refusedError is the one line that says which files stopped a write and
// what to do (lgraph never overwrites what it did not write); it keeps
// each file's error for errors.Is.
type refusedError struct{ errs []error }

func refusal(errs []error) error { return &refusedError{errs: errs} }

func (e *refusedError) Error() string {
	msgs := make([]string, len(e.errs))
	for i, err := range e.errs {
		msgs[i] = err.Error()
	}
	them := "it"
	if len(e.errs) > 1 {
		them = "them"
	}
	return strings.Join(msgs, "; ") + ": refused; write to another --out directory, or move " + them + " away"
}

func (e *refusedError) Unwrap() []error { return e.errs }

// writePages writes the pages under d whose bytes changed, once none is
// refused (planPages). It returns every page and how many were written.
func writePages(d *safefile.Dir, pages map[string]string) ([]wikiDoc, int, error) {
	plan, err := planPages(d, pages)
	if err != nil {
		return nil, 0, err
	}
	written, changed := make([]wikiDoc, 0, len(plan)), 0
	for _, p := range plan {
		written = append(written, wikiDoc{Module: strings.TrimSuffix(p.name, ".md"), File: d.Path(p.name)})
		if !p.changed {
			continue
		}
		if err := d.WriteFile(p.name, []byte(p.page)); err != nil {
			return nil, changed, err
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

// prunePages deletes the pages under d that lgraph wrote (their first
// line is the marker) for modules that no longer exist, pages of an
// earlier naming in subdirectories included. A page whose insights block
// holds text is kept and named instead: deleting it would lose what a
// person wrote. Links (to files or directories) and files without the
// marker are never touched.
func prunePages(d *safefile.Dir, pages map[string]string) (deleted int, kept []string, err error) {
	kept = []string{}
	err = fs.WalkDir(d.FS(), ".", func(name string, e fs.DirEntry, err error) error {
		if err != nil || !e.Type().IsRegular() || !strings.HasSuffix(name, ".md") {
			return err
		}
		if _, live := pages[name]; live {
			return nil
		}
		data, err := d.ReadFile(name)
		if err != nil || !strings.HasPrefix(string(data), generatedMarker+"\n") {
			return err
		}
		if hasInsights(string(data)) {
			kept = append(kept, d.Path(name))
			return nil
		}
		if err := d.Remove(name); err != nil {
			return err
		}
		deleted++
		// An emptied subdirectory goes too; one holding anything stays.
		for dir := path.Dir(name); dir != "."; dir = path.Dir(dir) {
			if d.Remove(dir) != nil {
				break
			}
		}
		return nil
	})
	if err != nil {
		return deleted, kept, fmt.Errorf("remove the pages of modules that are gone: %w", err)
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
