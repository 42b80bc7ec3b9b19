package pipeline_test

import (
	"testing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// genericFiles are a module declaring a generic alias Maybe<T> (its body
// given), two classes, and a module whose field is a Maybe<User> and
// whose method calls name() on it.
func genericFiles(maybe string) map[string]string {
	return map[string]string{
		"src/types.ts": "export class Box<T> {\n  name(): string { return '' }\n}\n\nexport type Maybe<T> = " + maybe + "\n",
		"src/user.ts":  "export class User {\n  name(): string { return '' }\n}\n",
		"src/use.ts": "import type { Maybe } from './types'\nimport { User } from './user'\n\n" +
			"export class Svc {\n  user: Maybe<User> = null\n\n  show(): string {\n    return this.user!.name()\n  }\n}\n",
	}
}

const (
	showToUser = `"source":"sym:src/use.ts#Svc.show","target":"sym:src/user.ts#User.name","kind":"calls"`
	showToBox  = `"source":"sym:src/use.ts#Svc.show","target":"sym:src/types.ts#Box.name","kind":"calls"`
)

// TestGenericAliasCallsFollowEdits: a call on a value of a generic alias
// applied to a class reaches the class's method while the alias is one of
// its type parameter (T | null), and follows edits of the alias alone (the
// calling file does not change): an alias of a generic class instead, an
// array of T, T again; update's export equals init's after each.
func TestGenericAliasCallsFollowEdits(t *testing.T) {
	r, inc := indexedRepo(t, genericFiles("T | null"))
	converge(t, r, inc, []step{
		{name: "a class of T", change: func(r *gittest.Repo) {
			r.Write(genericFiles("Box<T>"))
		}, want: []string{showToBox}, absent: []string{showToUser}},
		{name: "an array of T", change: func(r *gittest.Repo) {
			r.Write(genericFiles("readonly T[]"))
		}, absent: []string{showToUser, showToBox}},
		{name: "T or undefined", change: func(r *gittest.Repo) {
			r.Write(genericFiles("T | undefined"))
		}, want: []string{showToUser}, absent: []string{showToBox}},
	})
}

// boxFiles are a module declaring a generic class Box<T> whose field is
// declared as value (its type given), two classes, and a module whose
// field is a Box<User> and whose method calls name() on the box's value.
func boxFiles(value string) map[string]string {
	return map[string]string{
		"src/box.ts":  "export class Other {\n  name(): string { return '' }\n}\n\nexport class Box<T> {\n  value!: " + value + "\n}\n",
		"src/user.ts": "export class User {\n  name(): string { return '' }\n}\n",
		"src/use.ts": "import { Box } from './box'\nimport { User } from './user'\n\n" +
			"export class Svc {\n  box!: Box<User>\n\n  show(): string {\n    return this.box.value.name()\n  }\n}\n",
	}
}

const (
	boxShowToUser  = `"source":"sym:src/use.ts#Svc.show","target":"sym:src/user.ts#User.name","kind":"calls"`
	boxShowToOther = `"source":"sym:src/use.ts#Svc.show","target":"sym:src/box.ts#Other.name","kind":"calls"`
)

// TestGenericClassCallsFollowEdits: a member of a generic class typed by
// its type parameter is, on a Box<User>, a User; an edit of the class
// alone (the calling file does not change) that types the member by
// another class moves the call there, and back; update's export equals
// init's after each.
func TestGenericClassCallsFollowEdits(t *testing.T) {
	r, inc := indexedRepo(t, boxFiles("Other"))
	converge(t, r, inc, []step{
		{name: "typed by T", change: func(r *gittest.Repo) {
			r.Write(boxFiles("T"))
		}, want: []string{boxShowToUser}, absent: []string{boxShowToOther}},
		{name: "typed by Other", change: func(r *gittest.Repo) {
			r.Write(boxFiles("Other"))
		}, want: []string{boxShowToOther}, absent: []string{boxShowToUser}},
		{name: "an array of T", change: func(r *gittest.Repo) {
			r.Write(boxFiles("T[]"))
		}, absent: []string{boxShowToUser, boxShowToOther}},
	})
}
