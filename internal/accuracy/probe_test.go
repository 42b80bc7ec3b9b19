package accuracy

import (
	"testing"

	"golang.org/x/tools/go/callgraph/static"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa/ssautil"
)

func TestProbe(t *testing.T) {
	_ = packages.NeedName
	_ = ssautil.AllFunctions
	_ = static.CallGraph
}
