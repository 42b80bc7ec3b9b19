// Package warm keeps reads warm between calls: a view of the published
// snapshot kept while a file-system watcher vouches that nothing it was
// computed from changed (Kept, used by the MCP server and serve's
// daemon), and the daemon's per-store unix socket through which a CLI
// read is answered by a running process instead of a new one (Listen,
// Ask). docs/design.md §6 (serve) says what the daemon promises.
package warm
