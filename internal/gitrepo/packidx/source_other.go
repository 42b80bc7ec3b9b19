//go:build !unix

package packidx

func openSource(path string) (source, error) { return openFile(path) }
