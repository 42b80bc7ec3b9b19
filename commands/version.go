package commands

import (
	"runtime/debug"
	"strings"
)

// buildVersion is the module version and VCS stamp the binary was built
// with, as the Go toolchain recorded them: "v1.2.0", or
// "(devel) 0123456789ab+dirty 2026-11-30T10:00:00Z" for a build from a
// clone. The toolchain stamps only builds made in a clone's own directory
// (not in a linked worktree, whose .git is a file) without
// -buildvcs=false; such a binary says it carries no stamp.
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	return versionText(info.Main.Version, settings)
}

// versionText renders a module version with the vcs.* build settings,
// and the GOEXPERIMENT the binary was built with when there was one: the
// README builds with GOEXPERIMENT=nogreenteagc, which changes how fast a
// large init runs, so a timing or a report says which build it came from.
func versionText(mainVersion string, settings map[string]string) string {
	v := vcsText(mainVersion, settings)
	if e := settings["GOEXPERIMENT"]; e != "" {
		v += " GOEXPERIMENT=" + e
	}
	return v
}

// vcsText renders a module version with the vcs.* build settings.
func vcsText(mainVersion string, settings map[string]string) string {
	v := mainVersion
	if v == "" {
		v = "(devel)"
	}
	rev := settings["vcs.revision"]
	if rev == "" {
		if v == "(devel)" {
			v += " (no VCS stamp: built with -buildvcs=false or in a git worktree)"
		}
		return v
	}
	if strings.Contains(v, short(rev)) {
		// A pseudo-version (v0.0.0-20261201234026-67f2e8f28bf0+dirty)
		// says again what the stamp says.
		v = "(devel)"
	}
	v += " " + short(rev)
	if settings["vcs.modified"] == "true" {
		v += "+dirty"
	}
	if t := settings["vcs.time"]; t != "" {
		v += " " + t
	}
	return v
}
