package explicit

import "testing"

// TestGoAliasesAndPackageVars: a type alias has the methods of the type it
// names (type Hash = Digest; h.IsZero()), and a method called on a package-level variable of a
// named type, in the package or through an import, reaches that type's
// method.
func TestGoAliasesAndPackageVars(t *testing.T) {
	got := resolveAll(t, goMod, map[string]string{
		"plumbing/hash.go": "package plumbing\n\ntype Digest [20]byte\n\nfunc (d Digest) IsZero() bool { return false }\n\n" +
			"type Hash = Digest\n\nvar ZeroHash Hash\n",
		"log/log.go": "package log\n\ntype Target struct{}\n\nfunc (t *Target) Printf() {}\n\nvar Default Target\n\nvar Ptr = &Target{}\n\n" +
			"func Use() {\n\tDefault.Printf()\n}\n",
		"main.go": "package main\n\nimport (\n\t\"example.com/app/log\"\n\t\"example.com/app/plumbing\"\n)\n\n" +
			"func main() {\n\tvar h plumbing.Hash\n\th.IsZero()\n\tplumbing.ZeroHash.IsZero()\n\tlog.Default.Printf()\n\tlog.Ptr.Printf()\n}\n",
	})
	check(t, got,
		[]string{
			"main.go#main -> plumbing/hash.go#Digest.IsZero [calls type]",
			"main.go#main -> log/log.go#Target.Printf [calls type]",
			"log/log.go#Use -> log/log.go#Target.Printf [calls type]",
		}, nil)
}
