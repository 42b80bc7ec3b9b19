// Package js reads JavaScript, TypeScript and TSX, which share one
// extractor (the grammars name the JavaScript subset alike; the
// TypeScript-only nodes never occur in JavaScript): a file's facts, the
// module keys a file answers to, what an import specifier may mean, and
// the package.json, tsconfig.json and jsconfig.json files that steer it.
package js

import (
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// JavaScript returns JavaScript (with JSX).
func JavaScript() lang.Language { return javascript }

// TypeScript returns TypeScript.
func TypeScript() lang.Language { return typescript }

// TSX returns TypeScript with JSX: the TypeScript extractor over the TSX
// grammar and its table.
func TSX() lang.Language { return tsx }

// language is one of the three; they differ in their grammar only.
type language struct{ grammar *syntax.Grammar }

var (
	javascript = language{&syntax.Grammar{Name: lang.JavaScript, Language: javascriptLanguage, Extract: extractWith(tableJS)}}
	typescript = language{&syntax.Grammar{Name: lang.TypeScript, Language: typescriptLanguage, Extract: extractWith(tableTS), Repair: tsRepair}}
	tsx        = language{&syntax.Grammar{Name: lang.TSX, Language: tsxLanguage, Extract: extractWith(tableTSX), Repair: tsRepair}}
)

// traits are the rules resolution follows in JavaScript and TypeScript: a
// name is in scope only where it is defined or imported; a call may land
// on a constant or field that holds the function; a type alias has the
// members of the type it names.
var traits = lang.Traits{CallableValues: true, AliasMembers: true}

func (l language) Name() string                    { return l.grammar.Name }
func (l language) NewParser() (lang.Parser, error) { return l.grammar.NewParser() }
func (language) Traits() *lang.Traits              { return &traits }

func (language) ModuleKeys(p string, f *facts.File, pr *lang.Project) []string {
	return moduleKeys(p, f, pr)
}

func (language) ImportCandidates(imp facts.Import, from string, pr *lang.Project) []string {
	return importCandidates(imp, from, pr)
}

func (language) NewProjectReader(in lang.ProjectInput) lang.ProjectReader { return newProject(in) }
