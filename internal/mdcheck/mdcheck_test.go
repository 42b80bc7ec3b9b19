package mdcheck

import (
	"slices"
	"testing"
)

func TestRawHTML(t *testing.T) {
	for _, tc := range []struct {
		page string
		want []string
	}{
		{"# T\n\nPlain `<img src=x>` and &lt;b&gt;.\n", nil},
		{"<!-- lgraph:generated: lgraph wiki --out writes this page -->\n# T\n", nil},
		{"| a | b |\n|---|---|\n| `x\\|y` | [l](p.md) |\n", nil},
		{"Text <img src=x onerror=alert(1)> here.\n", []string{"<img"}},
		{"| a |\n|---|\n| `x`<script>y |\n", []string{"<script"}},
		{"<!-- hide -->\n", []string{"<!-- hide -->"}},
	} {
		got, err := RawHTML([]byte(tc.page))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("RawHTML(%q) = %q, want %q", tc.page, got, tc.want)
		}
	}
}
