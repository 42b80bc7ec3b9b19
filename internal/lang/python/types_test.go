package python

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

const typesSrc = `from contextlib import contextmanager
from enum import Enum
from typing import TYPE_CHECKING, Iterator, List, Optional, TypeVar
import typing as t
import pkg.sub as ps
import os.path

from . import store
from .models import User as U, Group
from .errors import *

if TYPE_CHECKING:
    from .app import Flask

T = TypeVar("T")
DEFAULT = None
DEFAULT = Group()
MaybeUser = Optional[U]
users = [U()]
app: "Flask" = make_app()
sep = os.path.join("a", "b")


class Color(Enum):
    RED = 1


@dataclass
class Point:
    owner: "t.Optional[U]" = None
    tags: List[str] = field(default_factory=list)
    kind = describe
    backend: "store.Backend"

    def describe(self):
        pass


class Client:
    def __init__(self, app: "Flask", user: Optional[U] = None, cb=None):
        self.app = app
        self.user = user
        self.cb = cb
        self.sub: "ps.Thing" = build()
        self._conn = None
        self.a, self.b = Group(), cb
        self.current = user

    def connect(self):
        self._conn = Conn()

    @property
    def current(self) -> "U":
        return self.user

    @current.setter
    def current(self, v):
        self.user = v

    def me(self):
        return self

    def all(self) -> List[U]:
        return []

    def maybe(self) -> t.Optional[Group]:
        return None

    def items(self):
        yield 1

    @contextmanager
    def session(self) -> Iterator[Group]:
        yield Group()

    @classmethod
    def create(cls) -> "Client":
        return cls(None)

    async def fetch(self) -> T:
        pass


def make_app():
    return Client(None).app
`

// TestPythonExtractTypes checks Symbol.Type: class attributes (self.x in
// any method, class-level, dataclass fields, enum members) and properties
// as fields, module variables, and result types from annotations and
// return statements; imported names in @module|Name form.
func TestPythonExtractTypes(t *testing.T) {
	f := langtest.Extract(t, Language(), typesSrc)
	var got []string
	for _, s := range f.Symbols {
		got = append(got, fmt.Sprintf("%s %s %q", s.Kind, s.Qualified, s.Type))
	}
	want := []string{
		`const T "@typing|TypeVar()"`,
		`const DEFAULT "@.models|Group()"`, // None first, a value later
		`var MaybeUser "@.models|User"`,    // a type alias names its type
		`var users "-"`,
		`var app "@.app|Flask"`, // the annotation wins over the value
		`var sep "@os.path|join()"`,
		`class Color ""`,
		`field Color.RED "self"`, // an enum member is an instance of the enum
		`class Point ""`,
		`field Point.owner "@.models|User"`,
		`field Point.tags "-"`,
		`field Point.backend "@.store|Backend"`, // from . import store: a submodule
		`method Point.describe ""`,
		`class Client ""`,
		`method Client.__init__ ""`,
		`field Client.app "@.app|Flask"`,
		`field Client.user "@.models|User"`,
		`field Client.cb ""`,
		`field Client.sub "@pkg.sub|Thing"`,
		`field Client._conn "@.errors|Conn()"`, // None first; a star import names Conn
		`field Client.a "@.models|Group()"`,
		`field Client.b ""`,
		`method Client.connect ""`,
		`field Client.current "@.models|User"`, // a property, not the self.current assignment
		`field Client.current ""`,
		`method Client.me "self"`,
		`method Client.all "-@.models|User"`, // a list of them: a loop elsewhere takes one
		`method Client.maybe "@.models|Group"`,
		`method Client.items ""`,   // a generator
		`method Client.session ""`, // a context manager yields, no chain says what
		`method Client.create "Client"`,
		`method Client.fetch ""`, // a type variable
		`function make_app "Client().app"`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("symbol types (-want +got):\n%s", diff)
	}
}

// TestPythonExtractReceivers checks Ref.Recv: annotated parameters, locals
// by their last binding before the use, with-as, except-as, loops over
// annotated containers, tuple parts, isinstance narrowing, casts, classes
// held as Type[X], builtin receivers (*args is a tuple: its calls are
// dropped); self, cls and module names stay as written.
func TestPythonExtractReceivers(t *testing.T) {
	src := `import typing as t
from typing import cast
from .models import User as U, Group
from .client import Client


def pair() -> t.Tuple[str, "Client"]:
    pass


def get_cls() -> t.Optional[t.Type["Client"]]:
    pass


class Svc:
    registry: t.Dict[str, t.Type[Client]]

    def __init__(self):
        self._opts: t.Dict[str, Group] = {}

    def run(self, c: Client, n, items: list, seq: t.Sequence[U], m: t.Mapping[str, t.List[Group]], *args):
        c.get()
        n.go()
        items.append(1)
        args.index(1)
        self.helper()
        self._opts.clear()
        x = Client()
        x.get()
        y = x.me()
        y.get()
        x = None
        x = Group()
        x.add()
        with Client() as cm:
            cm.get()
        try:
            pass
        except MyError as err:
            err.report()
        for s in seq:
            s.save()
        for i, s2 in enumerate(seq):
            s2.save()
        for k, gs in m.items():
            for g in gs:
                g.add()
        self._opts["a"].add()
        self._opts.get("b").add()
        _, cl = pair()
        cl.get()
        cast(U, n).save()
        if isinstance(n, Group):
            n.add()
        k2 = get_cls()
        k2().get()
        self.registry["x"]().get()
        make().run()
        t.cast(Client, n).get()

        def inner(q):
            x.add()
            q.go()
        return inner
`
	f := langtest.Extract(t, Language(), src)
	var got []string
	for _, r := range f.Refs {
		if r.Kind == facts.RefCall && r.Qualifier != "" {
			got = append(got, fmt.Sprintf("%d %s.%s <- %q", r.Line, r.Qualifier, r.Name, r.Recv))
		}
	}
	want := []string{
		`22 c.get <- "Client"`,
		`23 n.go <- "?"`,
		`24 items.append <- "-"`,
		`26 self.helper <- ""`,
		`27 self._opts.clear <- ""`, // the resolver follows the field's type
		`29 x.get <- "Client()"`,
		`30 x.me <- "Client()"`,
		`31 y.get <- "Client().me()"`,
		`34 x.add <- "Group()"`,
		`36 cm.get <- "Client().__enter__()"`,
		`40 err.report <- "?"`, // MyError: bound nowhere in the file
		`42 s.save <- "U"`,
		`44 s2.save <- "U"`,
		`45 m.items <- "-"`,
		`47 g.add <- "Group"`,
		`48 ?.add <- "Group"`,
		`49 ?.add <- "Group"`,
		`49 self._opts.get <- ""`,
		`51 cl.get <- "Client"`,
		`52 ?.save <- "U"`,
		`54 n.add <- "Group"`,
		`56 ?.get <- "Client"`,
		`57 ?.get <- "Client"`,
		`58 ?.run <- ""`, // make: bound nowhere in the file
		`59 ?.get <- "Client"`,
		`59 t.cast <- ""`,
		`62 x.add <- "Group()"`, // a closure sees the enclosing function's last binding
		`63 q.go <- "?"`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("receivers (-want +got):\n%s", diff)
	}
}
