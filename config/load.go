package config

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"reflect"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// FileName is the team-shared config file at the repository root.
const FileName = ".lgraph.yaml"

// Source says where an effective value came from.
type Source string

// The sources, weakest first.
const (
	FromDefault Source = "default"
	FromUser    Source = "user" // the user's config file, or --config, outside the repository
	FromRepo    Source = "repo" // .lgraph.yaml, or any config file inside the repository
	FromEnv     Source = "env"
	FromFlag    Source = "flag"
)

// Inputs name everything a config is built from.
type Inputs struct {
	// User are the user's own paths (config file and trust records).
	User UserPaths
	// File is the repository's config file (.lgraph.yaml at the top), or
	// the file given with --config.
	File string
	// Explicit is set when File was named with --config: a missing or
	// unreadable file is then an error, and a file outside the repository
	// counts as the user's own.
	Explicit bool
	// RepoTop is the working tree root of the worktree lgraph runs in.
	RepoTop string
	// GitDir and CommonDir are that worktree's git directory and the one
	// all the repository's worktrees share; with them every worktree is
	// the repository's, not only RepoTop. "" when unknown.
	GitDir, CommonDir string
	// Environ holds KEY=VALUE pairs (LGRAPH_* settings).
	Environ []string
	// Flags are command-line overrides by key.
	Flags map[string]string
}

// Ignored is a repository setting that was not obeyed.
type Ignored struct {
	Key  string `json:"key"`
	File string `json:"file"`
	Line int    `json:"line"`
	// Reason says why, in words a user can act on.
	Reason string `json:"reason"`
}

// Loaded is an effective config with the source of every key.
type Loaded struct {
	Config  Config
	Sources map[string]Source // key ("llm.model") -> source
	// UserFile and RepoFile are the files read ("" if none).
	UserFile, RepoFile string
	// Trusted is set when RepoFile's user-only settings were obeyed
	// because the user trusted them.
	Trusted bool
	// Pending holds RepoFile's user-only settings that `lgraph trust` would
	// allow (empty when it sets none).
	Pending map[string]any
	// Ignored lists repository settings that were not obeyed.
	Ignored []Ignored
	// notes are other warnings (a config file that was not read).
	notes []string
	// repoReal is RepoFile's symlink-free path, the name trust records;
	// repoRefused says why the repository's config file was not read.
	repoReal, repoRefused string
	// defaultFile is .lgraph.yaml at the top when no --config was given:
	// plain `lgraph trust` trusts it; any other file needs --config.
	defaultFile string
	// trust holds the user's trust records; trustRefused says why none
	// are read ("" when they are).
	trust        Trust
	trustRefused string
}

// layer is one config file to apply.
type layer struct {
	// name is the file as named, for messages; path is what is read.
	name, path string
	src        Source
	// explicit makes a missing file an error.
	explicit bool
	// primary marks the repository's config file (.lgraph.yaml or
	// --config): its user-only settings are what `lgraph trust` allows.
	primary bool
}

// Load builds the effective config: defaults, the user's file, the
// repository's file (user-only keys only when trusted), the environment,
// then flags.
func Load(in Inputs) (*Loaded, error) {
	l := &Loaded{Config: Default(), Sources: map[string]Source{}}
	for _, k := range keys(&l.Config) {
		l.Sources[k.name] = FromDefault
	}
	if !in.Explicit {
		l.defaultFile = in.File
	}
	p := placesOf(in)
	l.useTrustDir(p, in.User.TrustDir)
	var file configFile
	if in.File != "" {
		file = p.look(in.File)
	}
	if in.User.ConfigFile != "" {
		user := p.look(in.User.ConfigFile)
		// The same file named twice (--config pointing at the user's file)
		// is read once, as the config file.
		if user.real == "" || user.real != file.real {
			if err := l.readUserFile(user); err != nil {
				return nil, err
			}
		}
	}
	if in.File != "" {
		if err := l.readConfigFile(file, in.Explicit); err != nil {
			return nil, err
		}
	}
	if err := l.applyEnv(in.Environ); err != nil {
		return nil, err
	}
	if err := l.applyFlags(in.Flags); err != nil {
		return nil, err
	}
	if err := l.Config.Validate(); err != nil {
		return nil, err
	}
	return l, nil
}

// useTrustDir reads trust records only from a directory outside the
// repository: records a repository brings (HOME inside it) would trust
// whatever it likes.
func (l *Loaded) useTrustDir(p places, dir string) {
	if dir != "" && (p.holds(dir) || p.holds(resolvePrefix(dir))) {
		l.trustRefused = fmt.Sprintf("the trust records under %s lie inside the repository and are not read: "+
			"set XDG_DATA_HOME to a directory outside it", dir)
		return
	}
	l.trust = Trust{Dir: dir}
}

// readUserFile reads the user's config file: as the user's own, unless it
// lies in the repository (HOME or XDG_CONFIG_HOME inside it), where it is
// the repository's like any other file there.
func (l *Loaded) readUserFile(f configFile) error {
	if f.missing {
		return nil
	}
	if !f.repos {
		return l.readLayer(layer{name: f.named, path: f.named, src: FromUser})
	}
	return l.readRepoLayer(f, false, false)
}

// readConfigFile reads .lgraph.yaml or the --config file: as the user's own
// when it was named explicitly and lies outside the repository, otherwise
// as the repository's. A file inside the repository stays the repository's
// whoever names it: a hook carries --config into every worktree.
func (l *Loaded) readConfigFile(f configFile, explicit bool) error {
	if explicit && !f.missing && !f.repos {
		return l.readLayer(layer{name: f.named, path: f.named, src: FromUser, explicit: true})
	}
	return l.readRepoLayer(f, explicit, true)
}

// readRepoLayer reads a repository's file, if it is a regular file inside
// the repository; its user-only keys are obeyed only under trust.
func (l *Loaded) readRepoLayer(f configFile, explicit, primary bool) error {
	switch {
	case f.missing && !explicit && errors.Is(f.err, os.ErrNotExist):
		return nil
	case f.missing:
		return fmt.Errorf("read config %s: %w", f.named, f.err)
	case f.refusal != "" && explicit:
		return errors.New(f.refusal)
	case f.refusal != "":
		l.notes = append(l.notes, f.refusal)
		if primary {
			l.repoRefused = f.refusal
		}
		return nil
	}
	if primary {
		l.repoReal = f.real
	} else {
		l.notes = append(l.notes, fmt.Sprintf("%s lies inside the repository: read as the repository's file", f.named))
	}
	return l.readLayer(layer{name: f.named, path: f.real, src: FromRepo, explicit: explicit, primary: primary})
}

// readLayer applies one file. For a repository file the keys that only the
// user may set are obeyed only when trust holds them.
func (l *Loaded) readLayer(ly layer) error {
	data, err := os.ReadFile(ly.path)
	if errors.Is(err, os.ErrNotExist) && !ly.explicit {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read config %s: %w", ly.name, err)
	}
	if ly.primary {
		l.RepoFile = ly.name
	} else {
		// The user's config path, wherever it lies.
		l.UserFile = ly.name
	}
	present, scratch, err := decodeFile(ly.name, data)
	if err != nil || len(present) == 0 {
		return err
	}
	allowed, err := l.checkTrust(ly, present, scratch)
	if err != nil {
		return err
	}
	l.apply(scratch, present, allowed, ly.src)
	return nil
}

// decodeFile checks and decodes a config file, returning the keys it sets
// (with their lines) and their values in a scratch Config.
func decodeFile(file string, data []byte) (map[string]int, *Config, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, nil, fmt.Errorf("config %s: %w", file, err)
	}
	if len(root.Content) == 0 {
		return nil, nil, nil
	}
	scratch := Default()
	if err := checkKnownKeys(file, root.Content[0], "", &scratch); err != nil {
		return nil, nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&scratch); err != nil {
		return nil, nil, fmt.Errorf("config %s: %w", file, err)
	}
	known := map[string]bool{}
	for _, k := range keys(&scratch) {
		known[k.name] = true
	}
	present := map[string]int{}
	presentKeys(root.Content[0], "", known, present)
	return present, &scratch, nil
}

// checkTrust decides which present keys are obeyed, recording the rest as
// ignored.
func (l *Loaded) checkTrust(ly layer, present map[string]int, scratch *Config) (map[string]bool, error) {
	allowed := map[string]bool{}
	settings := map[string]any{}
	for _, k := range keys(scratch) {
		if _, ok := present[k.name]; !ok {
			continue
		}
		if ly.src == FromUser || !userOnly[k.name] {
			allowed[k.name] = true
			continue
		}
		settings[k.name] = textValue(k.value)
	}
	if len(settings) == 0 {
		return allowed, nil
	}
	if ly.primary {
		l.Pending = settings
	}
	// Records name the symlink-free path read, never a name a link gave.
	rec, err := l.trust.Lookup(ly.path)
	if err != nil {
		return nil, err
	}
	if rec != nil && rec.Digest == settingsDigest(settings) {
		l.Trusted = l.Trusted || ly.primary
		for k := range settings {
			allowed[k] = true
		}
		return allowed, nil
	}
	reason := "a repository's config may not choose where data, credentials or writes go, nor what deletes your history"
	if rec != nil {
		reason = "its user-only settings changed since you trusted this file"
	}
	if l.trustRefused != "" && !slices.Contains(l.notes, l.trustRefused) {
		l.notes = append(l.notes, l.trustRefused)
	}
	for _, k := range slices.Sorted(maps.Keys(settings)) {
		l.Ignored = append(l.Ignored, Ignored{Key: k, File: ly.name, Line: present[k], Reason: reason})
	}
	return allowed, nil
}

// apply copies the allowed keys from scratch; additive keys are merged.
func (l *Loaded) apply(scratch *Config, present map[string]int, allowed map[string]bool, src Source) {
	from := map[string]reflect.Value{}
	for _, k := range keys(scratch) {
		from[k.name] = k.value
	}
	for _, k := range keys(&l.Config) {
		if _, ok := present[k.name]; !ok || !allowed[k.name] {
			continue
		}
		v := from[k.name]
		if additive[k.name] && src == FromRepo {
			merged := slices.Clone(k.value.Interface().([]string))
			for _, s := range v.Interface().([]string) {
				if !slices.Contains(merged, s) {
					merged = append(merged, s)
				}
			}
			v = reflect.ValueOf(merged)
		}
		k.value.Set(v)
		l.Sources[k.name] = src
	}
}

// Warnings are one-line messages a command prints once on stderr and puts
// in its run summary: repository settings not obeyed, files not read.
func (l *Loaded) Warnings() []string {
	out := slices.Clone(l.notes)
	var files []string
	names := map[string][]string{}
	reasons := map[string]string{}
	for _, ig := range l.Ignored {
		if names[ig.File] == nil {
			files = append(files, ig.File)
		}
		names[ig.File] = append(names[ig.File], fmt.Sprintf("%s (line %d)", ig.Key, ig.Line))
		reasons[ig.File] = ig.Reason
	}
	for _, f := range files {
		out = append(out, fmt.Sprintf("%s: ignored %s: %s; check them, then run `%s` to allow them",
			f, strings.Join(names[f], ", "), reasons[f], l.trustCommand(f)))
	}
	return out
}

// trustCommand is the command that trusts file: plain `lgraph trust` for
// .lgraph.yaml, with --config for any other file.
func (l *Loaded) trustCommand(file string) string {
	if file == l.defaultFile {
		return "lgraph trust"
	}
	return "lgraph trust --config " + file
}

func textValue(v reflect.Value) any {
	if d, ok := v.Interface().(time.Duration); ok {
		return d.String()
	}
	return v.Interface()
}
