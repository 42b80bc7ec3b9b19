package accuracy

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path"
	"strings"
)

// runClang dumps one unit's AST and walks it as it streams in.
// With a filter, clang dumps only the declarations whose qualified name
// holds it (namespace leveldb), one JSON object each, instead of the whole
// unit with the system headers.
func runClang(ctx context.Context, clang, dir, filter string, args []string, stdin string, inCorp func(string) bool, src func(string) []byte) (*cUnit, error) {
	dump := []string{"-fsyntax-only", "-Xclang", "-ast-dump=json"}
	stream := streamTopLevel
	if filter != "" {
		dump = append(dump, "-Xclang", "-ast-dump-filter="+filter)
		stream = streamObjects
	}
	cmd := exec.CommandContext(ctx, clang, append(dump, args...)...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", clang, err)
	}
	u := &cUnit{decls: map[string]*cDecl{}, defs: map[string]*cDecl{}, dependent: map[pos]map[string]bool{}, named: map[pos]map[string]bool{}}
	w := &unitWalker{u: u, inCorp: inCorp, src: src, spelled: map[string]pos{}}
	walkErr := stream(bufio.NewReaderSize(out, 1<<20), func(n *clangNode) { w.walk(n, nil, 0) })
	_, _ = io.Copy(io.Discard, out)
	if err := cmd.Wait(); err != nil || walkErr != nil {
		return nil, fmt.Errorf("clang %s: %v %v\n%s", strings.Join(args, " "), err, walkErr, firstLines(stderr.String(), 20))
	}
	return u, nil
}

// streamTopLevel decodes the translation unit's top-level declarations one
// at a time, so that the system headers' declarations are not all held.
func streamTopLevel(r io.Reader, visit func(*clangNode)) error {
	dec := json.NewDecoder(r)
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("read AST: %w", err)
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
			continue
		case json.Delim('}'), json.Delim(']'):
			depth--
			continue
		}
		if depth != 1 || tok != "inner" {
			continue
		}
		if tok, err = dec.Token(); err != nil || tok != json.Delim('[') {
			return fmt.Errorf("read AST: inner is not an array (%v)", err)
		}
		for dec.More() {
			var n clangNode
			if err := dec.Decode(&n); err != nil {
				return fmt.Errorf("read AST: %w", err)
			}
			visit(&n)
		}
		return nil
	}
}

// streamObjects decodes a filtered dump: one declaration object after
// another.
func streamObjects(r io.Reader, visit func(*clangNode)) error {
	dec := json.NewDecoder(r)
	for {
		var n clangNode
		if err := dec.Decode(&n); err == io.EOF {
			return nil
		} else if err != nil {
			return fmt.Errorf("read AST: %w", err)
		}
		visit(&n)
	}
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// cleanFile makes clang's file name relative to the corpus root.
func cleanFile(f string) string { return path.Clean(strings.TrimPrefix(f, "./")) }
