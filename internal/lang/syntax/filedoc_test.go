package syntax_test

import (
	"context"
	"testing"

	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
)

// TestFileDoc: a file's own doc is its module docstring or its first
// leading comment that is no licence, directive or declaration's doc.
func TestFileDoc(t *testing.T) {
	cases := []struct{ path, src, want string }{
		{"a.go", "// Copyright 2024 The Authors. Licensed under MIT.\n\n//go:build linux\n\n// Package a keeps values.\n//\n// More detail.\npackage a\n\nfunc F() {}\n",
			"Package a keeps values."},
		{"a.go", "package a\n\n// F does.\nfunc F() {}\n", ""},
		{"doc.go", "// Package ignore matches paths\n// to patterns.\n//\n// The pattern format is copied from git under its license.\npackage ignore\n",
			"Package ignore matches paths to patterns."},
		{"m.py", "#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n\"\"\"Tools for the store.\n\nLonger text.\n\"\"\"\nimport os\n", "Tools for the store."},
		{"m.py", "# Helpers for shards.\n\nimport os\n\n\ndef f():\n    pass\n", "Helpers for shards."},
		{"m.py", "# f's comment\ndef f():\n    pass\n", ""},
		{"a.ts", "// Helpers for session invoice processing.\n\nimport { a } from \"./x\";\n\nexport function f() { return a(); }\n", "Helpers for session invoice processing."},
		{"a.ts", "/** f does. */\nexport function f() {}\n", ""},
		{"a.js", "/* eslint-disable no-console */\n/**\n * @fileoverview Logs requests.\n */\n\nconst x = require('x');\n", "Logs requests."},
		{"A.java", "/*\n * Licensed to the Apache Software Foundation.\n */\npackage a;\n\n/** A holds. */\npublic class A {}\n", ""},
		{"lib.rs", "//! Parses the wire format.\n\nuse std::io;\n\npub fn f() {}\n", "Parses the wire format."},
		{"a.c", "/* Ring buffer for the driver. */\n#include <stdio.h>\n\nint f(void) { return 0; }\n", "Ring buffer for the driver."},
	}
	for _, c := range cases {
		l := all.Registry().Get(lang.ByExtension(c.path).Name)
		f, err := lang.NewParsers().Extract(context.Background(), l, []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		if f.Doc != c.want {
			t.Errorf("%s %q: doc %q, want %q", c.path, c.src, f.Doc, c.want)
		}
	}
}
