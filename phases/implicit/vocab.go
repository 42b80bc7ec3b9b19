package implicit

import (
	"sync"

	"github.com/lgraph/lgraph/internal/lang"
)

// implicitVocab holds the package's word lists and tables. They are built on
// first use, not at start-up: every lgraph command, --version included,
// would otherwise pay for them (docs/measurements.md, Start-up).
type implicitVocab struct {
	// genericEvents are in-process event names (Node streams, DOM, UI
	// components) that an emit or subscribe call uses without naming any
	// shared channel.
	genericEvents map[string]bool
	// fileRoots are file system directories: a "route" under them is a path.
	fileRoots map[string]bool
	// fileExts end paths of files, not of endpoints.
	fileExts map[string]bool
	// syntaxes are the lexical rules of each language family.
	syntaxes map[string]syntax
	// sqlVerbs start the statements tables are read from.
	sqlVerbs map[string]bool
	// sqlClauses start query-builder fragments ("INNER JOIN feeds f ON …",
	// "FROM entries e"); being ordinary English words too, they count only
	// when written in capitals.
	sqlClauses map[string]bool
	// sqlReserved are words that are never a table name or an alias.
	sqlReserved map[string]bool
	// sqlFollow are the keywords a table reference (or its alias) may precede.
	sqlFollow map[string]bool
	// sqlStop are English words no SQL statement holds outside its quotes;
	// one of them marks the literal as prose.
	sqlStop map[string]bool
	// sqlSkipFrom are functions whose arguments use FROM without a table:
	// EXTRACT(YEAR FROM t), SUBSTRING(s FROM 2), TRIM(LEADING 'x' FROM s).
	sqlSkipFrom map[string]bool
	// sqlSystem are catalog tables every database client may touch; sharing
	// them couples nothing.
	sqlSystem map[string]bool
	// dockerInstructions are the words that start the lines of a Dockerfile
	// after its FROM line.
	dockerInstructions map[string]bool
}

var vocab = sync.OnceValue(func() *implicitVocab {
	return &implicitVocab{
		genericEvents: toSet(`error data end close open change message connect connection disconnect ready
start stop finish drain exit update input click load submit timeout response request init destroy done
abort success fail failure progress resize scroll focus blur keydown keyup select reset cancel save delete
create remove add show hide toggle next complete event events log warning info debug`),
		fileRoots: toSet(`tmp etc var usr dev proc sys home opt bin sbin lib root mnt run private Users`),
		fileExts: toSet(`py go js ts rb php java rs c h cc cpp cs sh bash txt log md yaml yml toml ini cfg conf
pem key crt so dll jar zip tar gz tgz bz2 xz whl exe lock sock pid`),
		syntaxes: map[string]syntax{
			lang.FamilyGo:     {slash: true, charQuote: true, backtick: true},
			lang.FamilyC:      {slash: true, charQuote: true, rawQuote: 'R'},
			lang.FamilyCSharp: {slash: true, charQuote: true, triple: true, rawQuote: '@'},
			lang.FamilyJava:   {slash: true, charQuote: true, triple: true},
			lang.FamilyRust:   {slash: true, nested: true, charQuote: true, multiline: true, rawQuote: 'r'},
			lang.FamilyJS:     {slash: true, backtick: true, regexLit: true},
			lang.FamilyPHP:    {slash: true, hash: true, multiline: true, heredoc: "<<<"},
			lang.FamilyPython: {hash: true, triple: true, docstrings: true},
			lang.FamilyRuby:   {hash: true, multiline: true, backtick: true, heredoc: "<<", beginEnd: true},
		},
		sqlVerbs: map[string]bool{"select": true, "insert": true, "update": true, "delete": true, "create": true,
			"alter": true, "drop": true, "truncate": true, "with": true, "replace": true, "merge": true},
		sqlClauses: map[string]bool{"from": true, "join": true, "inner": true, "left": true, "right": true, "full": true, "cross": true, "natural": true},
		sqlReserved: toSet(`select from where set values into update delete insert join inner outer left right
full cross natural on using group order by having limit offset union all except intersect returning as
table create alter drop truncate if not exists only temp temporary unlogged index view default and or
is null in like between case when then else end distinct with recursive lateral window fetch for
replace ignore conflict do nothing merge matched primary key references unique constraint add column
rename to asc desc exists select`),
		sqlFollow: toSet(`where set values join inner outer left right full cross natural on using group
order having limit offset union except intersect returning select default add drop rename alter for
window fetch with output straight_join partition tablesample column constraint owner if`),
		sqlStop: toSet(`the this that these those your you our we it its which will would should could can
has have was were been are my me please must cannot there here what how why because about also just
than some any each every ensure`),
		sqlSkipFrom:        toSet(`extract substring substr trim overlay position`),
		sqlSystem:          toSet(`dual sqlite_master sqlite_sequence sqlite_schema`),
		dockerInstructions: toSet(`run add copy cmd entrypoint workdir expose env arg label user volume`),
	}
})
