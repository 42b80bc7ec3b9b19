// model.js: which declarations lgraph makes symbols of, and how it names
// them (lang/js_symbols.go, lang/typescript.go), restated over the
// TypeScript AST so that the checker's answers can be put in lgraph's ids.
'use strict';

const path = require('path');
const ts = require(process.env.TS_MODULE || 'typescript');

// An entry is what a node adds to lgraph's scope stack:
//   {sym, qual, kind}  a symbol (sym = {path, qual, name, kind, line, end})
//   {sym: null, qual}  a scope without a symbol of its own: an anonymous
//                      class (its members are not symbols) or an overload
//                      signature (the last declaration is the symbol)
// and null for nodes that are no scope.
class SymbolModel {
  constructor(root, inCorpus) {
    this.root = root;
    this.inCorpus = inCorpus;
    this.entries = new Map();
  }

  rel(fileName) {
    return path.relative(this.root, fileName).split(path.sep).join('/');
  }

  corpusFile(node) {
    return this.inCorpus.has(path.normalize(node.getSourceFile().fileName));
  }

  // enclosing is the entry of the nearest ancestor of node that has one.
  enclosing(node) {
    for (let p = node.parent; p; p = p.parent) {
      const e = this.entry(p);
      if (e) {
        return e;
      }
    }
    return null;
  }

  // callerOf is the symbol a call inside node is attributed to.
  callerOf(node) {
    for (let p = node.parent; p; p = p.parent) {
      const e = this.entry(p);
      if (e && e.sym) {
        return e.sym;
      }
    }
    return null;
  }

  entry(node) {
    if (!this.entries.has(node)) {
      this.entries.set(node, this.computeEntry(node));
    }
    return this.entries.get(node);
  }

  computeEntry(node) {
    const outer = () => this.enclosing(node);
    const qualOf = (name) => {
      const o = outer();
      return o && o.qual ? o.qual + '.' + name : name;
    };
    const make = (name, kind) => {
      const sf = node.getSourceFile();
      const qual = qualOf(name);
      return {
        qual, kind,
        sym: { path: this.rel(sf.fileName), qual, name, kind, line: declLine(node, sf), end: lineOf(sf, node.end) },
      };
    };
    const scopeOnly = (name) => ({ sym: null, qual: qualOf(name), kind: 'overload' });
    switch (node.kind) {
      case ts.SyntaxKind.FunctionDeclaration:
        if (!node.name) {
          return null;
        }
        if (!node.body && overloaded(node)) {
          return scopeOnly(node.name.text);
        }
        return make(node.name.text, 'function');
      case ts.SyntaxKind.ClassDeclaration:
      case ts.SyntaxKind.ClassExpression: {
        if ((ts.isVariableDeclaration(node.parent) && node.parent.initializer === node) ||
            (ts.isBinaryExpression(node.parent) && skipParens(node.parent.right) === node)) {
          const d = this.entry(node.parent);
          if (d && d.sym) {
            return null; // named by its variable, or by the member it is assigned to
          }
        }
        if (!node.name) {
          const o = outer();
          return { sym: null, qual: o ? o.qual : '', kind: '' };
        }
        return make(node.name.text, 'class');
      }
      case ts.SyntaxKind.MethodDeclaration:
      case ts.SyntaxKind.Constructor:
      case ts.SyntaxKind.GetAccessor:
      case ts.SyntaxKind.SetAccessor:
      case ts.SyntaxKind.PropertyDeclaration:
        return this.classMember(node, make, scopeOnly);
      case ts.SyntaxKind.MethodSignature:
      case ts.SyntaxKind.PropertySignature: {
        if (!ts.isInterfaceDeclaration(node.parent)) {
          return null;
        }
        const o = outer();
        const name = memberName(node.name);
        if (!o || o.kind !== 'interface' || name === '') {
          return null;
        }
        if (ts.isPropertySignature(node)) {
          return isFunctionType(node.type) ? make(name, 'method') : null;
        }
        return overloaded(node) ? scopeOnly(name) : make(name, 'method');
      }
      case ts.SyntaxKind.VariableDeclaration:
        return this.variable(node, make);
      case ts.SyntaxKind.InterfaceDeclaration:
        return make(node.name.text, 'interface');
      case ts.SyntaxKind.TypeAliasDeclaration:
        return make(node.name.text, 'type');
      case ts.SyntaxKind.EnumDeclaration:
        return make(node.name.text, 'enum');
      case ts.SyntaxKind.ModuleDeclaration:
        return this.namespace(node, make);
      case ts.SyntaxKind.BinaryExpression:
        return this.assignment(node, make);
    }
    return null;
  }

  // assignment: a function or class expression assigned to a member in a
  // JavaScript file where no symbol encloses it (lang/js/assigns.go):
  // exports.m = fn and module.exports.m = fn are m, X.prototype.m = fn
  // and X.m = fn are X.m for a name X the file declares at its top, and
  // module.exports = function f() {} is f (an anonymous one "default",
  // lang/js/defaults.go).
  assignment(node, make) {
    if (node.operatorToken.kind !== ts.SyntaxKind.EqualsToken || !isJSFile(node.getSourceFile().fileName)) {
      return null;
    }
    const v = skipParens(node.right);
    if (!(ts.isFunctionExpression(v) || ts.isArrowFunction(v) || ts.isClassExpression(v)) || this.callerOf(node)) {
      return null;
    }
    const parts = chainParts(node.left);
    if (!parts) {
      return null;
    }
    const target = parts.join('.');
    const sf = node.getSourceFile();
    if (target === 'module.exports') {
      // An anonymous one is the module's default export, "default".
      if (ts.isFunctionExpression(v) || ts.isArrowFunction(v)) {
        return make(v.name ? v.name.text : 'default', 'function');
      }
      return null;
    }
    let qual = '';
    if ((parts.length === 2 && parts[0] === 'exports') || (parts.length === 3 && parts[0] === 'module' && parts[1] === 'exports')) {
      qual = parts[parts.length - 1];
      if (topDeclared(sf, qual)) {
        return null; // exports.send does not bind the file's own send
      }
    } else if (parts.length === 3 && parts[1] === 'prototype' && topDeclared(sf, parts[0])) {
      qual = parts[0] + '.' + parts[2];
    } else if (parts.length === 2 && parts[0] !== 'this' && parts[0] !== 'module' && topDeclared(sf, parts[0])) {
      qual = target;
    } else {
      return null;
    }
    const first = firstAssignment(sf, target, node);
    const at = assignmentStatement(first);
    const name = qual.slice(qual.lastIndexOf('.') + 1);
    const kind = ts.isClassExpression(v) ? 'class' : 'function';
    return {
      qual, kind,
      sym: { path: this.rel(sf.fileName), qual, name, kind, line: lineOf(sf, at.getStart(sf)), end: lineOf(sf, at.end) },
    };
  }

  // classMember: methods, constructors and accessors of a named class, and
  // its properties that hold a function literal or have a function type.
  classMember(node, make, scopeOnly) {
    if (!ts.isClassLike(node.parent)) {
      return null; // an object literal member
    }
    const o = this.enclosing(node);
    if (!o || o.kind !== 'class') {
      return null; // a member of an anonymous class
    }
    const name = node.kind === ts.SyntaxKind.Constructor ? 'constructor' : memberName(node.name);
    if (name === '') {
      return null;
    }
    if (ts.isPropertyDeclaration(node)) {
      const v = node.initializer;
      if ((v && (ts.isArrowFunction(v) || ts.isFunctionExpression(v))) || isFunctionType(node.type)) {
        return make(name, 'method');
      }
      return null;
    }
    if (!node.body && overloaded(node)) {
      return scopeOnly(name);
    }
    return make(name, 'method');
  }

  // variable: a function or class bound to a name (at module level or in a
  // function or method), or any other module-level const/let/var.
  variable(node, make) {
    if (!ts.isIdentifier(node.name)) {
      return null;
    }
    const v = node.initializer;
    if (v && ts.isCallExpression(v) && ts.isIdentifier(v.expression) && v.expression.text === 'require') {
      return null;
    }
    const list = node.parent;
    const stmt = list && list.parent;
    const top = ts.isVariableDeclarationList(list) && stmt && ts.isVariableStatement(stmt) &&
      (ts.isSourceFile(stmt.parent) || ts.isModuleBlock(stmt.parent));
    if (v && (ts.isArrowFunction(v) || ts.isFunctionExpression(v) || ts.isClassExpression(v))) {
      // In a function or method, and in a function literal outside any
      // symbol (a test's callback at module level).
      const o = this.enclosing(node);
      if (!top && !(o && (o.kind === 'function' || o.kind === 'method')) && !(!o && inFunctionLiteral(node))) {
        return null;
      }
      return make(node.name.text, ts.isClassExpression(v) ? 'class' : 'function');
    }
    if (!top) {
      return null;
    }
    if (isCallableType(node.type)) {
      return make(node.name.text, 'function');
    }
    return make(node.name.text, (list.flags & ts.NodeFlags.Const) ? 'const' : 'var');
  }

  // namespace: namespace N {}, module "m" {}; A.B {} is one symbol "A.B".
  namespace(node, make) {
    if (node.flags & ts.NodeFlags.GlobalAugmentation) {
      return null;
    }
    if (node.body && ts.isModuleDeclaration(node.body)) {
      return null; // the outer part of A.B
    }
    let name = node.name.text;
    for (let p = node.parent; ts.isModuleDeclaration(p) && p.body && ts.isModuleDeclaration(p.body); p = p.parent) {
      name = p.name.text + '.' + name;
    }
    return make(name, 'module');
  }

  // namedValue is the symbol of the file's own top-level declaration a
  // JavaScript member holds by name: module.exports = { f } and { g: f },
  // X.m = f. The checker answers with the member; its value is f, which
  // lgraph links the call to.
  namedValue(d) {
    const sf = d.getSourceFile();
    if (!isJSFile(sf.fileName)) {
      return null;
    }
    let name;
    if (ts.isShorthandPropertyAssignment(d)) {
      name = d.name.text;
    } else if (ts.isPropertyAssignment(d) && d.initializer && ts.isIdentifier(d.initializer)) {
      name = d.initializer.text;
    } else if (ts.isBinaryExpression(d) && ts.isIdentifier(d.right)) {
      name = d.right.text;
    }
    const decl = name && topDeclaration(sf, name);
    const e = decl && this.entry(decl);
    return e && e.sym ? e.sym : null;
  }

  // calleeOf maps a declaration the checker found to the symbol a call
  // edge points at ({sym}) or says why it is none ({desc}).
  calleeOf(d) {
    const where = this.corpusFile(d) ? 'corpus' : (/[\\/]typescript[\\/]lib[\\/]/.test(d.getSourceFile().fileName) ? 'lib' : 'external');
    const kind = ts.SyntaxKind[d.kind];
    if (where !== 'corpus') {
      return { sym: null, desc: where + ' ' + kind };
    }
    if ((ts.isArrowFunction(d) || ts.isFunctionExpression(d) || ts.isClassExpression(d)) && d.parent &&
        (ts.isVariableDeclaration(d.parent) || ts.isPropertyDeclaration(d.parent))) {
      d = d.parent;
    }
    if (ts.isConstructorDeclaration(d)) {
      d = d.parent;
    }
    // An assignment the checker answers with: the member on its left
    // (exports.f, X.prototype.m) or the function on its right.
    if (d.parent && ts.isBinaryExpression(d.parent) && (d.parent.left === d || skipParens(d.parent.right) === d)) {
      d = d.parent;
    } else if (d.parent && ts.isParenthesizedExpression(d.parent) && d.parent.parent && ts.isBinaryExpression(d.parent.parent)) {
      d = d.parent.parent;
    }
    const e = this.entry(d);
    if (e && e.sym) {
      return { sym: e.sym, desc: e.sym.kind + ' in corpus' };
    }
    const named = this.namedValue(d);
    if (named) {
      return { sym: named, desc: named.kind + ' in corpus, by the name it holds' };
    }
    if (e && e.kind === 'overload') {
      const impl = lastOverload(d);
      const ie = this.entry(impl);
      if (ie && ie.sym) {
        return { sym: ie.sym, desc: ie.sym.kind + ' in corpus' };
      }
    }
    if (ts.isParameter(d) && ts.isParameterPropertyDeclaration(d, d.parent) && ts.isIdentifier(d.name)) {
      // constructor(private work: Work): a property of the class, which
      // lgraph makes a field symbol.
      const c = this.entry(d.parent.parent);
      if (c && c.kind === 'class') {
        const sf = d.getSourceFile();
        const qual = c.qual + '.' + d.name.text;
        return {
          sym: { path: this.rel(sf.fileName), qual, name: d.name.text, kind: 'property', line: declLine(d, sf), end: lineOf(sf, d.end) },
          desc: 'class property in corpus',
        };
      }
    }
    if ((ts.isPropertyDeclaration(d) || ts.isPropertySignature(d) || ts.isMethodSignature(d)) &&
        (ts.isClassLike(d.parent) || ts.isInterfaceDeclaration(d.parent))) {
      const o = this.enclosing(d);
      const name = memberName(d.name);
      if (o && (o.kind === 'class' || o.kind === 'interface') && name !== '') {
        // A property whose type is not written as a function type: the
        // declaration is what the call reaches, but lgraph has no symbol.
        const sf = d.getSourceFile();
        const qual = o.qual + '.' + name;
        return {
          sym: { path: this.rel(sf.fileName), qual, name, kind: 'property', line: declLine(d, sf), end: lineOf(sf, d.end) },
          desc: o.kind + ' property in corpus',
        };
      }
    }
    return { sym: null, desc: 'untracked ' + describeUntracked(d) };
  }
}

function isJSFile(f) {
  return /\.(js|jsx|mjs|cjs)$/.test(f);
}

function skipParens(e) {
  while (e && ts.isParenthesizedExpression(e)) {
    e = e.expression;
  }
  return e;
}

// chainParts is a.b.c as ['a', 'b', 'c'] (this included), undefined for
// any other expression.
function chainParts(e) {
  const parts = [];
  for (;;) {
    if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.name)) {
      parts.unshift(e.name.text);
      e = e.expression;
    } else if (ts.isIdentifier(e)) {
      parts.unshift(e.text);
      return parts;
    } else if (e.kind === ts.SyntaxKind.ThisKeyword) {
      parts.unshift('this');
      return parts;
    } else {
      return undefined;
    }
  }
}

// topDeclaration is the function, class or variable declaration a file
// makes at its top under name.
function topDeclaration(sf, name) {
  for (const st of sf.statements) {
    if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name && st.name.text === name) {
      return st;
    }
    if (ts.isVariableStatement(st)) {
      const d = st.declarationList.declarations.find((v) => ts.isIdentifier(v.name) && v.name.text === name);
      if (d) {
        return d;
      }
    }
  }
  return undefined;
}

// topDeclared reports whether a source file declares name at its top: a
// function, class or variable statement.
function topDeclared(sf, name) {
  for (const st of sf.statements) {
    if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name && st.name.text === name) {
      return true;
    }
    if (ts.isVariableStatement(st) && st.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)) {
      return true;
    }
  }
  return false;
}

// firstAssignment is the first module-level assignment of a function or
// class to target in the file: a member assigned twice keeps its first
// symbol (lang/js/assigns.go).
function firstAssignment(sf, target, fallback) {
  let found;
  const visit = (n) => {
    if (found) {
      return;
    }
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const v = skipParens(n.right);
      const parts = chainParts(n.left);
      if (parts && parts.join('.') === target && (ts.isFunctionExpression(v) || ts.isArrowFunction(v) || ts.isClassExpression(v))) {
        found = n;
        return;
      }
    }
    if (ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n) || ts.isMethodDeclaration(n)) {
      return;
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found || fallback;
}

// assignmentStatement is the statement an assignment is, through chained
// assignments, else the assignment: the line lgraph gives its symbol.
function assignmentStatement(n) {
  let at = n;
  while (at.parent && ts.isBinaryExpression(at.parent) && at.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    at = at.parent;
  }
  return at.parent && ts.isExpressionStatement(at.parent) ? at.parent : at;
}

// inFunctionLiteral reports whether node lies in an arrow function or
// function expression.
function inFunctionLiteral(node) {
  for (let p = node.parent; p; p = p.parent) {
    if (ts.isArrowFunction(p) || ts.isFunctionExpression(p)) {
      return true;
    }
  }
  return false;
}

function describeUntracked(d) {
  if (ts.isParameter(d)) {
    return 'parameter';
  }
  if (ts.isBindingElement(d)) {
    return 'destructured binding';
  }
  if (ts.isVariableDeclaration(d)) {
    return 'local variable';
  }
  if (ts.isObjectLiteralElementLike(d)) {
    return 'object literal member';
  }
  if (ts.isTypeElement(d) || ts.isFunctionTypeNode(d)) {
    return 'type literal member or signature';
  }
  if (ts.isArrowFunction(d) || ts.isFunctionExpression(d)) {
    return 'function literal';
  }
  if (ts.isClassElement(d)) {
    return 'member of an anonymous class or computed name';
  }
  return ts.SyntaxKind[d.kind];
}

// memberName is a member's name as lgraph writes it: identifiers and
// private names as written, string and number keys unquoted; computed
// names give "".
function memberName(n) {
  if (!n) {
    return '';
  }
  if (ts.isIdentifier(n) || ts.isPrivateIdentifier(n) || ts.isStringLiteral(n) || ts.isNumericLiteral(n)) {
    return n.text;
  }
  return '';
}

function isFunctionType(t) {
  while (t && ts.isParenthesizedTypeNode(t)) {
    t = t.type;
  }
  return Boolean(t && ts.isFunctionTypeNode(t));
}

// isCallableType: a function type, or an object type of call signatures.
function isCallableType(t) {
  if (isFunctionType(t)) {
    return true;
  }
  return Boolean(t && ts.isTypeLiteralNode(t) && t.members.length > 0 && t.members.every(ts.isCallSignatureDeclaration));
}

// overloaded: the next statement or member declares the same function or
// method name, so node is an overload signature (as lgraph's tsOverloaded).
function overloaded(node) {
  const next = nextSibling(node);
  if (!next) {
    return false;
  }
  if (!(ts.isFunctionDeclaration(next) || ts.isMethodDeclaration(next) || ts.isMethodSignature(next))) {
    return false;
  }
  return memberName(next.name) === memberName(node.name);
}

function lastOverload(node) {
  while (overloaded(node)) {
    node = nextSibling(node);
  }
  return node;
}

function nextSibling(node) {
  const p = node.parent;
  let list;
  if (ts.isSourceFile(p) || ts.isModuleBlock(p) || ts.isBlock(p)) {
    list = p.statements;
  } else if (ts.isClassLike(p) || ts.isInterfaceDeclaration(p) || ts.isTypeLiteralNode(p)) {
    list = p.members;
  } else {
    return undefined;
  }
  const i = list.indexOf(node);
  return i >= 0 && i + 1 < list.length ? list[i + 1] : undefined;
}

// declLine is lgraph's line of a declaration: its first token after any
// decorators.
function declLine(node, sf) {
  let start = node.getStart(sf);
  const decorators = ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined;
  if (decorators && decorators.length > 0) {
    start = ts.skipTrivia(sf.text, decorators[decorators.length - 1].end);
  }
  return lineOf(sf, start);
}

function lineOf(sf, pos) {
  return sf.getLineAndCharacterOfPosition(pos).line + 1;
}

module.exports = { SymbolModel };
