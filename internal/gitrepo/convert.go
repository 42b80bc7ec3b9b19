package gitrepo

import (
	"bytes"
	"strings"

	"github.com/go-git/go-git/v5/config"
)

// Conversion applies git's clean conversion (gitattributes(5), "text",
// "eol", core.autocrlf): the bytes `git add` would store for a working-tree
// file. Filters (clean/smudge drivers such as LFS) are not run: lgraph
// runs no program of the repository's; for such files callers trust git's
// index stat data, as git itself does for an unchanged file.
type Conversion struct {
	attrs *Attributes
	// autocrlf is core.autocrlf lower-cased: "true", "input" or "false".
	autocrlf string
}

// NewConversion builds the conversion of a working tree whose attributes
// are attrs, under the repository's core.autocrlf (its own config, then the
// user's, as git reads them).
func (r *Repo) NewConversion(attrs *Attributes) *Conversion {
	return &Conversion{attrs: attrs, autocrlf: r.autocrlf()}
}

func (r *Repo) autocrlf() string {
	if cfg, err := r.git.Config(); err == nil && cfg.Raw.Section("core").HasOption("autocrlf") {
		return strings.ToLower(cfg.Raw.Section("core").Option("autocrlf"))
	}
	if cfg, err := config.LoadConfig(config.GlobalScope); err == nil {
		return strings.ToLower(cfg.Raw.Section("core").Option("autocrlf"))
	}
	return ""
}

// textMode is what git's convert.c decides for a path.
type textMode int

const (
	asIs     textMode = iota // binary, -text, or no rule and no autocrlf
	text                     // text or eol set: CRLF becomes LF
	autoText                 // text=auto or autocrlf: CRLF becomes LF unless the bytes look binary
)

func (c *Conversion) mode(p string) (textMode, bool) {
	a := c.attrs.Lookup(p, "text", "eol", "filter")
	if f := a["filter"]; f.Set && f.Value != "" {
		return asIs, true
	}
	t, hasText := a["text"]
	switch {
	case hasText && t.Unset:
		return asIs, false
	case hasText && t.Value == "auto":
		return autoText, false
	case hasText && t.Set:
		return text, false
	}
	if e := a["eol"]; e.Value == "crlf" || e.Value == "lf" {
		return text, false
	}
	if c.autocrlf == "true" || c.autocrlf == "input" {
		return autoText, false
	}
	return asIs, false
}

// Filtered reports whether a filter driver, which lgraph does not run,
// stands between the path's working-tree bytes and its blob.
func (c *Conversion) Filtered(p string) bool {
	_, filtered := c.mode(p)
	return filtered
}

// Converts reports whether the path's bytes may change on their way into
// git, so that a file whose raw bytes differ from the blob may still hold it.
func (c *Conversion) Converts(p string) bool {
	m, _ := c.mode(p)
	return m != asIs
}

// Clean returns the bytes git stores for a working-tree file's bytes (data
// itself when nothing converts).
func (c *Conversion) Clean(p string, data []byte) []byte {
	m, _ := c.mode(p)
	if m == asIs || !bytes.Contains(data, []byte("\r\n")) {
		return data
	}
	if m == autoText && looksBinary(data) {
		return data
	}
	return bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
}

// looksBinary is git's "auto" test of text (convert.c, gather_stats): a NUL
// byte, or a lone CR, marks the file as binary and it is stored as is.
func looksBinary(data []byte) bool {
	if bytes.IndexByte(data, 0) >= 0 {
		return true
	}
	return bytes.Count(data, []byte("\r")) != bytes.Count(data, []byte("\r\n"))
}
