package config

import (
	"path/filepath"
	"strings"
)

// UserPaths are the per-user places lgraph reads its own settings from:
// never the repository, so nothing a clone brings can change them.
type UserPaths struct {
	// ConfigFile is the user's config file: $XDG_CONFIG_HOME/lgraph/config.yaml,
	// else ~/.config/lgraph/config.yaml; "" when neither can be named.
	ConfigFile string
	// TrustDir holds the records of `lgraph trust`: $XDG_DATA_HOME/lgraph/trust,
	// else ~/.local/share/lgraph/trust; "" when neither can be named.
	TrustDir string
}

// UserPathsFrom derives the user's paths from an environment (KEY=VALUE
// pairs), following the XDG base directory rules: relative XDG values are
// ignored, as the specification requires.
func UserPathsFrom(environ []string) UserPaths {
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v
		}
	}
	base := func(xdg, fallback string) string {
		if d := env[xdg]; filepath.IsAbs(d) {
			return d
		}
		if h := env["HOME"]; filepath.IsAbs(h) {
			return filepath.Join(h, fallback)
		}
		return ""
	}
	var p UserPaths
	if d := base("XDG_CONFIG_HOME", ".config"); d != "" {
		p.ConfigFile = filepath.Join(d, "lgraph", "config.yaml")
	}
	if d := base("XDG_DATA_HOME", filepath.Join(".local", "share")); d != "" {
		p.TrustDir = filepath.Join(d, "lgraph", "trust")
	}
	return p
}
