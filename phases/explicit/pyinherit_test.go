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
