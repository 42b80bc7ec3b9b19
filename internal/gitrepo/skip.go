package gitrepo

import (
	"bytes"
	"strings"
)

// Reasons a file lgraph would index by its name is skipped for what git
// says of it: its attributes, or its blob being a Git LFS pointer. Counted
// with the path reasons (PathControl...).
const (
	// SkipLFSPointer: the blob is a Git LFS pointer (filter=lfs, or the
	// pointer's form); the content lives on an LFS server lgraph never asks.
	SkipLFSPointer = "lfs_pointer"
	// SkipBinary: the "binary" attribute.
	SkipBinary = "binary"
	// SkipGenerated: linguist-generated, generated code that would crowd
	// the graph with what no one edits.
	SkipGenerated = "generated"
	// SkipVendored: linguist-vendored, someone else's code.
	SkipVendored = "vendored"
)

// SkipReason returns why a path's attributes take it out of the index, or
// "" when they do not.
func (a *Attributes) SkipReason(p string) string {
	at := a.Lookup(p, "filter", "binary", "linguist-generated", "linguist-vendored")
	switch {
	case at["filter"].Value == "lfs":
		return SkipLFSPointer
	case at["binary"].Set:
		return SkipBinary
	case truthy(at["linguist-generated"]):
		return SkipGenerated
	case truthy(at["linguist-vendored"]):
		return SkipVendored
	}
	return ""
}

// truthy reads a linguist attribute as linguist does: set, or set to a
// value other than false.
func truthy(a Attr) bool {
	return a.Set && !strings.EqualFold(a.Value, "false") && a.Value != "0"
}

// lfsVersion opens every Git LFS pointer file (the LFS specification).
const lfsVersion = "version https://git-lfs.github.com/spec/v1\n"

// IsLFSPointer reports whether bytes are a Git LFS pointer: small, the
// version line first, then an oid and a size line.
func IsLFSPointer(data []byte) bool {
	if len(data) > 1024 || !bytes.HasPrefix(data, []byte(lfsVersion)) {
		return false
	}
	return bytes.Contains(data, []byte("\noid sha256:")) && bytes.Contains(data, []byte("\nsize "))
}
