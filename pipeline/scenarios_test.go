package pipeline_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/gittest"
	"github.com/lgraph/lgraph/internal/lgtest"
)

// baseFiles is a small four-language repository with cross-file imports and calls.
var baseFiles = map[string]string{
	"go.mod":                           "module ex.com/m\n\ngo 1.22\n",
	"svc/svc.go":                       "package svc\n\n// Run runs.\nfunc Run() { Helper() }\n",
	"svc/helper.go":                    "package svc\n\nfunc Helper() {}\n",
	"cmd/main.go":                      "package main\n\nimport \"ex.com/m/svc\"\n\nfunc main() { svc.Run() }\n",
	"app/__init__.py":                  "",
	"app/util.py":                      "def helper():\n    return 1\n\n\ndef fmt(x):\n    return str(x)\n",
	"app/main.py":                      "from app.util import helper\nfrom . import util\n\n\ndef run():\n    helper()\n    util.fmt(1)\n",
	"app/models.py":                    "class Base:\n    def validate(self):\n        pass\n\n\nclass User(Base):\n    def save(self):\n        self.validate()\n",
	"web/util.ts":                      "export function format(s: string): string { return s }\n",
	"web/index.ts":                     "import { format } from './util'\n\nexport function main() { format('x') }\n",
	"web/api.ts":                       "import * as u from './util'\n\nexport function call() { u.format('y') }\n",
	"web/legacy.js":                    "const u = require('./util')\n\nfunction old() { return u.format('z') }\n",
	"src/main/java/com/ex/A.java":      "package com.ex;\n\nimport com.ex.util.B;\n\npublic class A {\n  void f() { B.g(); }\n}\n",
	"src/main/java/com/ex/util/B.java": "package com.ex.util;\n\npublic class B {\n  public static void g() {}\n}\n",
}

func callers(n int) map[string]string {
	files := map[string]string{}
	for i := 1; i <= n; i++ {
		files[fmt.Sprintf("app/c%d.py", i)] = "from app.util import helper\n\n\ndef use():\n    return helper()\n"
	}
	return files
}

type step struct {
	name   string
	change func(r *gittest.Repo)
	want   []string // substrings of export lines that must be present
	absent []string // substrings that must not be present
}

func scenarioSteps() []step {
	return []step{
		{name: "five callers", change: func(r *gittest.Repo) { r.Write(callers(5)) },
			want: []string{`"source":"sym:app/c5.py#use","target":"sym:app/util.py#helper","kind":"calls"`}},
		{name: "rename a function called from five files", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"app/util.py": strings.Replace(r.Read("app/util.py"), "def helper", "def assist", 1)})
		}, absent: []string{`"target":"sym:app/util.py#helper"`}},
		{name: "add the name back as a second definition elsewhere", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"app/other.py": "def helper():\n    return 2\n", "app/more.py": "def helper():\n    return 3\n",
				"app/c1.py": "from app.more import helper\n\n\ndef use():\n    return helper()\n"})
		}, want: []string{`"source":"sym:app/c1.py#use","target":"sym:app/more.py#helper"`},
			// c2 imports helper from app.util, which no longer defines it: a
			// same-named definition elsewhere is not what Python would call.
			absent: []string{`"source":"sym:app/c2.py#use","target":"sym:app/other.py#helper"`, `"source":"sym:app/c2.py#use","target":"sym:app/more.py#helper"`}},
		{name: "delete a definition so callers become unresolved", change: func(r *gittest.Repo) {
			r.Remove("app/more.py", "app/other.py")
		}, absent: []string{`#helper"`}},
		{name: "add it back in another file, re-exported by the module callers import", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"app/zeta.py": "def helper():\n    return 4\n",
				"app/util.py": "from app.zeta import helper\n\n\n" + r.Read("app/util.py")})
		}, want: []string{`"source":"sym:app/c2.py#use","target":"sym:app/zeta.py#helper"`}},
		{name: "rename a file that others import", change: func(r *gittest.Repo) { r.Move("web/util.ts", "web/utils.ts") },
			absent: []string{`"target":"file:web/util.ts"`}},
		{name: "delete a file others depend on", change: func(r *gittest.Repo) { r.Remove("svc/helper.go") },
			absent: []string{`svc/helper.go`}},
		{name: "edit", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"svc/svc.go": "package svc\n\nfunc Run() { Other() }\n\nfunc Other() {}\n"})
		}, want: []string{`"source":"sym:svc/svc.go#Run","target":"sym:svc/svc.go#Other","kind":"calls"`}},
		{name: "revert", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"svc/svc.go": baseFiles["svc/svc.go"], "svc/helper.go": baseFiles["svc/helper.go"]})
		}, want: []string{`"source":"sym:svc/svc.go#Run","target":"sym:svc/helper.go#Helper","kind":"calls"`}},
		{name: "move a function between files", change: func(r *gittest.Repo) {
			r.Write(map[string]string{
				"app/util.py":   "def assist():\n    return 1\n",
				"app/models.py": r.Read("app/models.py") + "\n\ndef fmt(x):\n    return str(x)\n",
			})
		}, absent: []string{`"target":"sym:app/util.py#fmt"`}},
		{name: "split one module into two", change: func(r *gittest.Repo) {
			r.Remove("app/models.py")
			r.Write(map[string]string{
				"app/base.py": "class Base:\n    def validate(self):\n        pass\n",
				"app/user.py": "from app.base import Base\n\n\nclass User(Base):\n    def save(self):\n        self.validate()\n",
			})
		}, want: []string{`"source":"sym:app/user.py#User","target":"sym:app/base.py#Base","kind":"extends"`}},
		{name: "whitespace and comment only", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"app/main.py": "# entry point\n" + strings.ReplaceAll(r.Read("app/main.py"), "\n\n\n", "\n\n\n\n")})
		}},
		{name: "rename .js to .ts", change: func(r *gittest.Repo) { r.Move("web/legacy.js", "web/legacy.ts") },
			want: []string{`"id":"file:web/legacy.ts","kind":"file","path":"web/legacy.ts","name":"legacy.ts","lang":"typescript"`}},
		{name: "case-only rename", change: func(r *gittest.Repo) { r.Move("web/api.ts", "web/API.ts") },
			want: []string{`file:web/API.ts`}, absent: []string{`file:web/api.ts`}},
		{name: "two files share an environment variable", change: func(r *gittest.Repo) {
			r.Write(map[string]string{
				"svc/db.go":     "package svc\n\nimport \"os\"\n\nfunc DSN() string { return os.Getenv(\"DATABASE_URL\") }\n",
				"app/config.py": "import os\n\nURL = os.environ[\"DATABASE_URL\"]\n",
			})
		}, want: []string{`"source":"file:app/config.py","target":"file:svc/db.go","kind":"implicit","via":"env:DATABASE_URL"`}},
		{name: "a third file joins the key and a route appears on both sides", change: func(r *gittest.Repo) {
			r.Write(map[string]string{
				"web/env.ts":  "export const url = process.env.DATABASE_URL\nexport async function load() { return fetch(`/users/${id}`) }\n",
				"app/main.py": r.Read("app/main.py") + "\n\n@app.route('/users/<id>')\ndef user(id):\n    pass\n",
			})
		}, want: []string{`"source":"file:svc/db.go","target":"file:web/env.ts","kind":"implicit","via":"env:DATABASE_URL"`,
			`"source":"file:web/env.ts","target":"file:app/main.py","kind":"implicit","via":"route:/users/{}"`}},
		{name: "one side of a key goes away", change: func(r *gittest.Repo) { r.Remove("app/config.py", "web/env.ts") },
			absent: []string{`"kind":"implicit","via":"env:DATABASE_URL"`}},
		{name: "a workspace package imported by its name", change: func(r *gittest.Repo) {
			r.Write(map[string]string{
				"packages/core/package.json": `{"name": "@acme/core", "main": "dist/index.js", "exports": {".": {"types": "./dist/index.d.ts", "default": "./dist/index.js"}, "./util": "./dist/util.js"}}`,
				"packages/core/src/index.ts": "export function core(): number { return 1 }\n",
				"packages/core/src/util.ts":  "export function pad(s: string): string { return s }\n",
				"packages/ui/package.json":   `{"name": "@acme/ui", "dependencies": {"@acme/core": "workspace:*"}}`,
				"packages/ui/src/view.ts":    "import { core } from '@acme/core'\nimport { pad } from '@acme/core/util'\n\nexport function view() { return pad(String(core())) }\n",
			})
		}, want: []string{`"source":"sym:packages/ui/src/view.ts#view","target":"sym:packages/core/src/index.ts#core","kind":"calls"`,
			`"source":"sym:packages/ui/src/view.ts#view","target":"sym:packages/core/src/util.ts#pad","kind":"calls"`}},
		{name: "the workspace package renamed in its package.json", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"packages/core/package.json": `{"name": "@acme/kernel", "main": "dist/index.js"}`})
		}, absent: []string{`"source":"sym:packages/ui/src/view.ts#view","target":"sym:packages/core/src/index.ts#core"`,
			`"source":"sym:packages/ui/src/view.ts#view","target":"sym:packages/core/src/util.ts#pad"`}},
		{name: "an alias a package's tsconfig inherits from the base it extends", change: func(r *gittest.Repo) {
			r.Write(map[string]string{
				"tsconfig.base.json":   `{"compilerOptions": {"baseUrl": ".", "paths": {"@lib/*": ["libs/*"]}}}`,
				"apps/x/tsconfig.json": `{"extends": "../../tsconfig.base.json", "compilerOptions": {"strict": true}}`,
				"libs/fmt.ts":          "export function fmt(n: number): string { return String(n) }\n",
				"apps/x/src/main.ts":   "import { fmt } from '@lib/fmt'\n\nexport function main() { return fmt(1) }\n",
			})
		}, want: []string{`"source":"sym:apps/x/src/main.ts#main","target":"sym:libs/fmt.ts#fmt","kind":"calls"`}},
		{name: "the base config's alias moved", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"tsconfig.base.json": `{"compilerOptions": {"baseUrl": ".", "paths": {"@shared/*": ["libs/*"]}}}`})
		}, absent: []string{`"source":"sym:apps/x/src/main.ts#main","target":"sym:libs/fmt.ts#fmt"`}},
		{name: "a commit touching more than half the files", change: func(r *gittest.Repo) {
			for _, p := range strings.Split(r.Git("ls-files"), "\n") {
				if strings.HasSuffix(p, ".py") || strings.HasSuffix(p, ".ts") {
					r.Write(map[string]string{p: r.Read(p) + "\n# touched\n"})
				}
			}
			r.Write(map[string]string{"app/late.py": "from app.zeta import helper\n\n\ndef late():\n    helper()\n"})
		}},
	}
}

// indexedRepo commits files as "base" in a new repository and inits an
// index of it: where a replay test starts.
func indexedRepo(t *testing.T, files map[string]string) (*gittest.Repo, *lgtest.Indexer) {
	t.Helper()
	r := gittest.New(t)
	r.Write(files)
	r.Commit("base")
	inc := lgtest.New(t, r.Dir)
	inc.MustRun(t, "init", false)
	return r, inc
}

// converge folds each step in with a commit and update, and checks after
// each that update's export equals init's on a fresh store and holds the
// step's wanted lines and none of its absent ones.
func converge(t *testing.T, r *gittest.Repo, inc *lgtest.Indexer, steps []step) {
	t.Helper()
	for _, s := range steps {
		s.change(r)
		r.Commit(s.name)
		inc.MustRun(t, "update", false)
		got := inc.Export(t, "main")
		fresh := lgtest.New(t, r.Dir)
		fresh.MustRun(t, "init", false)
		if diff := cmp.Diff(fresh.Export(t, "main"), got); diff != "" {
			t.Fatalf("after %q: update export differs from init (-init +update):\n%s", s.name, diff)
		}
		for _, w := range s.want {
			if !strings.Contains(got, w) {
				t.Errorf("after %q: export lacks %s", s.name, w)
			}
		}
		for _, a := range s.absent {
			if strings.Contains(got, a) {
				t.Errorf("after %q: export still has %s", s.name, a)
			}
		}
	}
}

// TestScenariosConverge folds scripted commits in with update and checks
// after each that the export equals init's on a fresh store.
func TestScenariosConverge(t *testing.T) {
	r, inc := indexedRepo(t, baseFiles)
	converge(t, r, inc, scenarioSteps())
}
