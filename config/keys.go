package config

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/lgraph/lgraph/internal/spell"
)

// key is one settable leaf of Config, addressed by its dotted YAML path.
type key struct {
	name  string
	value reflect.Value
}

// keys lists every leaf key of cfg in declaration order.
func keys(cfg *Config) []key {
	var out []key
	var walk func(prefix string, v reflect.Value)
	walk = func(prefix string, v reflect.Value) {
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			name := prefix + strings.Split(t.Field(i).Tag.Get("yaml"), ",")[0]
			f := v.Field(i)
			if f.Kind() == reflect.Struct {
				walk(name+".", f)
				continue
			}
			out = append(out, key{name: name, value: f})
		}
	}
	walk("", reflect.ValueOf(cfg).Elem())
	return out
}

// Keys returns the dotted names of every config key, sorted.
func Keys() []string {
	var c Config
	var names []string
	for _, k := range keys(&c) {
		names = append(names, k.name)
	}
	sort.Strings(names)
	return names
}

// EnvName is the environment variable that sets a key: LGRAPH_LLM_BASE_URL.
func EnvName(key string) string {
	return "LGRAPH_" + strings.ToUpper(strings.ReplaceAll(key, ".", "_"))
}

func (l *Loaded) applyEnv(environ []string) error {
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, "LGRAPH_") {
			env[k] = v
		}
	}
	for _, k := range keys(&l.Config) {
		v, ok := env[EnvName(k.name)]
		if !ok || v == "" {
			continue // set but empty counts as unset, as in most tools
		}
		if err := setText(k.value, v); err != nil {
			return fmt.Errorf("environment %s: %w", EnvName(k.name), err)
		}
		l.Sources[k.name] = FromEnv
	}
	return nil
}

func (l *Loaded) applyFlags(flags map[string]string) error {
	byName := map[string]key{}
	for _, k := range keys(&l.Config) {
		byName[k.name] = k
	}
	for name, v := range flags {
		k, ok := byName[name]
		if !ok {
			return fmt.Errorf("flag sets unknown config key %q", name)
		}
		if err := setText(k.value, v); err != nil {
			return fmt.Errorf("flag for %s: %w", name, err)
		}
		l.Sources[name] = FromFlag
	}
	return nil
}

// setText parses text into a leaf of the kinds Config uses.
func setText(v reflect.Value, text string) error {
	switch v.Interface().(type) {
	case time.Duration:
		d, err := time.ParseDuration(text)
		if err != nil {
			return fmt.Errorf("want a duration like 60s, got %q", text)
		}
		v.Set(reflect.ValueOf(d))
		return nil
	case map[string]ModelPrice:
		var m map[string]ModelPrice
		dec := json.NewDecoder(strings.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&m); err != nil {
			return fmt.Errorf(`want JSON like {"MODEL": {"prompt_per_mtok": 0.15, "completion_per_mtok": 0.6}}, got %q: %v`, text, err)
		}
		v.Set(reflect.ValueOf(m))
		return nil
	case []string:
		var list []string
		for _, s := range strings.Split(text, ",") {
			if s = strings.TrimSpace(s); s != "" {
				list = append(list, s)
			}
		}
		v.Set(reflect.ValueOf(list))
		return nil
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(text)
	case reflect.Int:
		n, err := strconv.Atoi(text)
		if err != nil {
			return fmt.Errorf("want a whole number, got %q", text)
		}
		v.SetInt(int64(n))
	case reflect.Float64:
		f, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return fmt.Errorf("want a number, got %q", text)
		}
		v.SetFloat(f)
	case reflect.Bool:
		b, err := strconv.ParseBool(text)
		if err != nil {
			return fmt.Errorf("want true or false, got %q", text)
		}
		v.SetBool(b)
	default:
		return fmt.Errorf("unsupported kind %s", v.Kind())
	}
	return nil
}

// checkKnownKeys rejects unknown keys with their line, before decoding, so
// the message names the key as the user wrote it.
func checkKnownKeys(file string, n *yaml.Node, prefix string, cfg *Config) error {
	if n.Kind != yaml.MappingNode {
		if prefix == "" {
			return fmt.Errorf("config %s line %d: want a mapping of keys at the top level", file, n.Line)
		}
		return nil
	}
	known := map[string]bool{}
	sections := map[string]bool{}
	for _, k := range keys(cfg) {
		known[k.name] = true
		if i := strings.LastIndex(k.name, "."); i >= 0 {
			sections[k.name[:i]] = true
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		name := prefix + n.Content[i].Value
		switch {
		case sections[name]:
			if err := checkKnownKeys(file, n.Content[i+1], name+".", cfg); err != nil {
				return err
			}
		case !known[name]:
			return fmt.Errorf("config %s line %d: unknown key %q: %s", file, n.Content[i].Line, name, knownHere(prefix, name, known, sections))
		}
	}
	return nil
}

// knownHere says which keys the level of an unknown one holds, the nearest
// by spelling first: lgraph config cannot list them while the file that
// holds the unknown key fails to load.
func knownHere(prefix, name string, known, sections map[string]bool) string {
	var here []string
	for _, set := range []map[string]bool{known, sections} {
		for k := range set {
			rest, ok := strings.CutPrefix(k, prefix)
			if ok && !strings.Contains(rest, ".") {
				here = append(here, rest)
			}
		}
	}
	sort.Strings(here)
	best := spell.Nearest(strings.TrimPrefix(name, prefix), here)
	where := "the top level"
	if prefix != "" {
		where = strings.TrimSuffix(prefix, ".")
	}
	text := fmt.Sprintf("%s holds %s", where, strings.Join(here, ", "))
	if best != "" {
		text = fmt.Sprintf("did you mean %q? %s", prefix+best, text)
	}
	return text
}

// presentKeys maps every leaf key a file sets to its line.
func presentKeys(n *yaml.Node, prefix string, known map[string]bool, out map[string]int) {
	if n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		name := prefix + n.Content[i].Value
		if known[name] {
			out[name] = n.Content[i].Line
			continue
		}
		presentKeys(n.Content[i+1], name+".", known, out)
	}
}

// Values returns every key's effective value as text, for `lgraph config`.
func (l *Loaded) Values() map[string]any {
	out := map[string]any{}
	for _, k := range keys(&l.Config) {
		out[k.name] = textValue(k.value)
	}
	return out
}
