package pipeline_test

import (
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// cppDefFiles declare a method in its class's header; the caller is in a
// third file, which no edit below touches.
var cppDefFiles = map[string]string{
	"db/table.h":  "namespace db {\nclass Table {\n public:\n  int Add(int k);\n};\n}\n",
	"db/build.cc": "#include \"table.h\"\nnamespace db {\nint Build(Table* t) { return t->Add(1); }\n}\n",
}

const (
	cppToDecl = `"source":"sym:db/build.cc#db.Build","target":"sym:db/table.h#db.Table.Add","kind":"calls"`
	cppToDef  = `"source":"sym:db/build.cc#db.Build","target":"sym:db/table.cc#db.Table.Add","kind":"calls"`
)

// TestCppCallsFollowOutOfLineDefinitions: a C++ method call links to the
// method's definition outside its class once a file defines it, and back to
// the declaration when that file goes, in update as in init, though the
// caller's file does not change.
func TestCppCallsFollowOutOfLineDefinitions(t *testing.T) {
	r, inc := indexedRepo(t, cppDefFiles)
	converge(t, r, inc, []step{
		{name: "a .cc defines the method", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"db/table.cc": "#include \"table.h\"\nnamespace db {\nint Table::Add(int k) { return k; }\n}\n"})
		}, want: []string{cppToDef}, absent: []string{cppToDecl}},
		{name: "the .cc defines another method instead", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"db/table.cc": "#include \"table.h\"\nnamespace db {\nint Table::Size() { return 0; }\n}\n"})
		}, want: []string{cppToDecl}, absent: []string{cppToDef}},
		{name: "and back", change: func(r *gittest.Repo) {
			r.Write(map[string]string{"db/table.cc": "#include \"table.h\"\nnamespace db {\nint Table::Add(int k) { return k; }\n}\n"})
		}, want: []string{cppToDef}, absent: []string{cppToDecl}},
		{name: "the .cc is removed", change: func(r *gittest.Repo) { r.Remove("db/table.cc") },
			want: []string{cppToDecl}, absent: []string{cppToDef}},
	})
}
