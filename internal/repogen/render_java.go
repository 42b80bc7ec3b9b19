package repogen

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

const javaSourceRoot = "src/main/java"

var javaSyntax = &syntax{
	indent:  "    ",
	comment: "//",
	decl: func(mult int, extra string) string {
		if extra == "" {
			return fmt.Sprintf("int total = n * %d;", mult)
		}
		return fmt.Sprintf("int total = n * %d + %s;", mult, extra)
	},
	add:   "total += %s;",
	guard: "if (total > 100) {",
	sub:   "total -= %s;",
	close: "}",
	ret:   "return total;",
}

// javaRender holds per-file state for rendering a Java class.
type javaRender struct {
	u       *unit
	refs    map[string]string // target path -> class reference (simple or FQN)
	imports []string
}

// javaPackage returns the Java package of a file path.
func javaPackage(p string) string {
	rel := strings.TrimPrefix(path.Dir(p), javaSourceRoot+"/")
	return strings.ReplaceAll(rel, "/", ".")
}

// javaClass returns the top-level class name of a Java file path.
func javaClass(p string) string { return pascal(stemOf(p)) }

// renderJava renders a Java class with static methods and nested classes.
func renderJava(u *unit, _ string) []fileOut {
	j := &javaRender{u: u, refs: map[string]string{}}
	j.resolveImports()
	var w writer
	w.line("package ", javaPackage(u.Path), ";")
	if len(j.imports) > 0 {
		w.line()
		for _, imp := range j.imports {
			w.line("import ", imp, ";")
		}
	}
	cls := javaClass(u.Path)
	w.line()
	w.line("/**")
	w.line(" * ", cls, ": ", u.Doc)
	w.line(" */")
	w.line("public final class ", cls, " {")
	for _, c := range u.Consts {
		w.line("    /** ", upper(c.Name), " is the default ", strings.ReplaceAll(c.Name, "_", " "), ". */")
		w.line(fmt.Sprintf("    public static final int %s = %d;", upper(c.Name), c.Value))
		w.line()
	}
	w.line("    private ", cls, "() {")
	w.line("    }")
	for i := range u.Funcs {
		j.writeMethod(&w, &u.Funcs[i], "    ", true)
	}
	for i := range u.Types {
		j.writeNested(&w, &u.Types[i])
	}
	w.line("}")
	return []fileOut{{Path: u.Path, Content: w.String()}}
}

func (j *javaRender) writeMethod(w *writer, f *funcDef, ind string, static bool) {
	mods := "public "
	if f.Private {
		mods = "private "
	}
	extra := "this.size"
	if static {
		mods += "static "
		extra = ""
	}
	w.line()
	w.line(ind, "/**")
	w.line(ind, " * ", camel(f.Name), " ", f.Doc)
	w.line(ind, " */")
	w.line(ind, mods, "int ", camel(f.Name), "(int n) {")
	body := bodyLines(f, javaSyntax, j.expr, upper(guardConst(j.u)), extra)
	w.lines(indentLines(body, ind+"    "))
	w.line(ind, "}")
}

func (j *javaRender) writeNested(w *writer, t *typeDef) {
	name := pascal(t.Name)
	w.line()
	w.line("    /** ", name, " ", t.Doc, " */")
	w.line("    public static class ", name, " {")
	w.line("        private int size;")
	for i := range t.Methods {
		j.writeMethod(w, &t.Methods[i], "        ", false)
	}
	w.line("    }")
}

func (j *javaRender) resolveImports() {
	own := map[string]bool{javaClass(j.u.Path): true}
	for _, t := range j.u.Types {
		own[pascal(t.Name)] = true
	}
	al := newAliaser(own)
	pkg := javaPackage(j.u.Path)
	for _, t := range j.u.targets() {
		simple := javaClass(t)
		fqn := javaPackage(t) + "." + simple
		if !al.free([]string{simple}) {
			j.refs[t] = fqn
			continue
		}
		j.refs[t] = simple
		if javaPackage(t) != pkg {
			j.imports = append(j.imports, fqn)
		}
	}
	sort.Strings(j.imports)
}

// expr renders a call with argument total.
func (j *javaRender) expr(c callRef) string {
	qual := ""
	if c.Import != "" {
		qual = j.refs[c.Import] + "."
	}
	if c.Type != "" {
		return fmt.Sprintf("new %s%s().%s(total)", qual, pascal(c.Type), camel(c.Name))
	}
	return fmt.Sprintf("%s%s(total)", qual, camel(c.Name))
}
