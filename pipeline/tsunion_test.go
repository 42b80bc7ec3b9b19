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
