package golang

import (
	"bufio"
	"bytes"
	"strings"

	"github.com/lgraph/lgraph/internal/lang"
)

// project reads the module path each go.mod declares, by directory.
type project struct{ modules map[string]string }

func newProject(lang.ProjectInput) lang.ProjectReader {
	return &project{modules: map[string]string{}}
}

// Read takes a go.mod.
func (r *project) Read(p string, data []byte) {
	if m := modulePath(data); m != "" {
		r.modules[lang.ProjectDir(p)] = m
	}
}

// Finish writes Project.GoModules.
func (r *project) Finish(pr *lang.Project) { pr.GoModules = r.modules }

func modulePath(data []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}
