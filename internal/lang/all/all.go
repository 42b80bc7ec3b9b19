// Package all registers every language lgraph indexes: the one place
// that imports the language packages, for the writer side (the pipeline,
// its phases, test indexers and benchmarks). A reader detects languages
// with package lang alone and links no grammar.
package all

import (
	"sync"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/cfamily"
	"github.com/lgraph/lgraph/internal/lang/csharp"
	"github.com/lgraph/lgraph/internal/lang/golang"
	"github.com/lgraph/lgraph/internal/lang/java"
	"github.com/lgraph/lgraph/internal/lang/js"
	"github.com/lgraph/lgraph/internal/lang/php"
	"github.com/lgraph/lgraph/internal/lang/python"
	"github.com/lgraph/lgraph/internal/lang/ruby"
	"github.com/lgraph/lgraph/internal/lang/rust"
)

// Languages lists every language.
func Languages() []lang.Language {
	return []lang.Language{
		golang.Language(), python.Language(),
		js.JavaScript(), js.TypeScript(), js.TSX(),
		java.Language(), rust.Language(), ruby.Language(),
		cfamily.C(), cfamily.CPP(), csharp.Language(), php.Language(),
	}
}

// Registry returns the registry of every language. It is built once and
// shared: a registry is read-only.
var Registry = sync.OnceValue(func() *lang.Registry { return lang.NewRegistry(Languages()...) })
