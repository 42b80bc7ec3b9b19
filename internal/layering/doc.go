// Package layering holds no code: its test checks that the read path (the
// packages that answer queries, on the CLI and over MCP) links none of the
// writer's heavy dependencies, so that a read stays cheap to build, start
// and audit (STYLE: "Heavy imports on the read path").
package layering
