package config

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
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
	FromUser    Source = "user" // the user's config file, or --config outside the repository
	FromRepo    Source = "repo" // .lgraph.yaml, or --config inside the repository
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
	// Explicit is set when File was named with --config: a missing file is
	// then an error, and a file outside RepoTop counts as the user's own.
	Explicit bool
	// RepoTop is the repository's working tree root.
	RepoTop string
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
}

// Load builds the effective config: defaults, the user's file, the
// repository's file (user-only keys only when trusted), the environment,
// then flags.
func Load(in Inputs) (*Loaded, error) {
	l := &Loaded{Config: Default(), Sources: map[string]Source{}}
	for _, k := range keys(&l.Config) {
		l.Sources[k.name] = FromDefault
	}
	if in.User.ConfigFile != "" {
		if err := l.readLayer(in.User.ConfigFile, false, FromUser, Trust{}); err != nil {
			return nil, err
		}
	}
	if in.File != "" {
		if err := l.readRepoFile(in); err != nil {
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

// readRepoFile reads the repository's file: as the user's own when it was
// named explicitly and lies outside the repository, otherwise with
// user-only keys obeyed only under trust.
func (l *Loaded) readRepoFile(in Inputs) error {
	real, inside := locate(in.File, in.RepoTop)
	if in.Explicit && !inside {
		return l.readLayer(in.File, true, FromUser, Trust{})
	}
	if real != "" && !inside {
		// A committed symlink pointing out of the repository: reading it
		// would let a clone make lgraph read (and echo in errors) any file.
		l.notes = append(l.notes, fmt.Sprintf("%s is a symlink to a file outside the repository: not read", in.File))
		return nil
	}
	return l.readLayer(in.File, in.Explicit, FromRepo, Trust{Dir: in.User.TrustDir})
}

// locate resolves file's symlinks and reports whether it lies inside top;
// real is "" when the file does not exist.
func locate(file, top string) (real string, inside bool) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", false
	}
	real, err = filepath.EvalSymlinks(abs)
	if err != nil {
		real = ""
		abs = filepath.Clean(abs)
	} else {
		abs = real
	}
	if top == "" {
		return real, false
	}
	if t, err := filepath.EvalSymlinks(top); err == nil {
		top = t
	}
	rel, err := filepath.Rel(top, abs)
	return real, err == nil && filepath.IsLocal(rel)
}

// readLayer applies one file. For a repository file (trust set) the keys
// that only the user may set are obeyed only when trust holds them.
func (l *Loaded) readLayer(file string, explicit bool, src Source, trust Trust) error {
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) && !explicit {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read config %s: %w", file, err)
	}
	if src == FromUser {
		l.UserFile = file
	} else {
		l.RepoFile = file
	}
	present, scratch, err := decodeFile(file, data)
	if err != nil || len(present) == 0 {
		return err
	}
	allowed, err := l.checkTrust(file, src, trust, present, scratch)
	if err != nil {
		return err
	}
	l.apply(scratch, present, allowed, src)
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
func (l *Loaded) checkTrust(file string, src Source, trust Trust, present map[string]int, scratch *Config) (map[string]bool, error) {
	allowed := map[string]bool{}
	settings := map[string]any{}
	for _, k := range keys(scratch) {
		if _, ok := present[k.name]; !ok {
			continue
		}
		if src == FromUser || !userOnly[k.name] {
			allowed[k.name] = true
			continue
		}
		settings[k.name] = textValue(k.value)
	}
	if len(settings) == 0 {
		return allowed, nil
	}
	l.Pending = settings
	abs, _ := locate(file, "")
	rec, err := trust.Lookup(abs)
	if err != nil {
		return nil, err
	}
	if rec != nil && rec.Digest == settingsDigest(settings) {
		l.Trusted = true
		for k := range settings {
			allowed[k] = true
		}
		return allowed, nil
	}
	reason := "a repository's config may not choose where data, credentials or writes go"
	if rec != nil {
		reason = "its user-only settings changed since you trusted this file"
	}
	for _, k := range slices.Sorted(maps.Keys(settings)) {
		l.Ignored = append(l.Ignored, Ignored{Key: k, File: file, Line: present[k], Reason: reason})
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
	if len(l.Ignored) == 0 {
		return out
	}
	var names []string
	for _, ig := range l.Ignored {
		names = append(names, fmt.Sprintf("%s (line %d)", ig.Key, ig.Line))
	}
	out = append(out, fmt.Sprintf("%s: ignored %s: %s; check them, then run `lgraph trust` to allow them",
		l.Ignored[0].File, strings.Join(names, ", "), l.Ignored[0].Reason))
	return out
}

func textValue(v reflect.Value) any {
	if d, ok := v.Interface().(time.Duration); ok {
		return d.String()
	}
	return v.Interface()
}
