package repomap

import (
	"fmt"
	"strings"
)

// Text renders a map as the CLI prints it.
func Text(a *Answer) string {
	var w strings.Builder
	for _, f := range a.Files {
		fmt.Fprintf(&w, "%s:\n", f.Path)
		for _, d := range f.Defs {
			sig := d.Signature
			if sig == "" {
				sig = d.Kind + " " + d.Name
			}
			fmt.Fprintf(&w, "%5d  %s%s\n", d.Line, strings.Repeat("  ", strings.Count(d.Name, ".")), sig)
		}
	}
	for _, m := range a.Modules {
		fmt.Fprintf(&w, "%s  (%d files)  %s\n", m.Module, m.Files, strings.Join(m.Top, ", "))
	}
	what := "definitions"
	if a.Level == "module" {
		what = "modules"
	}
	if a.Shown < a.Total {
		fmt.Fprintf(&w, "shown %d of %d %s, best ranked first (raise --tokens for more)\n", a.Shown, a.Total, what)
	}
	fmt.Fprintf(&w, "tokens: %d of %d (%s)\n", a.Budget.Used, a.Budget.Tokens, a.Budget.Encoding)
	return w.String()
}
