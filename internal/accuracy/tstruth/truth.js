#!/usr/bin/env node
// truth.js: the TypeScript checker's view of the calls in a corpus, for
// internal/accuracy (ts_*_test.go). It is our own script, run with node; the
// typescript package is loaded from the path in $TS_MODULE.
//
// stdin:  {"root": DIR, "files": [repo-relative .ts/.tsx paths], "tsconfig": "tsconfig.json" | ""}
//         (with a tsconfig, the files it includes replace "files")
// stdout: one JSON object per line:
//   {"type":"meta", "files": N, "paths": [the program's root files], "diagnostics": N, "ts": VERSION}
//   {"type":"call", "from": SYM, "pos": "path:line", "name": "m", "shape": "...",
//    "desc": "...", "to": [SYM...], "reexport": bool}
// where SYM is {"path","qual","name","kind","line","end"}: the declaration as
// lgraph names it (sym:PATH#QUAL), see symbolOf.
//
// Callers are the innermost enclosing declarations that lgraph makes symbols
// (the scope model of lang/js_symbols.go); calls inside anonymous functions,
// object literals and anonymous classes belong to that symbol. Callees are
// what getSymbolAtLocation finds on the called name, aliases followed,
// falling back to getResolvedSignature(call).declaration.
'use strict';

const fs = require('fs');
const path = require('path');
const ts = require(process.env.TS_MODULE || 'typescript');
const { SymbolModel } = require('./model.js');

function main() {
  const input = JSON.parse(fs.readFileSync(0, 'utf8'));
  const root = path.resolve(input.root);
  const config = compilerOptions(root, input.tsconfig, input.files.some(isJSFile));
  // With a tsconfig, the program is what it includes (ambient .d.ts files
  // it leaves out can shadow modules); otherwise the files given.
  const files = (config.fileNames || input.files.map((f) => path.join(root, f))).map((f) => path.normalize(f));
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const inCorpus = new Set(files.map((f) => path.normalize(f)));
  const out = [];
  let diagnostics = 0;
  if (process.env.TS_DIAGNOSTICS) {
    diagnostics = program.getSemanticDiagnostics().length;
  }
  const model = new SymbolModel(root, inCorpus);
  out.push(JSON.stringify({ type: 'meta', files: files.length, paths: files.map((f) => model.rel(f)), diagnostics, ts: ts.version }));
  for (const sf of program.getSourceFiles()) {
    if (!inCorpus.has(path.normalize(sf.fileName)) || sf.isDeclarationFile) {
      continue;
    }
    visitCalls(sf, (call) => {
      const rec = describeCall(call, sf, checker, model);
      if (rec) {
        out.push(JSON.stringify(rec));
      }
    });
  }
  process.stdout.write(out.join('\n') + '\n');
}

// compilerOptions reads the corpus's tsconfig.json when there is one (for
// paths, baseUrl and the files it includes), else uses options that load
// modern library code. It returns {options, fileNames}.
// With JavaScript files among them (withJS) the checker reads those as
// checkJs does, resolving require() as Node does: CommonJS exports,
// prototype and expando assignments are declarations it can answer with.
function compilerOptions(root, tsconfig, withJS) {
  let fileNames;
  let opts = {
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.esnext.d.ts', 'lib.dom.d.ts'],
    strict: true,
    experimentalDecorators: true,
    jsx: ts.JsxEmit.Preserve,
  };
  if (tsconfig) {
    const file = path.join(root, tsconfig);
    const read = ts.readConfigFile(file, ts.sys.readFile);
    if (read.error) {
      throw new Error('read ' + file + ': ' + ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
    }
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(file));
    opts = parsed.options;
    fileNames = parsed.fileNames;
  }
  if (withJS) {
    Object.assign(opts, { allowJs: true, checkJs: true, maxNodeModuleJsDepth: 0 });
    if (!tsconfig) {
      Object.assign(opts, { module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10 });
    }
  }
  // Whatever the config says: no output, no project references, no
  // ambient type packages the corpus copy does not hold.
  const options = Object.assign(opts, {
    noEmit: true, skipLibCheck: true, types: [], composite: false, incremental: false,
    declaration: false, isolatedDeclarations: false, tsBuildInfoFile: undefined,
  });
  return { options, fileNames };
}

// visitCalls calls fn for every call and new expression of a source file,
// and every JSX element naming a component (<Layout/>, <ui.Box/>), which
// lgraph links as a call of it.
function visitCalls(node, fn) {
  if (ts.isCallExpression(node) || ts.isNewExpression(node) || isComponentElement(node)) {
    fn(node);
  }
  ts.forEachChild(node, (c) => visitCalls(c, fn));
}

// isComponentElement reports a JSX element whose tag names a component:
// capitalized, or a property access (intrinsic elements are lower case).
function isComponentElement(node) {
  if (!ts.isJsxSelfClosingElement(node) && !ts.isJsxOpeningElement(node)) {
    return false;
  }
  const tag = node.tagName;
  return ts.isPropertyAccessExpression(tag) || (ts.isIdentifier(tag) && /^[A-Z]/.test(tag.text));
}

// calleeExpr is the expression a call (or JSX element) calls.
function calleeExpr(call) {
  return ts.isJsxOpeningLikeElement(call) ? call.tagName : call.expression;
}

// calledName returns the node naming what a call calls: f in f(), m in
// x.m() and x?.m(), "m" in x["m"](); undefined for other callees.
function calledName(expr) {
  expr = skipOuter(expr);
  if (ts.isIdentifier(expr) || expr.kind === ts.SyntaxKind.SuperKeyword) {
    return expr;
  }
  if (ts.isPropertyAccessExpression(expr)) {
    return expr.name;
  }
  if (ts.isElementAccessExpression(expr) && ts.isStringLiteralLike(expr.argumentExpression)) {
    return expr.argumentExpression;
  }
  return undefined;
}

// skipOuter strips parentheses, non-null assertions and type assertions.
function skipOuter(e) {
  for (;;) {
    if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e) ||
        ts.isTypeAssertionExpression(e) || ts.isSatisfiesExpression(e) || ts.isExpressionWithTypeArguments(e)) {
      e = e.expression;
    } else {
      return e;
    }
  }
}

function describeCall(call, sf, checker, model) {
  const from = model.callerOf(call);
  if (!from) {
    return undefined; // a call at file level
  }
  const nameNode = calledName(calleeExpr(call));
  const rec = {
    type: 'call', from, pos: model.rel(sf.fileName) + ':' + line(sf, call.getStart(sf)),
    name: nameNode ? (ts.isIdentifier(nameNode) || ts.isPrivateIdentifier(nameNode) ? nameNode.text : nameNode.text || 'super') : '',
    shape: shapeOf(call, checker, model), desc: '', to: [], reexport: false,
  };
  if (calleeExpr(call).kind === ts.SyntaxKind.SuperKeyword) {
    rec.name = 'super';
  }
  let sym = nameNode ? checker.getSymbolAtLocation(nameNode) : undefined;
  if (sym && (sym.flags & ts.SymbolFlags.Alias)) {
    const first = checker.getImmediateAliasedSymbol(sym);
    sym = checker.getAliasedSymbol(sym);
    rec.reexport = Boolean(first && (first.flags & ts.SymbolFlags.Alias));
  }
  let decls = sym && sym.declarations ? sym.declarations.filter(isValueDecl) : [];
  if (decls.length === 0 && nameNode) {
    // Only a named callee: a call of a call's result or of an expression
    // has no name lgraph could match, and resolving its signature means
    // inferring the whole expression (slow on effect's curried pipelines).
    const sig = safe(() => checker.getResolvedSignature(call));
    if (sig && sig.declaration && !ts.isJSDocSignature(sig.declaration)) {
      decls = [sig.declaration];
    }
  }
  decls = decls.flatMap((d) => exportedValueDecls(d, checker, 0));
  if (decls.length === 0) {
    rec.desc = sym ? 'no value declaration (flags ' + sym.flags + ' ' + sym.escapedName + ')' : 'unresolved (any or unknown callee)';
    return rec;
  }
  const seen = new Set();
  const descs = [];
  for (const d of decls) {
    const target = model.calleeOf(d);
    descs.push(target.desc);
    if (target.sym) {
      const key = target.sym.path + '#' + target.sym.qual + '@' + target.sym.line;
      if (!seen.has(key)) {
        seen.add(key);
        rec.to.push(target.sym);
      }
    }
  }
  rec.desc = Array.from(new Set(descs)).join(' | ');
  return rec;
}

// exportedValueDecls follows a CommonJS export assignment of a name
// (module.exports = exports = MongooseError) to what the name declares,
// through require() aliases: the class or function a call of the module's
// export reaches. Any other declaration is itself.
function exportedValueDecls(d, checker, depth) {
  if (!ts.isBinaryExpression(d) || d.operatorToken.kind !== ts.SyntaxKind.EqualsToken || depth > 4) {
    return [d];
  }
  let v = d.right;
  while (ts.isBinaryExpression(v) && v.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    v = v.right;
  }
  if (!ts.isIdentifier(v)) {
    return [d];
  }
  let sym = safe(() => checker.getSymbolAtLocation(v));
  if (sym && (sym.flags & ts.SymbolFlags.Alias)) {
    sym = safe(() => checker.getAliasedSymbol(sym));
  }
  const ds = sym && sym.declarations ? sym.declarations.filter(isValueDecl) : [];
  return ds.length === 0 ? [d] : ds.flatMap((x) => exportedValueDecls(x, checker, depth + 1));
}

function isJSFile(f) {
  return /\.(js|jsx|mjs|cjs)$/.test(f);
}

function safe(f) {
  try {
    return f();
  } catch (e) {
    return undefined;
  }
}

// isValueDecl keeps declarations a call can land on (not type-only ones).
function isValueDecl(d) {
  return !(ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d) || ts.isTypeParameterDeclaration(d) ||
    ts.isModuleDeclaration(d) || ts.isSourceFile(d));
}

// shapeOf is the syntactic form of a call, for classification.
function shapeOf(call, checker, model) {
  if (ts.isJsxOpeningLikeElement(call)) {
    return '<C/>';
  }
  const e = skipOuter(call.expression);
  const isNew = ts.isNewExpression(call);
  if (e.kind === ts.SyntaxKind.SuperKeyword) {
    return 'super()';
  }
  if (ts.isIdentifier(e)) {
    return (isNew ? 'new ' : '') + 'f() ' + identOrigin(e, checker, model);
  }
  if (!ts.isPropertyAccessExpression(e) && !ts.isElementAccessExpression(e)) {
    return (isNew ? 'new ' : '') + 'expr()';
  }
  const obj = skipOuter(e.expression);
  const prefix = isNew ? 'new ' : '';
  if (obj.kind === ts.SyntaxKind.ThisKeyword) {
    return prefix + 'this.m()';
  }
  if (obj.kind === ts.SyntaxKind.SuperKeyword) {
    return prefix + 'super.m()';
  }
  if (ts.isPropertyAccessExpression(obj)) {
    let head = obj;
    while (ts.isPropertyAccessExpression(head)) {
      head = skipOuter(head.expression);
    }
    return prefix + (head.kind === ts.SyntaxKind.ThisKeyword ? 'this.x.m()' : 'x.y.m()');
  }
  if (ts.isCallExpression(obj) || ts.isNewExpression(obj)) {
    return prefix + 'f().m()';
  }
  if (ts.isIdentifier(obj)) {
    return prefix + 'x.m() ' + identOrigin(obj, checker, model);
  }
  return prefix + 'expr.m()';
}

// identOrigin says what an identifier names: an import (namespace or
// named), a class, a parameter, a local or a module-level declaration.
function identOrigin(id, checker, model) {
  const sym = checker.getSymbolAtLocation(id);
  if (!sym || !sym.declarations || sym.declarations.length === 0) {
    return '[unknown]';
  }
  const d = sym.declarations[0];
  if (d.getSourceFile().isDeclarationFile && !model.corpusFile(d)) {
    return '[global]';
  }
  if (ts.isNamespaceImport(d)) {
    return '[namespace import]';
  }
  if (ts.isImportSpecifier(d) || ts.isImportClause(d) || ts.isImportEqualsDeclaration(d)) {
    return '[import]';
  }
  if (ts.isParameter(d)) {
    return '[param]';
  }
  if (ts.isBindingElement(d)) {
    let p = d;
    while (ts.isBindingElement(p) || ts.isObjectBindingPattern(p) || ts.isArrayBindingPattern(p)) {
      p = p.parent;
    }
    return ts.isParameter(p) ? '[param]' : '[destructured]';
  }
  if (ts.isClassDeclaration(d)) {
    return '[class]';
  }
  if (ts.isModuleDeclaration(d) || ts.isEnumDeclaration(d)) {
    return '[namespace]';
  }
  let top = d;
  while (top && top.parent && !ts.isSourceFile(top.parent) && !ts.isModuleBlock(top.parent)) {
    if (ts.isFunctionLike(top.parent) || ts.isClassLike(top.parent)) {
      return '[local]';
    }
    top = top.parent;
  }
  return '[module-level]';
}

function line(sf, pos) {
  return sf.getLineAndCharacterOfPosition(pos).line + 1;
}

main();
