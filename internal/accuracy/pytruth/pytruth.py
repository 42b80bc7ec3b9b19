#!/usr/bin/python3
"""Python truth for lgraph's accuracy tests.

Two reports, one JSON object per line on stdout, paths relative to ROOT:

  pytruth.py imports ROOT --sys-path DIR ...
      every import statement of every .py file under ROOT, with the file of
      each module it names, found the way Python's import system finds it
      (importlib.machinery.PathFinder over the given sys.path, no code run).

  pytruth.py calls ROOT --sys-path DIR ... [--files LIST] [--workers N]
      every call site (and decorator) of every .py file (or of the files
      LIST names, one a line), with its enclosing def or class, its
      syntactic form, how the receiver or name is bound, and what jedi's
      goto (follow_imports=True) says the called name is; N processes
      (default: one per CPU) share the files. A bare builtin's name that
      the file never rebinds is answered without jedi.

The sys.path entries are directories relative to ROOT, searched in order; the
checkout comes first so that jedi's bundled typeshed stubs for popular
libraries (requests, flask, click, werkzeug) do not hide its own definitions.
The standard library stays on the path so that names from it are known as
outside the checkout; site-packages and dist-packages are left off.
"""

import argparse
import ast
import builtins
import importlib.machinery
import json
import os
import sys
import sysconfig
import types


def py_files(root):
    """Yields .py paths under root relative to it, sorted, skipping hidden dirs."""
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith("."))
        for f in files:
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(d, f), root).replace(os.sep, "/"))
    return sorted(out)


def read_tree(root, rel):
    with open(os.path.join(root, rel), "rb") as fh:
        src = fh.read()
    try:
        return src, ast.parse(src, filename=rel)
    except (SyntaxError, ValueError):
        return src, None


# --- imports -----------------------------------------------------------------


class Finder:
    """Finds module files without importing anything."""

    def __init__(self, root, sys_path):
        self.root = os.path.realpath(root)
        self.path = [os.path.realpath(os.path.join(root, p)) for p in sys_path]
        self.cache = {}

    def spec(self, name):
        if name in self.cache:
            return self.cache[name]
        parent, _, _ = name.rpartition(".")
        search = self.path
        if parent:
            ps = self.spec(parent)
            search = search_locations(ps) if ps else None
        s = None
        if search:
            if parent:
                # A namespace child's spec looks its parent up in sys.modules:
                # give it a bare module with the path (no code runs).
                stand_in = types.ModuleType(parent)
                stand_in.__path__ = search
                sys.modules.setdefault(parent, stand_in)
            try:
                s = importlib.machinery.PathFinder.find_spec(name, search)
            except (ImportError, ValueError, KeyError, AttributeError):
                s = None
        self.cache[name] = s
        return s

    def file(self, name):
        """The checkout file a module is, or None (outside, namespace, missing)."""
        s = self.spec(name)
        if s is None or not s.origin or not s.has_location:
            return None
        return self.rel(s.origin)

    def rel(self, p):
        p = os.path.realpath(p)
        if not p.startswith(self.root + os.sep):
            return None
        return os.path.relpath(p, self.root).replace(os.sep, "/")

    def package_of(self, rel):
        """The dotted package a file belongs to under the first root holding it."""
        full = os.path.realpath(os.path.join(self.root, rel))
        for r in self.path:
            if full.startswith(r + os.sep):
                parts = os.path.relpath(os.path.dirname(full), r).split(os.sep)
                return [] if parts == ["."] else parts
        return None


def search_locations(spec):
    """A package's directories; a namespace package's without importing its parent."""
    locs = spec.submodule_search_locations
    if locs is None:
        return []
    try:
        return list(locs)
    except KeyError:  # a _NamespacePath recalculates through sys.modules
        return list(locs._path)


def resolve_relative(pkg, level, module):
    if pkg is None or level - 1 > len(pkg):
        return None
    base = pkg[: len(pkg) - (level - 1)]
    if module:
        base = base + module.split(".")
    return ".".join(base) or None


def imports(root, sys_path):
    finder = Finder(root, sys_path)
    for rel in py_files(root):
        _, tree = read_tree(root, rel)
        if tree is None:
            continue
        pkg = finder.package_of(rel)
        for node in ast.walk(tree):
            units = []
            if isinstance(node, ast.Import):
                written = None
                for a in node.names:
                    units.append((a.name, a.name, "module"))
            elif isinstance(node, ast.ImportFrom):
                written = "." * node.level + (node.module or "")
                mod = node.module if node.level == 0 else resolve_relative(pkg, node.level, node.module)
                if mod is None:
                    continue
                units.append((written, mod, "module"))
                for a in node.names:
                    if a.name != "*" and finder.file(mod + "." + a.name):
                        units.append((written, mod + "." + a.name, "submodule"))
            else:
                continue
            for written, mod, kind in units:
                print(json.dumps({"file": rel, "line": node.lineno, "written": written, "module": mod,
                                  "kind": kind, "target": finder.file(mod)}))


# --- calls -------------------------------------------------------------------

FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
BUILTINS = frozenset(dir(builtins))


class Scope:
    def __init__(self, node, qual):
        self.node, self.qual = node, qual
        self.params, self.locals, self.withs, self.loops, self.imports = set(), set(), set(), set(), {}
        if isinstance(node, FUNCS) or isinstance(node, ast.Lambda):
            a = node.args
            for p in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]:
                if p is not None:
                    self.params.add(p.arg)


class Sites(ast.NodeVisitor):
    """Collects call sites with their enclosing def/class, as lgraph nests them."""

    def __init__(self, rel, tree, finder):
        self.rel, self.finder = rel, finder
        self.pkg = finder.package_of(rel)
        self.stack = []  # named defs/classes
        self.module = Scope(ast.Module(body=[], type_ignores=[]), "")
        self.bindings(tree, self.module, imports_only=True)
        self.sites = []
        # Names bound anywhere in the file: a builtin's name is only the
        # builtin when none of these rebinds it (and no star import may).
        self.bound, self.star = set(), False
        for n in ast.walk(tree):
            if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load):
                self.bound.add(n.id)
            elif isinstance(n, FUNCS + (ast.ClassDef,)):
                self.bound.add(n.name)
            elif isinstance(n, ast.arg):
                self.bound.add(n.arg)
            elif isinstance(n, (ast.Import, ast.ImportFrom)):
                for a in n.names:
                    self.star = self.star or a.name == "*"
                    self.bound.add((a.asname or a.name).split(".")[0])

    def scope(self):
        return self.stack[-1] if self.stack else self.module

    def visit_def(self, node):
        for d in node.decorator_list:
            self.decorator(d)
            self.visit(d)
        qual = node.name if not self.stack else self.stack[-1].qual + "." + node.name
        s = Scope(node, qual)
        self.bindings(node, s)
        self.stack.append(s)
        for field, value in ast.iter_fields(node):
            if field == "decorator_list":
                continue
            if isinstance(value, list):
                for v in value:
                    if isinstance(v, ast.AST):
                        self.visit(v)
            elif isinstance(value, ast.AST):
                self.visit(value)
        self.stack.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = visit_def

    def bindings(self, node, s, imports_only=False):
        """Records the names a def's own body binds, not descending into nested defs."""
        todo = list(node.body) if not isinstance(node, ast.ClassDef) else []
        while todo:
            n = todo.pop()
            if isinstance(n, FUNCS + (ast.ClassDef,)):
                if not imports_only:
                    s.locals.add(n.name)
                continue
            if isinstance(n, (ast.Import, ast.ImportFrom)):
                self.bind_import(n, s)
                continue
            if imports_only:
                todo.extend(ast.iter_child_nodes(n))
                continue
            if isinstance(n, ast.Lambda):
                continue
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                s.locals.add(n.id)
            if isinstance(n, ast.withitem) and n.optional_vars is not None:
                for t in ast.walk(n.optional_vars):
                    if isinstance(t, ast.Name):
                        s.withs.add(t.id)
            if isinstance(n, (ast.For, ast.AsyncFor, ast.comprehension)):
                for t in ast.walk(n.target):
                    if isinstance(t, ast.Name):
                        s.loops.add(t.id)
            todo.extend(ast.iter_child_nodes(n))

    def bind_import(self, n, s):
        """Maps each name an import binds to the checkout file it comes from."""
        for a in n.names:
            if isinstance(n, ast.Import):
                bound = a.asname or a.name.split(".")[0]
                s.imports[bound] = (self.finder.file(a.name if a.asname else bound), True, self.outside(a.name))
                continue
            if a.name == "*":
                continue
            mod = n.module if n.level == 0 else resolve_relative(self.pkg, n.level, n.module)
            sub = self.finder.file(mod + "." + a.name) if mod else None
            if sub:
                s.imports[a.asname or a.name] = (sub, True, False)
            else:
                s.imports[a.asname or a.name] = (self.finder.file(mod) if mod else None, False,
                                                 n.level == 0 and self.outside(mod))

    def outside(self, module):
        """Whether an absolute module's top-level package is not in the checkout."""
        top = module.split(".")[0]
        return self.finder.file(top) is None and self.finder.spec(top) is None

    def binding(self, name):
        """How a bare name is bound where it is used: param, with, loop, local, import, global."""
        for s in reversed(self.stack + [self.module]):
            if name in s.params:
                return "param"
            if name in s.withs:
                return "with"
            if name in s.loops:
                return "loop"
            if name in s.imports:
                return "import"
            if name in s.locals:
                return "local"
        return "global"

    def decorator(self, d):
        if isinstance(d, (ast.Name, ast.Attribute)):
            self.site(d, "decorator")

    def visit_Call(self, node):
        if isinstance(node.func, (ast.Name, ast.Attribute)):
            self.site(node.func, None)
        self.generic_visit(node)

    def site(self, fn, form):
        if isinstance(fn, ast.Name):
            name, line, col = fn.id, fn.lineno, fn.col_offset
            shape = "f()"
            bound = self.binding(fn.id)
            if bound != "global":
                shape = "f() bound by " + bound
            head = fn.id
        else:
            name = fn.attr
            # The attribute name sits after the last dot of the expression.
            line, col = fn.end_lineno, fn.end_col_offset - len(fn.attr)
            shape = self.receiver(fn.value)
            head = fn.value
            while isinstance(head, ast.Attribute):
                head = head.value
            head = head.id if isinstance(head, ast.Name) else None
        if form == "decorator":
            shape = "@" + shape
        s = self.scope()
        site = {"file": self.rel, "line": line, "col": col, "name": name, "shape": shape,
                "caller": s.qual, "caller_line": getattr(s.node, "lineno", 0)}
        if head and self.binding(head) == "import":
            site["import_file"] = self.import_file(head)
            site["import_external"] = self.import_external(head)
        if isinstance(fn, ast.Name) and fn.id in BUILTINS and fn.id not in self.bound and not self.star:
            site["builtin"] = True  # known without asking jedi
        self.sites.append(site)

    def imported_module(self, name):
        for s in reversed(self.stack + [self.module]):
            if name in s.imports:
                return s.imports[name][1]
        return False

    def import_external(self, name):
        for s in reversed(self.stack + [self.module]):
            if name in s.imports:
                return s.imports[name][2]
        return False

    def import_file(self, name):
        for s in reversed(self.stack + [self.module]):
            if name in s.params or name in s.withs or name in s.loops:
                return None
            if name in s.imports:
                return s.imports[name][0]
            if name in s.locals:
                return None
        return None

    def receiver(self, v):
        if isinstance(v, ast.Name):
            if v.id in ("self", "cls"):
                return v.id + ".m()"
            b = self.binding(v.id)
            if b == "import" and not self.imported_module(v.id):
                return "Imported.m()"
            return {"param": "param.m()", "with": "with-as.m()", "loop": "loop-var.m()", "local": "local.m()",
                    "import": "module.f()"}.get(b, "Global.m()")
        if isinstance(v, ast.Attribute):
            head = v
            while isinstance(head, ast.Attribute):
                head = head.value
            if isinstance(head, ast.Name) and head.id in ("self", "cls"):
                return "self.x.m()"
            if isinstance(head, ast.Name) and self.binding(head.id) == "import":
                return "module.x.f()" if isinstance(v.value, ast.Name) else "module.x.y.f()"
            return "x.y.m()"
        if isinstance(v, ast.Call):
            if isinstance(v.func, ast.Name) and v.func.id == "super":
                return "super().m()"
            return "f().m()"
        if isinstance(v, (ast.Constant, ast.JoinedStr, ast.List, ast.Dict, ast.Set, ast.Tuple)):
            return "literal.m()"
        if isinstance(v, ast.Subscript):
            return "x[i].m()"
        return "expr.m()"

    def visit_Lambda(self, node):
        self.generic_visit(node)


_jedi = {}


def _patch_pytest_plugin():
    """jedi's pytest plugin (0.18) memoizes the generator of the modules a
    test may take fixtures from, so after a file's first fixture lookup the
    next ones find an exhausted generator and nothing: memoize the list."""
    try:
        import jedi.plugins.pytest as plugin
        from jedi.inference.cache import inference_state_method_cache
    except ImportError:
        return
    cells = plugin._iter_pytest_modules.__closure__ or ()
    raw = next((c.cell_contents for c in cells
                if getattr(c.cell_contents, "__name__", "") == "_iter_pytest_modules"), None)
    if raw is None:
        return

    @inference_state_method_cache()
    def listed(module_context, skip_own_module=False):
        return list(raw(module_context, skip_own_module=skip_own_module))

    plugin._iter_pytest_modules = listed


def _init_worker(root, sys_path):
    import jedi

    _patch_pytest_plugin()

    roots = [os.path.realpath(os.path.join(root, p)) for p in sys_path]
    paths = sysconfig.get_paths()
    stdlib = [paths["stdlib"], paths["platstdlib"]]
    _jedi["project"] = jedi.Project(root, sys_path=roots + stdlib, smart_sys_path=False)
    _jedi["env"] = jedi.InterpreterEnvironment()
    _jedi["root"] = os.path.realpath(root)
    _jedi["finder"] = Finder(root, sys_path)


def file_sites(rel):
    """The call sites of one file with jedi's answer for each."""
    import jedi

    real = _jedi["root"]
    src, tree = read_tree(real, rel)
    if tree is None:
        return []
    v = Sites(rel, tree, _jedi["finder"])
    v.visit(tree)
    script = jedi.Script(src.decode("utf-8", "replace"), path=os.path.join(real, rel), project=_jedi["project"],
                         environment=_jedi["env"])
    for s in v.sites:
        if s.pop("builtin", False):
            s["targets"], s["outside"] = [], [{"file": "builtins", "type": "builtin", "name": s["name"],
                                               "third_party_stub": False}]
            continue
        try:
            names = script.goto(s["line"], s["col"], follow_imports=True)
        except Exception as e:  # jedi raises on odd positions; the site counts as unknown
            names, s["error"] = [], type(e).__name__
        targets, outside = [], []
        for n in names:
            p = str(n.module_path) if n.module_path else ""
            rp = os.path.realpath(p) if p else ""
            if rp.startswith(real + os.sep):
                targets.append({"file": os.path.relpath(rp, real).replace(os.sep, "/"), "line": n.line,
                                "type": n.type, "name": n.name})
            else:
                # A stub of a third-party package means the checkout was shadowed.
                outside.append({"file": p, "type": n.type, "name": n.name,
                                "third_party_stub": p.endswith(".pyi") and "/typeshed/third_party/" in p})
        s["targets"], s["outside"] = targets, outside
    return v.sites


def calls(root, sys_path, only, workers):
    import multiprocessing

    files = py_files(root)
    if only:
        with open(only) as fh:
            keep = set(l.strip() for l in fh if l.strip())
        files = [f for f in files if f in keep]
    # Largest first, so that the last file to finish is a small one.
    files.sort(key=lambda f: -os.path.getsize(os.path.join(root, f)))
    if workers <= 1:
        _init_worker(root, sys_path)
        results = [file_sites(f) for f in files]
    else:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(workers, _init_worker, (root, sys_path)) as pool:
            results = pool.map(file_sites, files, chunksize=1)
    out = [s for r in results for s in r]
    out.sort(key=lambda s: (s["file"], s["line"], s["col"]))
    for s in out:
        print(json.dumps(s))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=["imports", "calls"])
    ap.add_argument("root")
    ap.add_argument("--sys-path", action="append", default=[])
    ap.add_argument("--files")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    sys.setrecursionlimit(10000)
    if a.mode == "imports":
        imports(a.root, a.sys_path or ["."])
    else:
        calls(a.root, a.sys_path or ["."], a.files, a.workers)


if __name__ == "__main__":
    main()
