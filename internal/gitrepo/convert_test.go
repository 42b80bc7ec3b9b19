package gitrepo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// TestAttributesAgreeWithGit: Lookup answers as git check-attr does, with
// deeper files, later lines and the built-in binary macro overriding.
func TestAttributesAgreeWithGit(t *testing.T) {
	r := newRepo(t)
	r.Write(map[string]string{
		".gitattributes":     "* text=auto\n*.py text eol=crlf\n*.png binary\n[attr]gen linguist-generated\ngen/** gen\n*.bin filter=lfs -text\n",
		"sub/.gitattributes": "*.py -text\nkeep.py text eol=lf\n",
		"info.txt":           "x\n",
	})
	r.Commit("attrs")
	paths := []string{"a.py", "sub/b.py", "sub/keep.py", "i.png", "sub/i.png", "gen/x.go", "m.bin", "info.txt", "deep/er/c.py"}
	tree, err := openTree(t, r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		for _, name := range []string{"text", "eol", "filter", "linguist-generated"} {
			git := r.Git("check-attr", name, "--", p)
			want := strings.TrimPrefix(git, p+": "+name+": ")
			got := "unspecified"
			if a, ok := tree.Lookup(p, name)[name]; ok {
				switch {
				case a.Value != "":
					got = a.Value
				case a.Set:
					got = "set"
				case a.Unset:
					got = "unset"
				}
			}
			if got != want {
				t.Errorf("%s %s: got %s, git check-attr says %s", p, name, got, want)
			}
		}
	}
}

func openTree(t *testing.T, dir string) (*Attributes, error) {
	repo, err := Open(dir)
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { repo.Close() })
	h, err := repo.Head()
	if err != nil {
		return nil, err
	}
	tr, err := repo.Tree(h.Commit)
	if err != nil {
		return nil, err
	}
	entries, err := Walk(t.Context(), tr)
	if err != nil {
		return nil, err
	}
	return repo.TreeAttributes(entries)
}

// TestCleanAgreesWithGit: the blob id of Clean's bytes is the id git
// hash-object gives the working file, under attributes and autocrlf.
func TestCleanAgreesWithGit(t *testing.T) {
	for _, autocrlf := range []string{"false", "true", "input"} {
		t.Run("autocrlf="+autocrlf, func(t *testing.T) {
			r := newRepo(t)
			r.Git("config", "core.autocrlf", autocrlf)
			r.Write(map[string]string{".gitattributes": "*.crlf text eol=crlf\n*.raw -text\n*.auto text=auto\n"})
			r.Commit("attrs")
			contents := map[string]string{
				"crlf":   "a\r\nb\r\n",
				"mixed":  "a\r\nb\nc\r\n",
				"lonecr": "a\rb\r\n",
				"nul":    "a\r\n\x00b\r\n",
				"lf":     "a\nb\n",
			}
			repo, err := Open(r.Dir)
			if err != nil {
				t.Fatal(err)
			}
			defer repo.Close()
			conv := repo.NewConversion(repo.WorktreeAttributes([]string{AttributesFile}))
			for _, ext := range []string{"crlf", "raw", "auto", "other"} {
				for name, data := range contents {
					p := name + "." + ext
					if err := os.WriteFile(filepath.Join(r.Dir, p), []byte(data), 0o644); err != nil {
						t.Fatal(err)
					}
					want := r.Git("hash-object", "--path="+p, p)
					got := plumbing.ComputeHash(plumbing.BlobObject, conv.Clean(p, []byte(data))).String()
					if got != want {
						t.Errorf("%s (%q): clean gives %s, git hash-object %s", p, data, got, want)
					}
				}
			}
		})
	}
}
