package commands

import "runtime/debug"

// buildVersion is the module version and VCS commit the binary was built
// from, as the Go toolchain recorded them: "v1.2.0", or
// "(devel) commit 0123456789ab (modified) 2026-11-30T10:00:00Z" for a build
// from a work tree.
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

// versionText renders a module version with the vcs.* build settings.
func versionText(mainVersion string, settings map[string]string) string {
	v := mainVersion
	if v == "" {
		v = "(devel)"
	}
	if rev := settings["vcs.revision"]; rev != "" {
		v += " commit " + short(rev)
		if settings["vcs.modified"] == "true" {
			v += " (modified)"
		}
		if t := settings["vcs.time"]; t != "" {
			v += " " + t
		}
	}
	return v
}
