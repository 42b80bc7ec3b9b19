package js

import (
	"path"
	"sort"
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsjs "github.com/tree-sitter/tree-sitter-javascript/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// kind is a node kind the extractor cares about. Kinds are looked up by the
// grammar's numeric symbol through a per-language table, so walking a tree
// does not convert every node's kind to a Go string.
type kind uint8

const (
	jkOther kind = iota
	jkProgram
	jkExport
	jkAmbient
	jkStatementBlock
	jkExprStatement
	jkImport
	jkImportClause
	jkNamespaceImport
	jkNamedImports
	jkImportRequire
	jkExportClause
	jkNamespaceExport
	jkString
	jkFuncDecl
	jkFuncSig
	jkFuncExpr
	jkClassDecl
	jkClassExpr
	jkClassBody
	jkClassHeritage
	jkExtendsClause
	jkImplementsClause
	jkMethod
	jkMethodSig
	jkField
	jkInterface
	jkInterfaceBody
	jkExtendsType
	jkTypeAlias
	jkEnum
	jkNamespace
	jkLexical
	jkVarDecl
	jkDeclarator
	jkObjectPattern
	jkShorthandPattern
	jkPairPattern
	jkAssignPattern
	jkCall
	jkNew
	jkMember
	jkIdentifier
	jkThis
	jkSuper
	jkPropertyIdent
	jkNumber
	jkNonNull
	jkNestedIdent
	jkImportKw
	jkDecorator
	jkJSXOpen
	jkTypeIdent
	jkNestedTypeIdent
	jkGenericType
	jkTypeParams
	jkTypeParam
	jkMappedClause
	jkInfer
	jkComment
	jkPropSig
	jkFuncType
	jkParenType
	jkObjectType
	jkCallSig
	jkTypeAnnotation
	jkForIn
	jkCatch
	jkStmtContainer
	jkArrayPattern
	jkRestPattern
	jkAssignmentPattern
	jkParameter
	jkAssign
)

var kindByName = map[string]kind{
	"program": jkProgram, "export_statement": jkExport, "ambient_declaration": jkAmbient,
	"statement_block": jkStatementBlock, "expression_statement": jkExprStatement,
	"import_statement": jkImport, "import_clause": jkImportClause, "namespace_import": jkNamespaceImport,
	"named_imports": jkNamedImports, "import_require_clause": jkImportRequire,
	"export_clause": jkExportClause, "namespace_export": jkNamespaceExport, "string": jkString,
	"function_signature": jkFuncSig, "function_declaration": jkFuncDecl, "generator_function_declaration": jkFuncDecl,
	"function_expression": jkFuncExpr, "function": jkFuncExpr, "generator_function": jkFuncExpr, "arrow_function": jkFuncExpr,
	"class_declaration": jkClassDecl, "abstract_class_declaration": jkClassDecl, "class": jkClassExpr,
	"class_body": jkClassBody, "class_heritage": jkClassHeritage,
	"extends_clause": jkExtendsClause, "implements_clause": jkImplementsClause,
	"method_definition": jkMethod, "method_signature": jkMethodSig, "abstract_method_signature": jkMethodSig,
	"field_definition": jkField, "public_field_definition": jkField,
	"interface_declaration": jkInterface, "interface_body": jkInterfaceBody, "extends_type_clause": jkExtendsType,
	"type_alias_declaration": jkTypeAlias, "enum_declaration": jkEnum,
	"internal_module": jkNamespace, "module": jkNamespace,
	"lexical_declaration": jkLexical, "variable_declaration": jkVarDecl, "variable_declarator": jkDeclarator,
	"object_pattern": jkObjectPattern, "shorthand_property_identifier_pattern": jkShorthandPattern,
	"pair_pattern": jkPairPattern, "object_assignment_pattern": jkAssignPattern,
	"call_expression": jkCall, "new_expression": jkNew, "member_expression": jkMember,
	"identifier": jkIdentifier, "this": jkThis, "super": jkSuper,
	"property_identifier": jkPropertyIdent, "private_property_identifier": jkPropertyIdent, "number": jkNumber,
	"non_null_expression": jkNonNull, "nested_identifier": jkNestedIdent, "import": jkImportKw,
	"decorator": jkDecorator, "jsx_opening_element": jkJSXOpen, "jsx_self_closing_element": jkJSXOpen,
	"type_identifier": jkTypeIdent, "nested_type_identifier": jkNestedTypeIdent, "generic_type": jkGenericType,
	"type_parameters": jkTypeParams, "type_parameter": jkTypeParam,
	"mapped_type_clause": jkMappedClause, "infer_type": jkInfer, "comment": jkComment,
	"property_signature": jkPropSig, "function_type": jkFuncType, "parenthesized_type": jkParenType,
	"object_type": jkObjectType, "call_signature": jkCallSig, "type_annotation": jkTypeAnnotation,
	"for_in_statement": jkForIn, "catch_clause": jkCatch,
	"if_statement": jkStmtContainer, "else_clause": jkStmtContainer, "for_statement": jkStmtContainer,
	"while_statement": jkStmtContainer, "do_statement": jkStmtContainer, "try_statement": jkStmtContainer,
	"finally_clause": jkStmtContainer, "switch_statement": jkStmtContainer, "switch_body": jkStmtContainer,
	"switch_case": jkStmtContainer, "switch_default": jkStmtContainer, "labeled_statement": jkStmtContainer,
	"array_pattern": jkArrayPattern, "rest_pattern": jkRestPattern, "assignment_pattern": jkAssignmentPattern,
	"required_parameter": jkParameter, "optional_parameter": jkParameter,
	"assignment_expression": jkAssign,
}

// leafKinds are named nodes whose subtree holds nothing to extract.
// Skipping their children saves a cgo call per leaf.
var leafKinds = map[string]bool{
	"identifier": true, "property_identifier": true, "shorthand_property_identifier": true,
	"shorthand_property_identifier_pattern": true, "private_property_identifier": true,
	"type_identifier": true, "statement_identifier": true, "number": true, "string": true,
	"string_fragment": true, "escape_sequence": true, "comment": true, "html_comment": true,
	"regex": true, "this": true, "super": true, "true": true, "false": true, "null": true,
	"undefined": true, "jsx_text": true, "hash_bang_line": true, "html_character_reference": true,
	"predefined_type": true, "meta_property": true, "optional_chain": true, "accessibility_modifier": true,
	"import": true, "this_type": true,
}

// table maps one grammar's symbol and field ids to what the extractor uses.
type table struct {
	kinds                                     []kind
	names                                     []string // grammar kind names by id
	leaf                                      []bool   // no children worth visiting
	fName, fBody, fValue, fKind, fFunction    uint16
	fObject, fProperty, fConstructor, fSource uint16
	fDeclaration, fArguments, fKey, fLeft     uint16
	fModule, fType, fParameters, fParameter   uint16
	fPattern, fTypeParameters, fReturnType    uint16
	fTypeArguments, fOperator, fAlias, fRight uint16
	fConsequence, fAlternative, fConstraint   uint16
	fCondition, fArgument, fIndex             uint16
}

// newTable reads a grammar's ids into the extractor's table.
func newTable(l *sitter.Language) *table {
	g := syntax.NewTable(l)
	count := g.Len()
	t := &table{kinds: make([]kind, count), names: make([]string, count), leaf: make([]bool, count)}
	for id := range t.kinds {
		name := g.Name(id)
		t.names[id] = name
		if !g.Named(id) {
			t.leaf[id] = true // anonymous nodes are tokens
			continue
		}
		t.kinds[id] = kindByName[name]
		t.leaf[id] = leafKinds[name]
	}
	f := g.Field
	t.fName, t.fBody, t.fValue, t.fKind, t.fFunction = f("name"), f("body"), f("value"), f("kind"), f("function")
	t.fObject, t.fProperty, t.fConstructor, t.fSource = f("object"), f("property"), f("constructor"), f("source")
	t.fDeclaration, t.fArguments, t.fKey, t.fLeft = f("declaration"), f("arguments"), f("key"), f("left")
	t.fModule, t.fType, t.fParameters, t.fParameter = f("module"), f("type"), f("parameters"), f("parameter")
	t.fPattern, t.fTypeParameters, t.fReturnType = f("pattern"), f("type_parameters"), f("return_type")
	t.fTypeArguments, t.fOperator, t.fAlias, t.fRight = f("type_arguments"), f("operator"), f("alias"), f("right")
	t.fConsequence, t.fAlternative, t.fConstraint = f("consequence"), f("alternative"), f("constraint")
	t.fCondition, t.fArgument, t.fIndex = f("condition"), f("argument"), f("index")
	return t
}

// The tables of the three grammars the extractor reads, each built once.
var (
	tableJS  = sync.OnceValue(func() *table { return newTable(javascriptLanguage()) })
	tableTS  = sync.OnceValue(func() *table { return newTable(typescriptLanguage()) })
	tableTSX = sync.OnceValue(func() *table { return newTable(tsxLanguage()) })
)

func javascriptLanguage() *sitter.Language { return sitter.NewLanguage(tsjs.Language()) }

// exts are the extensions an import specifier may carry and still mean a
// JS/TS source file (TypeScript code imports "./x.js" meaning x.ts).
var exts = []string{".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts"}

func hasExt(p string) bool {
	ext := strings.ToLower(path.Ext(p))
	for _, e := range exts {
		if ext == e {
			return true
		}
	}
	return false
}

// jsModuleKeys: the path, the path without its extension (".d.ts" counts as
// one), and for index.<ext> the directory ("." for the repository root's,
// which a test's require('..') loads).
func moduleKeys(p string, _ *facts.File, _ *lang.Project) []string {
	keys := []string{p}
	ext := path.Ext(p)
	if ext == "" || strings.Contains(ext, "/") {
		return keys
	}
	stem := p[:len(p)-len(ext)]
	switch strings.ToLower(ext) {
	case ".ts", ".mts", ".cts":
		if strings.HasSuffix(stem, ".d") {
			stem = stem[:len(stem)-2]
		}
	}
	if stem == "" || strings.HasSuffix(stem, "/") {
		return keys
	}
	keys = append(keys, stem)
	if path.Base(stem) == "index" {
		keys = append(keys, path.Dir(stem))
	}
	return keys
}

// importCandidates maps a specifier to module keys: relative specifiers
// against the importing file's directory, others through the nearest
// tsconfig/jsconfig paths and baseUrl, then as a workspace package's name.
// Other bare packages give nil.
func importCandidates(imp facts.Import, from string, p *lang.Project) []string {
	spec := imp.Path
	if spec == "" {
		return nil
	}
	if spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") {
		target := path.Join(path.Dir(from), spec)
		var out []string
		if namesDir(spec) {
			out = packageEntries(target, p)
		}
		return addKey(out, target)
	}
	out := configCandidates(spec, from, p)
	for _, key := range workspaceCandidates(spec, p) {
		out = addKey(out, key)
	}
	return out
}

// namesDir reports whether a relative specifier can only name a directory
// ("..", "../..", "./lib/"): Node loads such a one through the package.json
// there ("main" and the like) before its index file.
func namesDir(spec string) bool {
	if strings.HasSuffix(spec, "/") {
		return true
	}
	last := spec[strings.LastIndexByte(spec, '/')+1:]
	return last == "." || last == ".."
}

// packageEntries are the module keys of the entry points of the package
// whose package.json is in dir ("." for the root), most likely first; nil
// when no named package is there. Of two packages in one directory (a
// repository's own copies), the first by name answers.
func packageEntries(dir string, p *lang.Project) []string {
	if p == nil || len(p.JSPackages) == 0 {
		return nil
	}
	if dir == "." {
		dir = ""
	}
	found := ""
	for name, pkg := range p.JSPackages {
		if pkg.Dir == dir && (found == "" || name < found) {
			found = name
		}
	}
	if found == "" {
		return nil
	}
	pkg := p.JSPackages[found]
	var out []string
	for _, key := range exportKeys(pkg.Exports, ".") {
		out = addKey(out, path.Join(pkg.Dir, key))
	}
	return out
}

// configCandidates maps a bare specifier through the nearest
// tsconfig/jsconfig paths and baseUrl.
func configCandidates(spec, from string, p *lang.Project) []string {
	dir, cfg, ok := tSConfigFor(p, from)
	if !ok {
		return nil
	}
	// An inherited baseUrl or paths target is repository-absolute.
	base := path.Join(dir, cfg.BaseURL)
	if strings.HasPrefix(cfg.BaseURL, "/") {
		base = strings.TrimPrefix(cfg.BaseURL, "/")
	}
	join := func(target string) string {
		if strings.HasPrefix(target, "/") {
			return strings.TrimPrefix(target, "/")
		}
		return path.Join(base, target)
	}
	var out []string
	for _, pat := range sortedPatterns(cfg.Paths) {
		star := strings.IndexByte(pat, '*')
		var match string
		switch {
		case star < 0:
			if spec != pat {
				continue
			}
		default:
			pre, suf := pat[:star], pat[star+1:]
			if len(spec) < len(pre)+len(suf) || !strings.HasPrefix(spec, pre) || !strings.HasSuffix(spec, suf) {
				continue
			}
			match = spec[len(pre) : len(spec)-len(suf)]
		}
		for _, target := range cfg.Paths[pat] {
			if star >= 0 {
				target = strings.Replace(target, "*", match, 1)
			}
			out = addKey(out, join(target))
		}
	}
	if cfg.BaseURL != "" {
		out = addKey(out, path.Join(base, spec))
	}
	return out
}

// addKey appends key, and key without its extension when it has a JS/TS
// one, skipping duplicates.
func addKey(out []string, key string) []string {
	add := func(k string) {
		for _, o := range out {
			if o == k {
				return
			}
		}
		out = append(out, k)
	}
	add(key)
	if hasExt(key) {
		add(strings.TrimSuffix(key, path.Ext(key)))
	}
	return out
}

// sortedPatterns orders paths patterns by longest prefix (the part before
// "*", or the whole pattern) first, then by text; patterns with more than one
// "*" are dropped.
func sortedPatterns(paths map[string][]string) []string {
	keys := make([]string, 0, len(paths))
	for k := range paths {
		if strings.Count(k, "*") <= 1 {
			keys = append(keys, k)
		}
	}
	prefix := func(k string) int {
		if i := strings.IndexByte(k, '*'); i >= 0 {
			return i
		}
		return len(k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if pi, pj := prefix(keys[i]), prefix(keys[j]); pi != pj {
			return pi > pj
		}
		return keys[i] < keys[j]
	})
	return keys
}

// tSConfigFor finds the nearest tsconfig/jsconfig at or above the file's
// directory; dir is "" for the repository root.
func tSConfigFor(p *lang.Project, from string) (string, lang.TSConfig, bool) {
	if p == nil || len(p.TSConfigs) == 0 {
		return "", lang.TSConfig{}, false
	}
	dir := path.Dir(from)
	for {
		if dir == "." || dir == "/" {
			dir = ""
		}
		if c, ok := p.TSConfigs[dir]; ok {
			return dir, c, true
		}
		if dir == "" {
			return "", lang.TSConfig{}, false
		}
		dir = path.Dir(dir)
	}
}
