package accuracy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// jsCorpora are JavaScript framework packages, as npm publishes them (the
// tarballs .ci/run unpacks), measured against the checker of
// typescript@tsVersion reading them as checkJs does (tstruth/truth.js).
// The checker leaves most calls on untyped JavaScript values unanswered,
// so the floors are on precision where it answers (measureTS) and on
// recall, set about 3 points under what was measured (in the comments;
// docs/measurements.md, "JavaScript frameworks against the TypeScript
// checker"). Raise them when the extractor or resolver improves.
var jsCorpora = []struct {
	pkg, version     string
	srcs             []string
	answered, recall float64
}{
	{"fastify", "5.12.8", []string{"fastify.js", "lib"}, 0.96, 0.96}, // 0.987 (296/300), 0.997 (296/297)
	{"@hapi/hapi", "21.4.13", []string{"lib"}, 0.96, 0.93},           // 0.994 (161/162), 0.964 (161/167)
	{"mongoose", "9.13.2", []string{"lib"}, 0.96, 0.95},              // 0.989 (1972/1993), 0.978 (1972/2016); 0.961 before re-exported members and named function expressions calling themselves
}

// TestJSCallAccuracy measures lgraph's JavaScript calls edges against
// the TypeScript checker on framework code: CommonJS modules, prototype
// and member assignments, module-level objects of functions.
func TestJSCallAccuracy(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the TypeScript checker on real packages")
	}
	npm := tsRequire(t)
	for _, c := range jsCorpora {
		t.Run(c.pkg, func(t *testing.T) {
			t.Parallel()
			dir := jsPackDir(c.pkg, c.version)
			if _, err := os.Stat(filepath.Join(dir, "package.json")); err != nil {
				t.Skipf("%s@%s is not unpacked in %s: run .ci/run's `npm pack` step", c.pkg, c.version, dir)
			}
			start := time.Now()
			repo, files := copyTree(t, dir, isJSFile, "package.json", c.srcs...)
			m := measureTSRepo(t, npm, repo.Dir, files, "")
			t.Logf("%s@%s: %d files, %v", c.pkg, c.version, len(files), time.Since(start).Round(time.Millisecond))
			if p := m.answered.precision(); p < c.answered {
				t.Errorf("precision where the checker answers %.3f below floor %.2f", p, c.answered)
			}
			if r := m.score.recall(); r < c.recall {
				t.Errorf("recall %.3f below floor %.2f", r, c.recall)
			}
		})
	}
}

// jsPackDir is where .ci/run unpacks a package's npm tarball: beside the
// TypeScript measurements' npm directory, named as npm names the tarball.
func jsPackDir(pkg, version string) string {
	name := strings.ReplaceAll(strings.TrimPrefix(pkg, "@"), "/", "-") + "-" + version
	return filepath.Join(filepath.Dir(tsNPMDir()), "jspack", name, "package")
}

func isJSFile(p string) bool {
	return strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".cjs") || strings.HasSuffix(p, ".mjs") || strings.HasSuffix(p, ".jsx")
}
