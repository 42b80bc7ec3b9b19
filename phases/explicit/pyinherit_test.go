package explicit

import "testing"

// minimalInherit is issue 22's minimal case: the base in one module, the
// subclass in a second, the call on an instance in a third.
var minimalInherit = map[string]string{
	"pkg/__init__.py":     "",
	"pkg/sub/__init__.py": "",
	"pkg/sub/base.py":     "class Base:\n    def hello(self):\n        return 1\n",
	"pkg/child.py":        "from .sub.base import Base\n\n\nclass Child(Base):\n    def other(self):\n        return 2\n",
	"main.py":             "from pkg.child import Child\n\n\ndef run():\n    c = Child()\n    c.hello()\n",
}

// TestPythonInheritedAcrossFiles: a call on an instance reaches the method
// its class inherits from a base defined in another module.
func TestPythonInheritedAcrossFiles(t *testing.T) {
	got := resolveAll(t, nil, minimalInherit)
	check(t, got, []string{"main.py#run -> pkg/sub/base.py#Base.hello [calls type]"}, nil)
}

// TestPythonAttributeTypesAcrossFiles: an attribute's type comes from an
// __init__ assignment (also of a method's result that calls a class held
// in a class attribute), a class-level annotation or a dataclass field,
// each declared in a module other than the caller's; @app.route on an
// instance reaches the base's route. A class attribute holding a class
// that declares __call__ may hold an instance: calling it says nothing.
func TestPythonAttributeTypesAcrossFiles(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"fw/__init__.py": "from .app import App\n",
		"fw/config.py":   "class Config(dict):\n    def from_mapping(self, m):\n        pass\n\n\nclass Hook:\n    def __call__(self):\n        return self\n\n    def fire(self):\n        pass\n",
		"fw/scaffold.py": "from .config import Config, Hook\n\n\nclass Scaffold:\n    config_class = Config\n    hook_class = Hook\n    settings: Config\n\n" +
			"    def make_config(self):\n        return self.config_class()\n\n    def make_hook(self):\n        return self.hook_class()\n\n" +
			"    def route(self, rule):\n        return lambda f: f\n",
		"fw/app.py": "from dataclasses import dataclass\nfrom .scaffold import Scaffold\nfrom .config import Config\n\n\n" +
			"class App(Scaffold):\n    def __init__(self, name):\n        self.config = self.make_config()\n        self.hook = self.make_hook()\n\n\n" +
			"@dataclass\nclass Opts:\n    conf: Config\n    n: int = 0\n",
		"web/views.py": "from fw import App\nfrom fw.app import Opts\n\napp = App(__name__)\n\n\n" +
			"def init():\n    app.config.from_mapping({})\n\n\ndef annotated():\n    app.settings.from_mapping({})\n\n\n" +
			"def fields():\n    o = Opts(conf=None)\n    o.conf.from_mapping({})\n\n\ndef hooked():\n    app.hook.fire()\n\n\n" +
			"def routes():\n    @app.route('/')\n    def index():\n        pass\n",
	})
	check(t, got,
		[]string{
			"web/views.py#init -> fw/config.py#Config.from_mapping [calls type]",
			"web/views.py#annotated -> fw/config.py#Config.from_mapping [calls type]",
			"web/views.py#fields -> fw/config.py#Config.from_mapping [calls type]",
			"web/views.py#routes -> fw/scaffold.py#Scaffold.route [calls type]",
		},
		[]string{"web/views.py#hooked ->"})
}

// TestPythonClsMakesAnInstance: cls() in a classmethod is an instance of
// the class, inside the method and as its result.
func TestPythonClsMakesAnInstance(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"h.py":   "class H:\n    @classmethod\n    def parse(cls, s):\n        h = cls()\n        h.line(s)\n        return h\n\n    def line(self, s):\n        pass\n",
		"use.py": "from h import H\n\n\ndef use():\n    H.parse('x').line('y')\n",
	})
	check(t, got, []string{"h.py#H.parse -> h.py#H.line [calls type]", "use.py#use -> h.py#H.line [calls type]"}, nil)
}

// TestPythonLocalClassInAttribute: a test's setup_method defines a class
// deriving from a framework base in another module and keeps it, or an
// instance of it, in a self attribute; calls through the attribute reach
// the inherited methods. A function that returns an instance of a class
// its body defines gives that instance, through a nested function too.
func TestPythonLocalClassInAttribute(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"fw/__init__.py":    "",
		"fw/serializers.py": "class BaseSerializer:\n    def is_valid(self):\n        return True\n\n    def save(self):\n        pass\n\n\nclass Serializer(BaseSerializer):\n    pass\n",
		"tests/test_ser.py": "from fw import serializers\n\n\nclass TestSerializer:\n    def setup_method(self):\n" +
			"        class ExampleSerializer(serializers.Serializer):\n            pass\n\n" +
			"        self.Serializer = ExampleSerializer\n        self.saved = ExampleSerializer()\n\n" +
			"    def test_valid(self):\n        serializer = self.Serializer(data={})\n        assert serializer.is_valid()\n\n" +
			"    def test_saved(self):\n        self.saved.save()\n\n\n" +
			"def make():\n    def inner():\n        class Local(serializers.BaseSerializer):\n            pass\n\n        return Local()\n\n    return inner()\n\n\n" +
			"def use():\n    make().save()\n",
	})
	check(t, got, []string{
		"tests/test_ser.py#TestSerializer.test_valid -> fw/serializers.py#BaseSerializer.is_valid [calls type]",
		"tests/test_ser.py#TestSerializer.test_saved -> fw/serializers.py#BaseSerializer.save [calls type]",
		"tests/test_ser.py#use -> fw/serializers.py#BaseSerializer.save [calls type]",
	}, nil)
}

// TestPythonCalledClassVariable: calling a local variable that was
// assigned a class (a default beside a configured one) makes an instance
// of it, whose inherited methods calls reach; calling a variable that
// holds an instance says nothing of the result.
func TestPythonCalledClassVariable(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"schemas/__init__.py": "",
		"schemas/base.py":     "class BaseGenerator:\n    def get_schema(self):\n        return {}\n\n\nclass Hook:\n    def __call__(self):\n        return self\n\n    def fire(self):\n        pass\n",
		"schemas/openapi.py":  "from .base import BaseGenerator\n\n\nclass SchemaGenerator(BaseGenerator):\n    pass\n",
		"cmd.py": "from schemas.openapi import SchemaGenerator\nfrom schemas.base import Hook\n\n\n" +
			"def handle(options):\n    if options:\n        generator_class = load(options)\n    else:\n        generator_class = SchemaGenerator\n" +
			"    generator = generator_class()\n    return generator.get_schema()\n\n\n" +
			"def hooked():\n    h = Hook()\n    r = h()\n    r.fire()\n",
	})
	check(t, got, []string{"cmd.py#handle -> schemas/base.py#BaseGenerator.get_schema [calls type]"},
		[]string{"cmd.py#hooked -> schemas/base.py#Hook.fire"})
}

// TestPythonClassBodyAttribute: a call in a class body on an attribute the
// body assigned before reaches the method the attribute's class inherits;
// a decorator before a method of a builtin's name stays the builtin's.
func TestPythonClassBodyAttribute(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"fw/__init__.py": "",
		"fw/routers.py":  "class BaseRouter:\n    def register(self, prefix):\n        pass\n\n\nclass SimpleRouter(BaseRouter):\n    pass\n",
		"tests/test_routers.py": "from fw.routers import SimpleRouter\n\n\nclass TestSimpleRouter:\n" +
			"    router = SimpleRouter()\n    router.register('notes')\n\n" +
			"    @classmethod\n    def classmethod(cls):\n        pass\n",
	})
	check(t, got, []string{"tests/test_routers.py#TestSimpleRouter -> fw/routers.py#BaseRouter.register [calls type]"},
		[]string{"-> tests/test_routers.py#TestSimpleRouter.classmethod"})
}

// TestPythonLocalSubmoduleImport: a submodule imported inside a function
// (from pkg import authentication) names the class an instance is made of.
func TestPythonLocalSubmoduleImport(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"fw/__init__.py":       "",
		"fw/authentication.py": "class BaseAuthentication:\n    def authenticate_credentials(self, u, p):\n        pass\n\n\nclass BasicAuthentication(BaseAuthentication):\n    pass\n",
		"tests/test_auth.py": "def test_inactive():\n    from fw import authentication\n\n" +
			"    auth = authentication.BasicAuthentication()\n    auth.authenticate_credentials('foo', 'bar')\n",
	})
	check(t, got, []string{"tests/test_auth.py#test_inactive -> fw/authentication.py#BaseAuthentication.authenticate_credentials [calls type]"}, nil)
}

// TestPythonBaseHeldInAttribute: a class a test defines on the class its
// setup_method kept in self.Serializer inherits that class's bases'
// methods.
func TestPythonBaseHeldInAttribute(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"fw/__init__.py":    "",
		"fw/serializers.py": "class BaseSerializer:\n    def is_valid(self):\n        return True\n",
		"tests/test_nested.py": "from fw.serializers import BaseSerializer\n\n\nclass TestNested:\n    def setup_method(self):\n" +
			"        class NestedSerializer(BaseSerializer):\n            pass\n\n        self.Serializer = NestedSerializer\n\n" +
			"    def test_run(self):\n        class TestSerializer(self.Serializer):\n            pass\n\n" +
			"        serializer = TestSerializer(data={})\n        assert serializer.is_valid()\n",
	})
	check(t, got, []string{"tests/test_nested.py#TestNested.test_run -> fw/serializers.py#BaseSerializer.is_valid [calls type]"}, nil)
}

// TestPythonAsyncWith: the target of "async with v as x" is what v's
// __aenter__ returns (its annotation, or self), not its __enter__'s, and
// the with-as chain goes on through a method returning another async
// context manager, as falcon's testing.ASGIConductor(app) and
// conn.simulate_ws() do.
func TestPythonAsyncWith(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"fw/__init__.py": "",
		"fw/helpers.py":  "class Simulator:\n    async def send_text(self, s):\n        pass\n",
		"fw/client.py": "from __future__ import annotations\n\nfrom fw import helpers\n\n\n" +
			"class Conductor:\n    def __enter__(self):\n        return None\n\n" +
			"    async def __aenter__(self) -> Conductor:\n        return self\n\n" +
			"    def simulate_ws(self) -> _WSContext:\n        return _WSContext()\n\n\n" +
			"class _WSContext:\n    async def __aenter__(self) -> helpers.Simulator:\n        pass\n",
		"test_ws.py": "from fw import client\n\n\nasync def test_echo():\n" +
			"    async with client.Conductor() as conn:\n        async with conn.simulate_ws() as ws:\n            await ws.send_text('x')\n",
	})
	check(t, got, []string{
		"test_ws.py#test_echo -> fw/client.py#Conductor.simulate_ws [calls type]",
		"test_ws.py#test_echo -> fw/helpers.py#Simulator.send_text [calls type]",
	}, nil)
}

// TestPythonTypeVarBound: a parameter annotated with a TypeVar that
// declares a bound (falcon's resp: _RespT, _RespT = TypeVar('_RespT',
// bound='Response') in another module, defined in both arms of an if) is
// an instance of the bound, in the module that defines the TypeVar and
// in one importing it.
func TestPythonTypeVarBound(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"fw/__init__.py": "",
		"fw/response.py": "class Response:\n    def set_headers(self):\n        pass\n",
		"fw/_typing.py": "from __future__ import annotations\nimport sys\nfrom typing import TYPE_CHECKING, TypeVar\n\n" +
			"if TYPE_CHECKING:\n    from fw.response import Response\n\n" +
			"if sys.version_info >= (3, 13):\n    _RespT = TypeVar('_RespT', bound='Response', default='Response')\n" +
			"else:\n    _RespT = TypeVar('_RespT', bound='Response')\n\nT = TypeVar('T')\n\n\n" +
			"def local(resp: _RespT, other: T):\n    resp.set_headers()\n",
		"fw/app.py": "from fw._typing import _RespT\n\n\nclass App:\n    def compose(self, resp: _RespT) -> None:\n        resp.set_headers()\n",
	})
	check(t, got, []string{
		"fw/_typing.py#local -> fw/response.py#Response.set_headers [calls type]",
		"fw/app.py#App.compose -> fw/response.py#Response.set_headers [calls type]",
	}, nil)
}

// TestPythonSameTypeCalls: copy(x) and deepcopy(x) of the standard copy
// module, type(self)() and self.__class__() make a value of their
// argument's (or self's) class; a copy() of another module says nothing.
func TestPythonSameTypeCalls(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"fw/__init__.py": "",
		"fw/app.py":      "class App:\n    def add_middleware(self, m):\n        pass\n",
		"fw/ctx.py": "class Context:\n    def update(self, d):\n        pass\n\n" +
			"    def copy(self):\n        ctx = type(self)()\n        ctx.update({})\n        return ctx\n\n" +
			"    def clone(self):\n        other = self.__class__()\n        other.update({})\n",
		"mine.py": "def copy(x):\n    return None\n",
		"test_app.py": "from copy import copy\nimport copy as cp\n\nfrom fw.app import App\nimport mine\n\napp = App()\n\n\n" +
			"def test_reset():\n    local_app = copy(app)\n    local_app.add_middleware(None)\n\n\n" +
			"def test_deep():\n    cp.deepcopy(App()).add_middleware(None)\n\n\n" +
			"def test_mine():\n    mine.copy(app).add_middleware(None)\n",
	})
	check(t, got, []string{
		"fw/ctx.py#Context.copy -> fw/ctx.py#Context.update [calls type]",
		"fw/ctx.py#Context.clone -> fw/ctx.py#Context.update [calls type]",
		"test_app.py#test_reset -> fw/app.py#App.add_middleware [calls type]",
		"test_app.py#test_deep -> fw/app.py#App.add_middleware [calls type]",
	}, []string{"test_app.py#test_mine -> fw/app.py#App.add_middleware [calls type]"})
}

// TestPythonConstructedWith: an unannotated parameter of a top-level
// class's __init__ has the type of what the module's own top-level code
// passes there (falcon's examples: db = StorageEngine(), then
// things = ThingsResource(db)), positionally or by name; two calls passing
// values of different types type nothing.
func TestPythonConstructedWith(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"store.py": "class StorageEngine:\n    def get_things(self):\n        pass\n\n\nclass Other:\n    def get_things(self):\n        pass\n",
		"app.py": "from store import Other, StorageEngine\n\n\nclass ThingsResource:\n    def __init__(self, db, cache=None):\n        self.db = db\n        self.cache = cache\n\n" +
			"    def on_get(self):\n        self.db.get_things()\n        self.cache.get_things()\n\n\n" +
			"class Mixed:\n    def __init__(self, db):\n        self.db = db\n\n    def on_get(self):\n        self.db.get_things()\n\n\n" +
			"db = StorageEngine()\nthings = ThingsResource(db, cache=StorageEngine())\nMixed(db)\nMixed(Other())\n",
	})
	check(t, got, []string{
		"app.py#ThingsResource.on_get -> store.py#StorageEngine.get_things [calls type]",
	}, []string{"app.py#Mixed.on_get ->", "Other.get_things"})
}
