package explicit

import "testing"

// TestPythonGenericClasses: a member a generic class types by its type
// parameter (Generic[T], Protocol[T], class Box[T]:) is, on a value
// declared with a type argument (box: Box[User]), of the argument: a
// method's result, a class attribute, an attribute set in __init__, a
// list of it in a loop, a chained generic (Box[T] returned by a method of
// Box[T]). A bounded parameter is its bound inside the class and where no
// argument is given; an argument of no repository type (Box[int]) tells
// nothing.
func TestPythonGenericClasses(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"app/__init__.py": "",
		"app/models.py": "class User:\n    def save(self):\n        pass\n\n\n" +
			"class Base:\n    def ping(self):\n        pass\n\n\nclass Child(Base):\n    def ping(self):\n        pass\n",
		"app/generic.py": "from __future__ import annotations\n\nfrom typing import Generic, Protocol, TypeVar\n\n" +
			"T = TypeVar('T')\nB = TypeVar('B', bound='Base')\n\nfrom app.models import Base\n\n\n" +
			"class Box(Generic[T]):\n    value: T\n\n    def __init__(self, item: T):\n        self.item: T = item\n\n" +
			"    def get(self) -> T:\n        return self.item\n\n    def all(self) -> list[T]:\n        return [self.item]\n\n" +
			"    def again(self) -> Box[T]:\n        return self\n\n\n" +
			"class Holder(Generic[B]):\n    def get(self) -> B:\n        ...\n\n    def run(self):\n        self.get().ping()\n\n\n" +
			"class Reader(Protocol[T]):\n    def read(self) -> T:\n        ...\n\n\n" +
			"class Modern[V]:\n    def get(self) -> V:\n        ...\n",
		"app/use.py": "from app.generic import Box, Holder, Modern, Reader\nfrom app.models import Child, User\n\n\n" +
			"def get(box: Box[User]):\n    box.get().save()\n\n\ndef value(box: Box[User]):\n    box.value.save()\n\n\n" +
			"def item(box: Box[User]):\n    box.item.save()\n\n\ndef loop(box: Box[User]):\n    for u in box.all():\n        u.save()\n\n\n" +
			"def again(box: Box[User]):\n    box.again().get().save()\n\n\ndef bound(h: Holder[Child]):\n    h.get().ping()\n\n\n" +
			"def unbound(h: Holder):\n    h.get().ping()\n\n\ndef protocol(r: Reader[User]):\n    r.read().save()\n\n\n" +
			"def modern(m: Modern[User]):\n    m.get().save()\n\n\ndef builtin(n: Box[int]):\n    n.get().save()\n",
	})
	check(t, got, []string{
		"app/use.py#get -> app/models.py#User.save [calls type]",
		"app/use.py#value -> app/models.py#User.save [calls type]",
		"app/use.py#item -> app/models.py#User.save [calls type]",
		"app/use.py#loop -> app/models.py#User.save [calls type]",
		"app/use.py#again -> app/models.py#User.save [calls type]",
		"app/use.py#bound -> app/models.py#Child.ping [calls type]",
		"app/use.py#unbound -> app/models.py#Base.ping [calls type]",
		"app/use.py#protocol -> app/models.py#User.save [calls type]",
		"app/use.py#modern -> app/models.py#User.save [calls type]",
		"app/generic.py#Holder.run -> app/models.py#Base.ping [calls type]",
	}, []string{
		"app/use.py#bound -> app/models.py#Base.ping [calls type]",
		"app/generic.py#Holder.run -> app/models.py#Child.ping [calls type]",
		"app/use.py#builtin -> app/models.py#User.save [calls type]",
	})
}

// TestPythonGenericBases: a class deriving from a generic class applied
// to type arguments (class UserRepo(Repository[User])) reads the members
// it inherits with them, also through a generic class in between that
// passes its own parameter on (class Mid(Base[T]), class Leaf(Mid[User]))
// and where the subclass re-declares the order (litestar's
// Request(Generic[UserT, AuthT], ASGIConnection["Handler", UserT,
// AuthT]), whose user property comes from the base); its extends edge
// still names the generic.
func TestPythonGenericBases(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"app/__init__.py": "",
		"app/models.py":   "class User:\n    def save(self):\n        pass\n\n\nclass Token:\n    def check(self):\n        pass\n",
		"app/repo.py": "from typing import Generic, TypeVar\n\nT = TypeVar('T')\n\n\n" +
			"class Repository(Generic[T]):\n    def get(self) -> T:\n        ...\n\n\n" +
			"class Mid(Repository[T]):\n    def first(self) -> T:\n        ...\n",
		"app/conn.py": "from typing import Any, Generic, TypeVar\n\nH = TypeVar('H')\nU = TypeVar('U')\nA = TypeVar('A')\n\n\n" +
			"class Connection(Generic[H, U, A]):\n    @property\n    def user(self) -> U:\n        ...\n\n    @property\n    def auth(self) -> A:\n        ...\n\n\n" +
			"class Request(Generic[U, A], Connection['Handler', U, A]):\n    def body(self) -> bytes:\n        ...\n",
		"app/users.py": "from app.models import User\nfrom app.repo import Mid, Repository\n\n\n" +
			"class UserRepo(Repository[User]):\n    def mine(self):\n        self.get().save()\n\n\n" +
			"class Leaf(Mid[User]):\n    pass\n\n\n" +
			"def through(r: UserRepo):\n    r.get().save()\n\n\ndef passed(leaf: Leaf):\n    leaf.get().save()\n    leaf.first().save()\n",
		"app/handlers.py": "from typing import Any\n\nfrom app.conn import Request\nfrom app.models import Token, User\n\n\n" +
			"def handler(request: Request[User, Token]):\n    request.user.save()\n    request.auth.check()\n\n\n" +
			"def untold(request: Request[Any, Any]):\n    request.user.save()\n",
	})
	check(t, got, []string{
		"app/users.py#UserRepo.mine -> app/models.py#User.save [calls type]",
		"app/users.py#through -> app/models.py#User.save [calls type]",
		"app/users.py#passed -> app/models.py#User.save [calls type]",
		"app/handlers.py#handler -> app/models.py#User.save [calls type]",
		"app/handlers.py#handler -> app/models.py#Token.check [calls type]",
		"app/users.py#UserRepo -> app/repo.py#Repository [extends import]",
		"app/users.py#Leaf -> app/repo.py#Mid [extends import]",
	}, []string{
		"app/handlers.py#untold -> app/models.py#User.save [calls type]",
	})
}

// TestPythonGenericConstructors: calling a generic class applied to type
// arguments (JWTAuth[User](...), litestar's documented form) makes an
// instance of it applied to them, at module level and in a function, and
// the application alone is the class (kind = Auth[User]; kind.build()); an
// index of a constant's mapping by a class (HANDLERS[User]()) is no
// application.
func TestPythonGenericConstructors(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"app/__init__.py": "",
		"app/models.py":   "class User:\n    def save(self):\n        pass\n",
		"app/auth.py": "from typing import Generic, TypeVar\n\nT = TypeVar('T')\n\n\n" +
			"class Auth(Generic[T]):\n    def __init__(self, handler):\n        self.handler = handler\n\n    def current(self) -> T:\n        ...\n\n" +
			"    @classmethod\n    def build(cls):\n        ...\n",
		"app/use.py": "from app.auth import Auth\nfrom app.models import User\n\nauth = Auth[User](handler=None)\nHANDLERS = {User: User}\n\n\n" +
			"def module_level():\n    auth.current().save()\n\n\ndef local():\n    a = Auth[User](None)\n    a.current().save()\n\n\n" +
			"def indexed():\n    HANDLERS[User]().save()\n\n\ndef class_value():\n    kind = Auth[User]\n    kind.build()\n",
	})
	check(t, got, []string{
		"app/use.py#module_level -> app/models.py#User.save [calls type]",
		"app/use.py#local -> app/models.py#User.save [calls type]",
		"app/use.py#class_value -> app/auth.py#Auth.build [calls type]",
	}, []string{
		"app/use.py#indexed -> app/models.py#User.save [calls type]",
	})
}
