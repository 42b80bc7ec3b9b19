// Package php reads PHP: a file's facts, parsed with tree-sitter-php
// (namespaces, classes, functions, use and require, and calls with the
// types of their receivers), and the keys a file answers to: its classes'
// qualified names and its path.
package php

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tsphp "github.com/tree-sitter/tree-sitter-php/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Language returns PHP.
func Language() lang.Language { return language{} }

type language struct{}

// grammar parses PHP files.
var grammar = &syntax.Grammar{Name: lang.PHP, Language: phpGrammar, Extract: extract}

func phpGrammar() *sitter.Language { return sitter.NewLanguage(tsphp.LanguagePHP()) }

// traits are the rules resolution follows in PHP: a namespace's classes
// see each other and every class of the program; parent names the base
// class.
var traits = lang.Traits{Reach: lang.Reach{Dir: true, Project: true}, BaseQualifier: "parent"}

func (language) Name() string                    { return lang.PHP }
func (language) NewParser() (lang.Parser, error) { return grammar.NewParser() }
func (language) Traits() *lang.Traits            { return &traits }

func (language) ModuleKeys(p string, f *facts.File, pr *lang.Project) []string {
	return moduleKeys(p, f, pr)
}

func (language) ImportCandidates(imp facts.Import, from string, pr *lang.Project) []string {
	return importCandidates(imp, from, pr)
}

// NewProjectReader returns nil: PHP resolution reads no project file.
func (language) NewProjectReader(lang.ProjectInput) lang.ProjectReader { return nil }
