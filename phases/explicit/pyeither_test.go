package explicit

import "testing"

// TestPythonEitherReceiver: a call on a value that is one of two classes
// or instances (a if c else b, a or b, DRF's composed permissions A | B,
// whose metaclass defines __or__) is written for each of them, as jedi
// answers it; ~A is A's. A side whose type is unknown or None adds
// nothing.
func TestPythonEitherReceiver(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"fw/__init__.py": "",
		"fw/permissions.py": "class Meta(type):\n    def __or__(cls, other):\n        return cls\n\n    def __invert__(cls):\n        return cls\n\n\n" +
			"class Base(metaclass=Meta):\n    def has_permission(self):\n        return True\n\n\n" +
			"class IsAuthenticated(Base):\n    def has_permission(self):\n        return False\n\n\n" +
			"class AllowAny(Base):\n    def has_permission(self):\n        return True\n\n\n" +
			"class Plain:\n    def run(self):\n        pass\n",
		"test_perm.py": "from fw import permissions\nfrom fw.permissions import AllowAny, IsAuthenticated, Plain\n\n\n" +
			"def test_or():\n    composed = permissions.IsAuthenticated | permissions.AllowAny\n    assert composed().has_permission()\n\n\n" +
			"def test_paren():\n    assert (IsAuthenticated | AllowAny)().has_permission()\n\n\n" +
			"def test_not():\n    neg = ~permissions.AllowAny\n    assert neg().has_permission()\n\n\n" +
			"def test_cond(x):\n    cls = IsAuthenticated if x else AllowAny\n    cls().has_permission()\n\n\n" +
			"def test_none(x):\n    p = Plain() if x else None\n    p.run()\n",
	})
	check(t, got, []string{
		"test_perm.py#test_or -> fw/permissions.py#IsAuthenticated.has_permission [calls type]",
		"test_perm.py#test_or -> fw/permissions.py#AllowAny.has_permission [calls type]",
		"test_perm.py#test_paren -> fw/permissions.py#IsAuthenticated.has_permission [calls type]",
		"test_perm.py#test_paren -> fw/permissions.py#AllowAny.has_permission [calls type]",
		"test_perm.py#test_not -> fw/permissions.py#AllowAny.has_permission [calls type]",
		"test_perm.py#test_cond -> fw/permissions.py#IsAuthenticated.has_permission [calls type]",
		"test_perm.py#test_cond -> fw/permissions.py#AllowAny.has_permission [calls type]",
		"test_perm.py#test_none -> fw/permissions.py#Plain.run [calls type]",
	}, []string{"test_perm.py#test_not -> fw/permissions.py#IsAuthenticated", "Base.has_permission"})
}

// TestPythonUnionAnnotation: a parameter annotated with a union of two
// repository classes (A | B, Union[A, B], None aside) is either: a call
// on it is written for each. Where the union is stored as a type (a
// function's result, an alias) the first one stays.
func TestPythonUnionAnnotation(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"nodes.py": "from typing import Optional, Union\n\n\nclass Child:\n    def src(self):\n        pass\n\n\n" +
			"class Parent:\n    def src(self):\n        pass\n\n\nElement = Union['Parent', 'Child']\n\n\n" +
			"def render(el: Parent | Child | None):\n    el.src()\n\n\n" +
			"def render_old(el: Optional[Union[Parent, Child]]):\n    el.src()\n\n\n" +
			"def first() -> Element:\n    return Parent()\n",
		"use.py": "from nodes import first\n\n\ndef use():\n    first().src()\n",
	})
	check(t, got, []string{
		"nodes.py#render -> nodes.py#Parent.src [calls type]",
		"nodes.py#render -> nodes.py#Child.src [calls type]",
		"nodes.py#render_old -> nodes.py#Parent.src [calls type]",
		"nodes.py#render_old -> nodes.py#Child.src [calls type]",
		"use.py#use -> nodes.py#Parent.src [calls type]",
	}, nil)
}

// TestPythonLoopOverClasses: a loop over a list or tuple of classes,
// written in the loop or assigned to a local before, makes each of them;
// a call on the instance is written for each class (at most maxSides).
func TestPythonLoopOverClasses(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"fw/__init__.py": "",
		"fw/filters.py": "class SearchFilter:\n    def params(self):\n        pass\n\n\nclass OrderingFilter:\n    def params(self):\n        pass\n\n\n" +
			"class Page:\n    def params(self):\n        pass\n",
		"test_schema.py": "from fw import filters\nfrom fw.filters import Page\n\n\n" +
			"def test_filters():\n    classes = [filters.SearchFilter, filters.OrderingFilter]\n    for c in classes:\n        f = c()\n        f.params()\n\n\n" +
			"def test_inline():\n    for k in (Page, filters.SearchFilter):\n        k().params()\n",
	})
	check(t, got, []string{
		"test_schema.py#test_filters -> fw/filters.py#SearchFilter.params [calls type]",
		"test_schema.py#test_filters -> fw/filters.py#OrderingFilter.params [calls type]",
		"test_schema.py#test_inline -> fw/filters.py#Page.params [calls type]",
		"test_schema.py#test_inline -> fw/filters.py#SearchFilter.params [calls type]",
	}, []string{"test_filters -> fw/filters.py#Page", "test_inline -> fw/filters.py#OrderingFilter"})
}

// TestPythonNarrowedConditional: in x if isinstance(x, C) else C(x) the
// first side is a C, not the type x is declared with, so an attribute
// given that value holds a C either way.
func TestPythonNarrowedConditional(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"reader.py": "class Readable:\n    def read(self):\n        pass\n\n\nclass BufferedReader:\n    def __init__(self, s):\n        pass\n\n    def peek(self):\n        pass\n",
		"form.py": "from reader import BufferedReader, Readable\n\n\nclass Form:\n    def __init__(self, stream: Readable):\n" +
			"        self._stream = stream if isinstance(stream, BufferedReader) else BufferedReader(stream)\n\n" +
			"    def parts(self):\n        stream = self._stream\n        stream.peek()\n",
	})
	check(t, got, []string{"form.py#Form.parts -> reader.py#BufferedReader.peek [calls type]"}, nil)
}
