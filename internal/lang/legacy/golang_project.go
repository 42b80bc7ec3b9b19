package legacy

import (
	"bufio"
	"bytes"
	"strings"

	"github.com/lgraph/lgraph/internal/lang"
)

// goProject reads the module path each go.mod declares, by directory.
type goProject struct{ modules map[string]string }

func newGoProject(lang.ProjectInput) lang.ProjectReader {
	return &goProject{modules: map[string]string{}}
}

// Read takes a go.mod.
func (r *goProject) Read(p string, data []byte) {
	if m := goModulePath(data); m != "" {
		r.modules[lang.ProjectDir(p)] = m
	}
}

// Finish writes Project.GoModules.
func (r *goProject) Finish(pr *lang.Project) { pr.GoModules = r.modules }

func goModulePath(data []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}
