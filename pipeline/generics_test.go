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

// pyBoxFiles are a Python module declaring a generic class Box whose
// attribute is declared value (its type given), a subclass applying it to
// base (its type argument given), two classes, and a module that calls
// name() on the value of a Box[User] and of the subclass.
func pyBoxFiles(value, base string) map[string]string {
	return map[string]string{
		"app/__init__.py": "",
		"app/box.py": "from typing import Generic, TypeVar\n\nfrom app.user import Other, User\n\nT = TypeVar('T')\n\n\n" +
			"class Box(Generic[T]):\n    value: " + value + "\n\n\nclass Kept(Box[" + base + "]):\n    pass\n",
		"app/user.py": "class User:\n    def name(self):\n        return ''\n\n\nclass Other:\n    def name(self):\n        return ''\n",
		"app/use.py": "from app.box import Box, Kept\nfrom app.user import User\n\n\n" +
			"def show(box: Box[User]):\n    return box.value.name()\n\n\ndef kept(k: Kept):\n    return k.value.name()\n",
	}
}

const (
	pyShowToUser  = `"source":"sym:app/use.py#show","target":"sym:app/user.py#User.name","kind":"calls"`
	pyShowToOther = `"source":"sym:app/use.py#show","target":"sym:app/user.py#Other.name","kind":"calls"`
	pyKeptToUser  = `"source":"sym:app/use.py#kept","target":"sym:app/user.py#User.name","kind":"calls"`
	pyKeptToOther = `"source":"sym:app/use.py#kept","target":"sym:app/user.py#Other.name","kind":"calls"`
)

// TestPythonGenericCallsFollowEdits: a Python generic class's attribute
// typed by its type parameter is, on a Box[User] and on a subclass of
// Box[User], a User; edits of the generic's module alone (the calling
// module does not change) that type the attribute by another class, or
// apply the subclass's base to it, move the calls, and back; update's
// export equals init's after each.
func TestPythonGenericCallsFollowEdits(t *testing.T) {
	r, inc := indexedRepo(t, pyBoxFiles("Other", "User"))
	converge(t, r, inc, []step{
		{name: "typed by T", change: func(r *gittest.Repo) {
			r.Write(pyBoxFiles("T", "User"))
		}, want: []string{pyShowToUser, pyKeptToUser}, absent: []string{pyShowToOther, pyKeptToOther}},
		{name: "the subclass applies Box to Other", change: func(r *gittest.Repo) {
			r.Write(pyBoxFiles("T", "Other"))
		}, want: []string{pyShowToUser, pyKeptToOther}, absent: []string{pyShowToOther, pyKeptToUser}},
		{name: "typed by Other", change: func(r *gittest.Repo) {
			r.Write(pyBoxFiles("Other", "Other"))
		}, want: []string{pyShowToOther, pyKeptToOther}, absent: []string{pyShowToUser, pyKeptToUser}},
		{name: "a list of T", change: func(r *gittest.Repo) {
			r.Write(pyBoxFiles("list[T]", "User"))
		}, absent: []string{pyShowToUser, pyShowToOther, pyKeptToUser, pyKeptToOther}},
	})
}

// pyPluginFiles are a Python module whose registry keeps, in an
// attribute, the plugins an isinstance() test of class keeps, two plugin
// classes, and a module that loops over the attribute and takes the first
// plugin of next() of a filtered generator.
func pyPluginFiles(class string) map[string]string {
	return map[string]string{
		"app/__init__.py": "",
		"app/plugins.py":  "class Serializer:\n    def run(self):\n        pass\n\n\nclass Loader:\n    def run(self):\n        pass\n",
		"app/registry.py": "from app.plugins import Loader, Serializer\n\n\nclass Registry:\n    def __init__(self, plugins):\n" +
			"        self.kept = tuple(p for p in plugins if isinstance(p, " + class + "))\n",
		"app/use.py": "from app.registry import Registry\n\n\n" +
			"def each(reg: Registry):\n    for p in reg.kept:\n        p.run()\n\n\n" +
			"def first(reg: Registry):\n    next(p for p in reg.kept if p).run()\n",
	}
}

const (
	eachToSerializer  = `"source":"sym:app/use.py#each","target":"sym:app/plugins.py#Serializer.run","kind":"calls"`
	eachToLoader      = `"source":"sym:app/use.py#each","target":"sym:app/plugins.py#Loader.run","kind":"calls"`
	firstToSerializer = `"source":"sym:app/use.py#first","target":"sym:app/plugins.py#Serializer.run","kind":"calls"`
	firstToLoader     = `"source":"sym:app/use.py#first","target":"sym:app/plugins.py#Loader.run","kind":"calls"`
)

// TestPythonComprehensionCallsFollowEdits: a loop over an attribute
// another module sets to tuple() of a filtered generator, and next() of a
// generator over it, reach the class the filter tests; edits of the
// registry alone (the calling module does not change) move them, and
// back; update's export equals init's after each.
func TestPythonComprehensionCallsFollowEdits(t *testing.T) {
	r, inc := indexedRepo(t, pyPluginFiles("Serializer"))
	converge(t, r, inc, []step{
		{name: "keeps loaders", change: func(r *gittest.Repo) {
			r.Write(pyPluginFiles("Loader"))
		}, want: []string{eachToLoader, firstToLoader}, absent: []string{eachToSerializer, firstToSerializer}},
		{name: "keeps serializers", change: func(r *gittest.Repo) {
			r.Write(pyPluginFiles("Serializer"))
		}, want: []string{eachToSerializer, firstToSerializer}, absent: []string{eachToLoader, firstToLoader}},
	})
}

// tsHandlerFiles are a TypeScript module declaring a generic function type
// alias Handler<T> (its parameter's type given) and a Stream<T> whose on()
// takes one, two classes, and a module that registers a callback on a
// Stream<User>.
func tsHandlerFiles(value string) map[string]string {
	return map[string]string{
		"src/stream.ts": "import { Other } from './user'\nexport type Handler<T> = (value: " + value + ") => void\n" +
			"export class Stream<T> {\n  on(cb: Handler<T>): void {}\n}\n",
		"src/user.ts": "export class User {\n  name(): string { return '' }\n}\nexport class Other {\n  name(): string { return '' }\n}\n",
		"src/use.ts":  "import { Stream } from './stream'\nimport { User } from './user'\n\nexport function listen(s: Stream<User>) {\n  s.on((v) => v.name())\n}\n",
	}
}

const (
	listenToUser  = `"source":"sym:src/use.ts#listen","target":"sym:src/user.ts#User.name","kind":"calls"`
	listenToOther = `"source":"sym:src/use.ts#listen","target":"sym:src/user.ts#Other.name","kind":"calls"`
)

// TestAliasTypedCallbacksFollowEdits: a callback declared through a
// generic function type alias takes the stream's type argument while the
// alias types its parameter by T, and follows edits of the alias's module
// alone to another class and back; update's export equals init's after
// each.
func TestAliasTypedCallbacksFollowEdits(t *testing.T) {
	r, inc := indexedRepo(t, tsHandlerFiles("T"))
	converge(t, r, inc, []step{
		{name: "typed by Other", change: func(r *gittest.Repo) {
			r.Write(tsHandlerFiles("Other"))
		}, want: []string{listenToOther}, absent: []string{listenToUser}},
		{name: "typed by T", change: func(r *gittest.Repo) {
			r.Write(tsHandlerFiles("T"))
		}, want: []string{listenToUser}, absent: []string{listenToOther}},
	})
}
