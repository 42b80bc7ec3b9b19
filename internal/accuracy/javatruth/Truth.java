// Truth prints the call graph javac sees in a Java source tree, for
// lgraph's accuracy test (internal/accuracy/java_calls_test.go).
//
// Usage: java Truth.java [-cp CLASSPATH] ROOT FILE...   (FILE relative to ROOT)
//
// CLASSPATH holds the libraries the files need (a corpus's tests need
// their test frameworks).
//
// It parses and attributes the files with the Compiler Tree API (no class
// files are written) and prints one tab-separated line per call inside a
// method or constructor whose callee is declared in the files:
//
//   call  CALLER  CALLEE  SHAPE  AT
//
// CALLER and CALLEE are declarations as path:line:name (the name of a
// constructor is its class's simple name; the line is where the
// declaration starts, modifiers and annotations included, as in lgraph).
// The caller of a call in a lambda or an anonymous or local class is the
// outermost method around it, the symbol lgraph attributes it to. SHAPE is
// the syntactic form of the call; AT is path:line of the call. A callee
// that lgraph cannot name (a member of an anonymous or local class) is
// printed with kind "local" instead of "call"; a callee declared outside
// the files with kind "ext" and CALLEE as its type's qualified name and
// its simple name (java.lang.String.length). A call javac could not
// attribute (a library missing from CLASSPATH, an argument of an unknown
// type) is printed with kind "unres" and CALLEE as the called name: it is
// in no truth, and lgraph's edges of that name from that caller are not
// scored. A line "error MESSAGE" is printed per compiler error; the exit
// status is 1 when there were any.
import com.sun.source.tree.*;
import com.sun.source.util.*;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.*;
import javax.lang.model.util.Elements;
import javax.tools.*;

public class Truth {
    public static void main(String[] args) throws Exception {
        int first = 0;
        String classpath = "";
        if (args.length > 1 && args[0].equals("-cp")) {
            classpath = args[1];
            first = 2;
        }
        if (args.length < first + 2) {
            System.err.println("usage: java Truth.java [-cp CLASSPATH] ROOT FILE...");
            System.exit(2);
        }
        Path root = Paths.get(args[first]).toRealPath();
        List<File> files = new ArrayList<>();
        for (int i = first + 1; i < args.length; i++) {
            files.add(root.resolve(args[i]).toFile());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager fm = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8);
        int[] errors = {0};
        DiagnosticListener<JavaFileObject> diags = d -> {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                errors[0]++;
                System.out.println("error\t" + d.toString().replace('\n', ' '));
            }
        };
        List<String> options = new ArrayList<>(List.of("-proc:none", "-nowarn", "-Xlint:none", "-encoding", "UTF-8"));
        if (!classpath.isEmpty()) {
            options.addAll(List.of("-cp", classpath));
        }
        JavacTask task = (JavacTask) javac.getTask(null, fm, diags, options, null, fm.getJavaFileObjectsFromFiles(files));
        Iterable<? extends CompilationUnitTree> units = task.parse();
        task.analyze();
        Trees trees = Trees.instance(task);
        StringBuilder out = new StringBuilder();
        for (CompilationUnitTree cu : units) {
            new Calls(root, trees, task.getElements(), cu, out).scan(cu, null);
        }
        System.out.print(out);
        System.out.flush();
        System.exit(errors[0] > 0 ? 1 : 0);
    }

    /** Calls walks one compilation unit, tracking the outermost method. */
    static class Calls extends TreePathScanner<Void, Void> {
        private final Path root;
        private final Trees trees;
        private final Elements elements;
        private final CompilationUnitTree cu;
        private final StringBuilder out;
        private final SourcePositions pos;
        private final CharSequence text;
        private String caller; // the outermost method's declaration, or null

        Calls(Path root, Trees trees, Elements elements, CompilationUnitTree cu, StringBuilder out) throws Exception {
            this.root = root;
            this.trees = trees;
            this.elements = elements;
            this.cu = cu;
            this.out = out;
            this.pos = trees.getSourcePositions();
            this.text = cu.getSourceFile().getCharContent(true);
        }

        @Override
        public Void visitMethod(MethodTree m, Void v) {
            Element el = trees.getElement(getCurrentPath());
            if (el != null && elements.getOrigin(el) != Elements.Origin.EXPLICIT) {
                return null; // a default constructor or a record's accessor: no source, no lgraph symbol
            }
            if (caller != null) {
                return super.visitMethod(m, v);
            }
            caller = decl(cu, m, el);
            try {
                return super.visitMethod(m, v);
            } finally {
                caller = null;
            }
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree call, Void v) {
            if (caller != null && written(call)) {
                if (attributed(call.getArguments()) && attributed(call.getMethodSelect())) {
                    emit(trees.getElement(getCurrentPath()), shape(call.getMethodSelect()), call);
                } else {
                    unresolved(calledName(call.getMethodSelect()), call);
                }
            }
            return super.visitMethodInvocation(call, v);
        }

        @Override
        public Void visitNewClass(NewClassTree n, Void v) {
            if (caller != null && !attributed(n.getArguments())) {
                unresolved(n.getIdentifier().toString().replaceAll("<.*", "").replaceAll(".*\\.", ""), n);
            } else if (caller != null) {
                Element ctor = trees.getElement(getCurrentPath());
                String shape = "new T()";
                if (n.getClassBody() != null) {
                    ctor = superConstructor(n.getClassBody());
                    shape = "new T(){}";
                }
                emit(ctor, shape, n);
            }
            return super.visitNewClass(n, v);
        }

        /**
         * attributed reports whether javac knows the types of the trees (a
         * call with an argument of an unknown type fits every overload and
         * javac's choice among them is arbitrary).
         */
        private boolean attributed(List<? extends Tree> ts) {
            for (Tree t : ts) {
                if (!attributed(t)) {
                    return false;
                }
            }
            return true;
        }

        private boolean attributed(Tree t) {
            javax.lang.model.type.TypeMirror m = trees.getTypeMirror(new TreePath(getCurrentPath(), t));
            return m == null || m.getKind() != javax.lang.model.type.TypeKind.ERROR;
        }

        private void unresolved(String name, Tree call) {
            out.append("unres\t").append(caller).append('\t').append(name).append("\t-\t").append(where(cu, call)).append('\n');
        }

        private static String calledName(ExpressionTree sel) {
            if (sel instanceof IdentifierTree) {
                return ((IdentifierTree) sel).getName().toString();
            }
            if (sel instanceof MemberSelectTree) {
                return ((MemberSelectTree) sel).getIdentifier().toString();
            }
            return "?";
        }

        /** written reports a call in the source, not javac's implicit super(). */
        private boolean written(MethodInvocationTree call) {
            ExpressionTree sel = call.getMethodSelect();
            if (!(sel instanceof IdentifierTree)) {
                return true;
            }
            String name = ((IdentifierTree) sel).getName().toString();
            if (!name.equals("super")) {
                return true;
            }
            long start = pos.getStartPosition(cu, call);
            return start >= 0 && start + 5 <= text.length() && text.subSequence((int) start, (int) start + 5).toString().equals("super");
        }

        /** superConstructor is what an anonymous class's constructor calls. */
        private Element superConstructor(ClassTree body) {
            for (Tree member : body.getMembers()) {
                if (!(member instanceof MethodTree) || !((MethodTree) member).getName().contentEquals("<init>")) {
                    continue;
                }
                BlockTree b = ((MethodTree) member).getBody();
                if (b == null) {
                    continue;
                }
                for (StatementTree st : b.getStatements()) {
                    if (st instanceof ExpressionStatementTree && ((ExpressionStatementTree) st).getExpression() instanceof MethodInvocationTree) {
                        TreePath p = TreePath.getPath(cu, ((ExpressionStatementTree) st).getExpression());
                        return p == null ? null : trees.getElement(p);
                    }
                }
            }
            return null;
        }

        private void emit(Element callee, String shape, Tree call) {
            if (!(callee instanceof ExecutableElement) && call instanceof MethodInvocationTree) {
                unresolved(calledName(((MethodInvocationTree) call).getMethodSelect()), call);
                return;
            }
            if (!(callee instanceof ExecutableElement) || elements.getOrigin(callee) != Elements.Origin.EXPLICIT) {
                return;
            }
            TreePath at = trees.getPath(callee);
            if (at == null || !(at.getLeaf() instanceof MethodTree)) {
                // Declared outside the files: printed so that a wrong edge can be explained.
                Element owner = callee.getEnclosingElement();
                String type = owner instanceof TypeElement ? ((TypeElement) owner).getQualifiedName().toString() : "?";
                out.append("ext\t").append(caller).append('\t').append(type).append('.').append(callee.getSimpleName())
                    .append('\t').append(shape).append('\t').append(where(cu, call)).append('\n');
                return;
            }
            String kind = named(callee) ? "call" : "local";
            out.append(kind).append('\t').append(caller).append('\t')
                .append(decl(at.getCompilationUnit(), (MethodTree) at.getLeaf(), callee)).append('\t')
                .append(shape).append('\t').append(where(cu, call)).append('\n');
        }

        /** named reports whether every type around a method is a member or top-level type. */
        private boolean named(Element e) {
            for (Element t = e.getEnclosingElement(); t != null && t.getKind() != ElementKind.PACKAGE; t = t.getEnclosingElement()) {
                if (t instanceof TypeElement && ((TypeElement) t).getNestingKind() != NestingKind.TOP_LEVEL
                    && ((TypeElement) t).getNestingKind() != NestingKind.MEMBER) {
                    return false;
                }
                if (t instanceof ExecutableElement) {
                    return false;
                }
            }
            return true;
        }

        private String decl(CompilationUnitTree unit, MethodTree m, Element el) {
            String name = m.getName().toString();
            if (name.equals("<init>") && el != null) {
                name = el.getEnclosingElement().getSimpleName().toString();
            }
            return where(unit, m) + ":" + name;
        }

        private String where(CompilationUnitTree unit, Tree t) {
            long start = pos.getStartPosition(unit, t);
            Path file = Paths.get(unit.getSourceFile().toUri());
            return root.relativize(file).toString().replace(File.separatorChar, '/') + ":" + unit.getLineMap().getLineNumber(start);
        }

        /** shape names the syntactic form of a call's method select. */
        private String shape(ExpressionTree sel) {
            if (sel instanceof IdentifierTree) {
                String name = ((IdentifierTree) sel).getName().toString();
                if (name.equals("super") || name.equals("this")) {
                    return name + "()";
                }
                return "m()";
            }
            if (!(sel instanceof MemberSelectTree)) {
                return "other";
            }
            ExpressionTree recv = ((MemberSelectTree) sel).getExpression();
            switch (recv.getKind()) {
            case IDENTIFIER:
                String r = ((IdentifierTree) recv).getName().toString();
                if (r.equals("this") || r.equals("super")) {
                    return r + ".m()";
                }
                Element e = trees.getElement(new TreePath(new TreePath(getCurrentPath(), sel), recv));
                if (e == null) {
                    return "x.m()";
                }
                switch (e.getKind()) {
                case LOCAL_VARIABLE: case RESOURCE_VARIABLE: case EXCEPTION_PARAMETER: case BINDING_VARIABLE:
                    return "local.m()";
                case PARAMETER:
                    return "param.m()";
                case FIELD: case ENUM_CONSTANT:
                    return "field.m()";
                case CLASS: case INTERFACE: case ENUM: case RECORD: case ANNOTATION_TYPE:
                    return "Type.m()";
                default:
                    return "x.m()";
                }
            case MEMBER_SELECT:
                String inner = ((MemberSelectTree) recv).getExpression().toString();
                return inner.equals("this") ? "this.f.m()" : "x.f.m()";
            case METHOD_INVOCATION:
                return "f().m()";
            case NEW_CLASS:
                return "new T().m()";
            case TYPE_CAST:
            case PARENTHESIZED:
                return "((T) x).m()";
            case ARRAY_ACCESS:
                return "a[i].m()";
            default:
                return "expr.m()";
            }
        }
    }
}
