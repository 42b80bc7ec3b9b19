// Package accuracy measures how well lgraph's Go call edges agree with a
// compiler-derived call graph. Its tests copy small real modules from the Go
// module cache into scratch git repositories, index them with lgraph, build
// the truth with golang.org/x/tools (go/packages, go/ssa, go/callgraph) and
// report precision and recall. The package has no non-test code.
package accuracy
