package explicit

import "testing"

// TestPythonUnionValues: a method called on a value that is one of
// several types reaches each type's method, as jedi answers: a parameter
// annotated with a union alias, a class attribute annotated with a union
// or an alias of one, a method whose result is a union, an attribute
// assigned values of two types (an outside one aside), in two places or
// as a conditional value. An attribute
// assigned one type twice is that type, and a called attribute holding a
// class is an instance of the class it holds first.
func TestPythonUnionValues(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"pkg/__init__.py": "",
		"pkg/m.py": "from typing import Optional, Union\n\n\n" +
			"class A:\n    def run(self):\n        pass\n\n\n" +
			"class B:\n    def run(self):\n        pass\n\n\n" +
			"class C:\n    def run(self):\n        pass\n\n\n" +
			"AB = Union[A, B]\n\n\n" +
			"def alias(z: AB):\n    z.run()\n\n\n" +
			"class H:\n    t: AB\n    u: Optional[A | C]\n\n" +
			"    def __init__(self, loop, fast):\n        self.loop = dict()\n        if fast:\n            self.loop = B()\n" +
			"        self.same = A()\n        self.same = A()\n        self.either = A() if fast else C()\n" +
			"        self.made = B()\n        if fast:\n            self.made = self.make_c()\n        self.kind = A\n        if fast:\n            self.kind = make_kind()\n\n" +
			"    def attrs(self):\n        self.t.run()\n        self.u.run()\n\n" +
			"    def assigned(self):\n        self.loop.run()\n        self.same.run()\n\n" +
			"    def either_one(self):\n        self.either.run()\n\n" +
			"    def made_one(self):\n        self.made.run()\n\n" +
			"    def make_c(self) -> C:\n        return C()\n\n" +
			"    def built(self):\n        self.kind().run()\n\n" +
			"    def result(self):\n        self.make().run()\n\n" +
			"    def make(self) -> 'A | C':\n        return A()\n\n\n" +
			"def make_kind() -> type:\n    return C\n",
	})
	check(t, got,
		[]string{
			"pkg/m.py#alias -> pkg/m.py#A.run [calls type]",
			"pkg/m.py#alias -> pkg/m.py#B.run [calls type]",
			"pkg/m.py#H.attrs -> pkg/m.py#A.run [calls type]",
			"pkg/m.py#H.attrs -> pkg/m.py#B.run [calls type]",
			"pkg/m.py#H.attrs -> pkg/m.py#C.run [calls type]",
			"pkg/m.py#H.assigned -> pkg/m.py#A.run [calls type]",
			"pkg/m.py#H.assigned -> pkg/m.py#B.run [calls type]",
			"pkg/m.py#H.either_one -> pkg/m.py#A.run [calls type]",
			"pkg/m.py#H.either_one -> pkg/m.py#C.run [calls type]",
			"pkg/m.py#H.made_one -> pkg/m.py#B.run [calls type]",
			"pkg/m.py#H.made_one -> pkg/m.py#C.run [calls type]",
			"pkg/m.py#H.built -> pkg/m.py#A.run [calls type]",
			"pkg/m.py#H.result -> pkg/m.py#A.run [calls type]",
			"pkg/m.py#H.result -> pkg/m.py#C.run [calls type]",
		},
		[]string{
			"pkg/m.py#alias -> pkg/m.py#C.run",
			"pkg/m.py#H.assigned -> pkg/m.py#C.run",
			"pkg/m.py#H.built -> pkg/m.py#B.run",
			"pkg/m.py#H.built -> pkg/m.py#C.run",
			"pkg/m.py#H.result -> pkg/m.py#B.run",
		})
}
