// Package php reads PHP: a file's facts, parsed with tree-sitter-php
// (namespaces, classes, functions, use and require, and calls with the
// types of their receivers), and the keys a file answers to: its classes'
// qualified names and its path.
package php

import (
	sitter "github.com/tree-sitter/go-tree-sitter"
	tsphp "github.com/tree-sitter/tree-sitter-php/bindings/go"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Language returns PHP.
func Language() lang.Language { return language }

// language is PHP: its grammar, rules and functions.
var language = &syntax.Language{
	Grammar: &syntax.Grammar{Name: lang.PHP, Language: phpGrammar, Extract: extract},
	// Resolution in PHP: a namespace's classes see each other and every class of
	// the program; parent names the base class.
	Rules:      lang.Traits{Reach: lang.Reach{Dir: true, Project: true}, BaseQualifier: "parent"},
	Keys:       moduleKeys,
	Candidates: importCandidates,
}

func phpGrammar() *sitter.Language { return sitter.NewLanguage(tsphp.LanguagePHP()) }
