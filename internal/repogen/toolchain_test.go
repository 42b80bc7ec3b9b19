package repogen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// run executes a tool in dir, skipping the test when the tool is missing.
func run(t *testing.T, dir string, env []string, name string, args ...string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s not installed", name)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%s %s: %v\n%s", name, strings.Join(args[:min(len(args), 4)], " "), err, out)
	}
}

// compiled generates a small repository of one language for a toolchain
// check, skipping in -short mode.
func compiled(t *testing.T, lang string, files int) *Repo {
	if testing.Short() {
		t.Skip("compiles generated code; skipped in -short mode")
	}
	return newRepo(t, Options{Files: files, Seed: 51, Languages: []string{lang}})
}

// TestToolchainGo builds the generated Go module.
func TestToolchainGo(t *testing.T) {
	r := compiled(t, LangGo, 120)
	env := []string{"GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off", "GOTOOLCHAIN=local"}
	run(t, r.Dir(), env, "go", "vet", "./...")
}

// TestToolchainJava compiles the generated Java classes.
func TestToolchainJava(t *testing.T) {
	r := compiled(t, LangJava, 60)
	args := append([]string{"-d", t.TempDir(), "-nowarn"}, filesWithExt(r, ".java")...)
	run(t, r.Dir(), nil, "javac", args...)
}

// TestToolchainRust type-checks the generated crate.
func TestToolchainRust(t *testing.T) {
	r := compiled(t, LangRust, 60)
	out := filepath.Join(t.TempDir(), "lib.rmeta")
	run(t, r.Dir(), nil, "rustc", "--edition", "2021", "--crate-type", "lib", "--crate-name", "gen",
		"--emit=metadata", "-A", "warnings", "-o", out, "rust/src/lib.rs")
}

// TestToolchainC checks the syntax and declarations of every .c file.
func TestToolchainC(t *testing.T) {
	r := compiled(t, LangC, 60)
	run(t, r.Dir(), nil, "gcc", append([]string{"-fsyntax-only", "-std=c99", "-Werror=implicit-function-declaration"}, filesWithExt(r, ".c")...)...)
}

// pyImportAll imports every module, which resolves all import statements.
const pyImportAll = `
import importlib, sys
sys.path.insert(0, ".")
for f in sys.argv[1:]:
    importlib.import_module(f[:-3].replace("/", "."))
`

// pyParseAll parses every file.
const pyParseAll = `
import ast, sys
for f in sys.argv[1:]:
    ast.parse(open(f).read(), f)
`

// TestToolchainPython imports the generated modules, then parses them again
// after random commits (when imports may dangle).
func TestToolchainPython(t *testing.T) {
	r := compiled(t, LangPython, 80)
	run(t, r.Dir(), []string{"PYTHONDONTWRITEBYTECODE=1"}, "python3", append([]string{"-c", pyImportAll}, filesWithExt(r, ".py")...)...)
	randomCommits(t, r, 52, 30)
	run(t, r.Dir(), nil, "python3", append([]string{"-c", pyParseAll}, filesWithExt(r, ".py")...)...)
}

// jsParseAll parses every file as an ES module.
const jsParseAll = `
const vm = require("vm"), fs = require("fs");
for (const f of process.argv.slice(2)) new vm.SourceTextModule(fs.readFileSync(f, "utf8"), { identifier: f });
`

// TestToolchainJavaScript links and evaluates the generated ES modules,
// which checks every imported name exists, then parses them again after
// random commits.
func TestToolchainJavaScript(t *testing.T) {
	r := compiled(t, LangJavaScript, 80)
	var imports strings.Builder
	for _, f := range filesWithExt(r, ".js") {
		imports.WriteString("await import(\"./" + f + "\");\n")
	}
	run(t, r.Dir(), nil, "node", "--input-type=module", "-e", imports.String())
	randomCommits(t, r, 53, 30)
	script := filepath.Join(t.TempDir(), "parse.cjs")
	if err := os.WriteFile(script, []byte(jsParseAll), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, r.Dir(), nil, "node", append([]string{"--experimental-vm-modules", "--no-warnings", script}, filesWithExt(r, ".js")...)...)
}
