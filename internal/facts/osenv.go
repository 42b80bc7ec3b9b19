package facts

// IsOSEnvVar reports whether name is set by the operating system or shell
// for every program. Two files reading such a variable share no
// configuration, so it is never an implicit key (phases/implicit), and a
// read asking for one is told why rather than only that no file uses it.
func IsOSEnvVar(name string) bool {
	switch name {
	case "PATH", "HOME", "USER", "USERNAME", "LOGNAME", "SHELL", "PWD", "OLDPWD", "TMPDIR", "TEMP", "TMP",
		"LANG", "LANGUAGE", "LC_ALL", "TERM", "HOSTNAME", "USERPROFILE", "APPDATA", "LOCALAPPDATA",
		"PROGRAMFILES", "SYSTEMROOT", "WINDIR", "COMSPEC":
		return true
	}
	return false
}
