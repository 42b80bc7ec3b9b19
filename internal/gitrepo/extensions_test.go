package gitrepo

import (
	"errors"
	"strings"
	"testing"
)

// TestOpenExtensions: the extensions that change nothing a reader reads
// open (in either spelling git accepts), SHA-256 and unknown extensions
// are refused by name.
func TestOpenExtensions(t *testing.T) {
	cases := []struct {
		key, value string
		format     string
		want       string // "" opens; else a substring of the error
	}{
		{"extensions.worktreeConfig", "true", "0", ""},
		{"extensions.worktreeconfig", "true", "1", ""},
		{"extensions.partialClone", "origin", "1", ""},
		{"extensions.preciousObjects", "true", "0", ""},
		{"extensions.objectFormat", "sha1", "1", ""},
		{"extensions.objectFormat", "sha256", "1", "SHA-256 repositories"},
		{"extensions.refStorage", "reftable", "1", "extension refStorage = reftable is not supported"},
	}
	for _, c := range cases {
		t.Run(c.key+"="+c.value, func(t *testing.T) {
			r := newRepo(t)
			r.Write(map[string]string{"a.go": "package a\n"})
			r.Commit("base")
			r.Git("config", "core.repositoryFormatVersion", c.format)
			r.Git("config", c.key, c.value)
			repo, err := Open(r.Dir)
			if c.want == "" {
				if err != nil {
					t.Fatalf("open: %v", err)
				}
				defer repo.Close()
				if _, err := repo.Head(); err != nil {
					t.Fatalf("head: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("open: %v, want an error saying %q", err, c.want)
			}
			if c.value == "sha256" && !errors.Is(err, ErrSHA256) {
				t.Fatalf("open: %v is not ErrSHA256", err)
			}
		})
	}
}
