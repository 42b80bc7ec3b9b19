// Package js reads JavaScript, TypeScript and TSX, which share one
// extractor (the grammars name the JavaScript subset alike; the
// TypeScript-only nodes never occur in JavaScript): a file's facts, the
// module keys a file answers to, what an import specifier may mean, and
// the package.json, tsconfig.json and jsconfig.json files that steer it.
package js

import (
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

var (
	javascript = newLanguage(&syntax.Grammar{Name: lang.JavaScript, Language: javascriptLanguage, Extract: extractWith(tableJS)})
	typescript = newLanguage(&syntax.Grammar{Name: lang.TypeScript, Language: typescriptLanguage, Extract: extractWith(tableTS), Repair: tsRepair})
	tsx        = newLanguage(&syntax.Grammar{Name: lang.TSX, Language: tsxLanguage, Extract: extractWith(tableTSX), Repair: tsRepair})
)

// newLanguage is one of the three: they differ in their grammar only.
// Resolution in JavaScript and TypeScript: a name is in scope only where
// it is defined or imported; a call may land on a constant or field that
// holds the function; a type alias has the members of the type it names;
// import { App } from './app' binds App, never app (a const app is no
// module); of one name's definitions in a scope, the nearest above a
// reference is the one it means.
func newLanguage(g *syntax.Grammar) *syntax.Language {
	return &syntax.Language{
		Grammar:    g,
		Rules:      lang.Traits{CallableValues: true, AliasMembers: true, NamesOnlyImports: true, NearestDefinition: true, ObjectThis: true, WrapperGetter: "get", WrapperCallbacks: elementCallbacks, WrapperElements: wrapperElements, WrapperKeepers: wrapperKeepers, ThenCallback: "then", StdMethods: standardMethods()},
		Keys:       moduleKeys,
		Candidates: importCandidates,
		Project:    newProject,
	}
}
