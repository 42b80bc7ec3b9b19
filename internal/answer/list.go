package answer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/errcode"
	"github.com/lgraph/lgraph/internal/lang"
)

// DefaultLimit is how many items a list answer holds when not told: small
// enough that an MCP answer stays under about 20 KB.
const DefaultLimit = 50

// Page selects a window of a list: Limit items (0: all) from Offset.
type Page struct {
	Limit  int
	Offset int
}

// Check returns a usage error for a negative limit or offset.
func (p Page) Check() error {
	if p.Limit < 0 {
		return errcode.New(errcode.Usage, fmt.Errorf("limit %d: want 0 (all) or more", p.Limit))
	}
	if p.Offset < 0 {
		return errcode.New(errcode.Usage, fmt.Errorf("offset %d: want 0 or more", p.Offset))
	}
	return nil
}

// List is how every answer holds a list: the items of the page, how many
// there are in all, whether the page left some out, and if so where the
// next page starts and what to ask for it.
type List[T any] struct {
	Items      []T    `json:"items"`
	Total      int    `json:"total"`
	Offset     int    `json:"offset"`
	Truncated  bool   `json:"truncated"`
	NextOffset *int   `json:"next_offset,omitempty"`
	More       string `json:"more,omitempty"`
}

// Cut returns the page of items.
func Cut[T any](items []T, p Page) List[T] {
	l := List[T]{Total: len(items), Offset: p.Offset}
	start := min(p.Offset, len(items))
	end := len(items)
	if p.Limit > 0 {
		end = min(start+p.Limit, len(items))
	}
	l.Items = append(make([]T, 0, end-start), items[start:end]...)
	if end < len(items) {
		next := end
		l.Truncated, l.NextOffset = true, &next
		l.More = fmt.Sprintf("showing %d-%d of %d: ask again with offset %d for more, or a larger limit", start+1, end, len(items), next)
	} else if start > 0 && start >= len(items) && len(items) > 0 {
		l.More = fmt.Sprintf("offset %d is past the last of %d items", start, len(items))
	}
	return l
}

// Filter narrows list answers: to edges of some kinds, and without test
// files.
type Filter struct {
	// Kinds are the edge kinds to keep (imports, calls, references,
	// extends, implements, contains, implicit); empty keeps all.
	Kinds []string
	// NoTests drops items in test files.
	NoTests bool
}

// ParseKinds reads a comma-separated --kind value.
func ParseKinds(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var kinds []string
	for _, k := range strings.Split(s, ",") {
		k = strings.TrimSpace(k)
		if all := edgekind.All(); !slices.Contains(all, k) {
			return nil, errcode.New(errcode.Usage, fmt.Errorf("kind %q: use one or more of %s, comma-separated", k, strings.Join(all, ", ")))
		}
		kinds = append(kinds, k)
	}
	return kinds, nil
}

// keepKinds returns the kinds of an item the filter keeps (all of them
// when it names none); an empty answer drops the item.
func (f Filter) keepKinds(kinds []string) []string {
	if len(f.Kinds) == 0 {
		return kinds
	}
	var kept []string
	for _, k := range kinds {
		if slices.Contains(f.Kinds, k) {
			kept = append(kept, k)
		}
	}
	return kept
}

func (f Filter) keepPath(p string) bool { return !f.NoTests || !IsTestPath(p) }

// IsTestPath says whether a repo-relative path is a test file (see
// lang.IsTestPath).
func IsTestPath(p string) bool { return lang.IsTestPath(p) }
