package pipeline_test

import (
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// unionFiles are a module whose type alias names a union of two classes
// and a module that calls a method on a value of that alias (it imports
// the alias alone, not the classes).
func unionFiles(union string) map[string]string {
	return map[string]string{
		"src/ast.ts": "export class Literal {\n  toJSON(): object { return {} }\n}\n\n" +
			"export class Union {\n  toJSON(): object { return {} }\n}\n\n" +
			"export class Suspend {\n  toJSON(): object { return {} }\n}\n\n" +
			"export type AST = " + union + "\n",
		"src/use.ts": "import type { AST } from './ast'\n\nexport function show(ast: AST): object {\n  return ast.toJSON()\n}\n",
	}
}

const (
	showToLiteral = `"source":"sym:src/use.ts#show","target":"sym:src/ast.ts#Literal.toJSON","kind":"calls"`
	showToUnion   = `"source":"sym:src/use.ts#show","target":"sym:src/ast.ts#Union.toJSON","kind":"calls"`
	showToSuspend = `"source":"sym:src/use.ts#show","target":"sym:src/ast.ts#Suspend.toJSON","kind":"calls"`
)

// TestUnionCallsFollowEdits: a call on a value of a union alias reaches
// every member's method, and follows edits of the alias alone (the
// calling file does not change): a member added, the alias narrowed to one
// class; update's export equals init's after each.
func TestUnionCallsFollowEdits(t *testing.T) {
	r, inc := indexedRepo(t, unionFiles("Literal | Union"))
	converge(t, r, inc, []step{
		{name: "a third member", change: func(r *gittest.Repo) {
			r.Write(unionFiles("Literal | Union | Suspend | null"))
		}, want: []string{showToLiteral, showToUnion, showToSuspend}},
		{name: "one class", change: func(r *gittest.Repo) {
			r.Write(unionFiles("Suspend"))
		}, want: []string{showToSuspend}, absent: []string{showToLiteral, showToUnion}},
		{name: "two again", change: func(r *gittest.Repo) {
			r.Write(unionFiles("Union | Literal"))
		}, want: []string{showToLiteral, showToUnion}, absent: []string{showToSuspend}},
	})
}

// pyUnionFiles are a module whose type alias names a union of classes and
// a module whose function's parameter is annotated with the alias.
func pyUnionFiles(union string) map[string]string {
	return map[string]string{
		"pkg/__init__.py": "",
		"pkg/ast.py": "from typing import Union\n\n\n" +
			"class Literal:\n    def to_json(self):\n        pass\n\n\n" +
			"class Branch:\n    def to_json(self):\n        pass\n\n\n" +
			"AST = " + union + "\n",
		"pkg/use.py": "from pkg.ast import AST\n\n\ndef show(node: AST):\n    return node.to_json()\n",
	}
}

const (
	pyShowToLiteral = `"source":"sym:pkg/use.py#show","target":"sym:pkg/ast.py#Literal.to_json","kind":"calls"`
	pyShowToBranch  = `"source":"sym:pkg/use.py#show","target":"sym:pkg/ast.py#Branch.to_json","kind":"calls"`
)

// TestPythonUnionCallsFollowEdits: a call on a parameter annotated with
// another module's union alias follows edits of that alias alone; update's
// export equals init's after each.
func TestPythonUnionCallsFollowEdits(t *testing.T) {
	r, inc := indexedRepo(t, pyUnionFiles("Literal"))
	converge(t, r, inc, []step{
		{name: "a union", change: func(r *gittest.Repo) {
			r.Write(pyUnionFiles("Union[Literal, Branch]"))
		}, want: []string{pyShowToLiteral, pyShowToBranch}},
		{name: "the other class alone", change: func(r *gittest.Repo) {
			r.Write(pyUnionFiles("Branch"))
		}, want: []string{pyShowToBranch}, absent: []string{pyShowToLiteral}},
		{name: "a union written with |", change: func(r *gittest.Repo) {
			r.Write(pyUnionFiles("Branch | Literal"))
		}, want: []string{pyShowToLiteral, pyShowToBranch}},
	})
}
