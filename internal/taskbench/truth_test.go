package taskbench_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// decl is a module function or method as the compiler declares it.
type decl struct {
	fn        *types.Func
	qual      string // Name or Recv.Name, as lgraph names it
	name      string
	recv      string
	path      string
	line, end int
	sites     map[string]bool // call sites path:line (the called name's line)
	files     map[string]bool // files using it outside its declaration
}

// truth is what the compiler says about a module: its functions, their
// call sites and users, and the files reading each environment variable
// through os.Getenv or os.LookupEnv with a literal name.
type truth struct {
	decls []*decl
	env   map[string]map[string]bool // key -> files
}

// loadTruth type-checks the module at dir offline with go/packages.
func loadTruth(t *testing.T, dir string) *truth {
	t.Helper()
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo,
		Dir: dir,
		Env: append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOSUMDB=off",
			"GOTOOLCHAIN=local", "CGO_ENABLED=0"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Skipf("type-check %s offline: %v", dir, err)
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Skipf("type-check %s offline (a dependency may be missing from the module cache): %v", p.PkgPath, p.Errors[0])
		}
	}
	tr := &truth{env: map[string]map[string]bool{}}
	byFunc := map[*types.Func]*decl{}
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				fn, _ := p.TypesInfo.Defs[fd.Name].(*types.Func)
				if fn == nil {
					continue
				}
				dc := &decl{fn: fn, name: fn.Name(), qual: fn.Name(), sites: map[string]bool{}, files: map[string]bool{}}
				if r := fn.Type().(*types.Signature).Recv(); r != nil {
					dc.recv = recvName(r.Type())
					dc.qual = dc.recv + "." + dc.name
				}
				dc.path, dc.line = rel(t, dir, p.Fset.Position(fd.Pos()))
				_, dc.end = rel(t, dir, p.Fset.Position(fd.End()))
				byFunc[fn] = dc
				tr.decls = append(tr.decls, dc)
			}
		}
	}
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			collectUses(t, dir, p, f, byFunc)
			collectEnv(t, dir, p, f, tr.env)
		}
	}
	sort.Slice(tr.decls, func(i, j int) bool {
		return tr.decls[i].path+"#"+tr.decls[i].qual < tr.decls[j].path+"#"+tr.decls[j].qual
	})
	return tr
}

// collectUses records every use of a module function: call sites where
// the use is the called name, and the using files.
func collectUses(t *testing.T, dir string, p *packages.Package, f *ast.File, byFunc map[*types.Func]*decl) {
	called := map[*ast.Ident]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id := calledIdent(c.Fun); id != nil {
				called[id] = true
			}
		}
		return true
	})
	for id, obj := range p.TypesInfo.Uses {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		dc := byFunc[fn.Origin()]
		if dc == nil {
			continue
		}
		path, line := rel(t, dir, p.Fset.Position(id.Pos()))
		dc.files[path] = true
		if called[id] {
			dc.sites[fmt.Sprintf("%s:%d", path, line)] = true
		}
	}
}

// calledIdent is the name a call is written with: f in f(), M in x.M().
func calledIdent(e ast.Expr) *ast.Ident {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.IndexExpr:
		e = x.X
	case *ast.IndexListExpr:
		e = x.X
	}
	switch x := e.(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// collectEnv records os.Getenv("KEY") and os.LookupEnv("KEY") calls.
func collectEnv(t *testing.T, dir string, p *packages.Package, f *ast.File, env map[string]map[string]bool) {
	ast.Inspect(f, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			return true
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		if !ok || (sel.Sel.Name != "Getenv" && sel.Sel.Name != "LookupEnv") {
			return true
		}
		fn, _ := p.TypesInfo.Uses[sel.Sel].(*types.Func)
		lit, _ := c.Args[0].(*ast.BasicLit)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "os" || lit == nil || lit.Kind != token.STRING {
			return true
		}
		key, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		path, _ := rel(t, dir, p.Fset.Position(c.Pos()))
		if env[key] == nil {
			env[key] = map[string]bool{}
		}
		env[key][path] = true
		return true
	})
}

func rel(t *testing.T, dir string, pos token.Position) (string, int) {
	r, err := filepath.Rel(dir, pos.Filename)
	if err != nil || strings.HasPrefix(r, "..") {
		t.Fatalf("position %v outside %s", pos, dir)
	}
	return filepath.ToSlash(r), pos.Line
}

func recvName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return types.TypeString(t, nil)
}
