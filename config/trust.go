package config

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Trust keeps the user's decisions to obey a repository file's user-only
// settings, as direnv keeps `direnv allow`: per file, for the exact values
// trusted, so any change to them needs trusting again. It lives in the
// user's data directory, where nothing a repository brings can write.
type Trust struct {
	// Dir holds one record per trusted file; "" means none can be kept.
	Dir string
}

// TrustRecord is one trusted file and the user-only values trusted in it.
type TrustRecord struct {
	File     string         `json:"file"`
	Digest   string         `json:"digest"`
	Settings map[string]any `json:"settings"`
}

// settingsDigest hashes user-only settings in a canonical form (JSON with
// sorted keys).
func settingsDigest(settings map[string]any) string {
	b, _ := json.Marshal(settings)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func (t Trust) recordPath(file string) string {
	sum := sha256.Sum256([]byte(file))
	return filepath.Join(t.Dir, hex.EncodeToString(sum[:16])+".json")
}

// Lookup returns the record for a file (an absolute, symlink-free path),
// or nil when the file was never trusted.
func (t Trust) Lookup(file string) (*TrustRecord, error) {
	if t.Dir == "" {
		return nil, nil
	}
	data, err := os.ReadFile(t.recordPath(file))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read trust record: %w", err)
	}
	var rec TrustRecord
	if err := json.Unmarshal(data, &rec); err != nil || rec.File != file {
		// A damaged record trusts nothing; trusting again rewrites it.
		return nil, nil
	}
	return &rec, nil
}

// Allow records that the user trusts these settings of file.
func (t Trust) Allow(file string, settings map[string]any) (*TrustRecord, error) {
	if t.Dir == "" {
		return nil, errors.New("trust: no place to record it: set HOME or XDG_DATA_HOME")
	}
	rec := &TrustRecord{File: file, Digest: settingsDigest(settings), Settings: settings}
	data, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("trust %s: %w", file, err)
	}
	if err := os.MkdirAll(t.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("trust %s: %w", file, err)
	}
	tmp, err := os.CreateTemp(t.Dir, ".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("trust %s: %w", file, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("trust %s: %w", file, err)
	}
	if err := tmp.Close(); err != nil {
		return nil, fmt.Errorf("trust %s: %w", file, err)
	}
	if err := os.Rename(tmp.Name(), t.recordPath(file)); err != nil {
		return nil, fmt.Errorf("trust %s: %w", file, err)
	}
	return rec, nil
}

// Revoke forgets a file's trust; revoking an untrusted file is no error.
func (t Trust) Revoke(file string) error {
	if t.Dir == "" {
		return nil
	}
	if err := os.Remove(t.recordPath(file)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("revoke trust of %s: %w", file, err)
	}
	return nil
}

// ErrNothingToTrust reports a repository file that sets no user-only key.
var ErrNothingToTrust = errors.New("nothing to trust")

// AllowFile trusts the user-only settings the repository file named by in
// sets now. Which file and which values are trusted is returned; the file
// is named by its symlink-free path, the one it was read from.
func AllowFile(in Inputs) (*TrustRecord, error) {
	l, err := Load(in)
	if err != nil {
		return nil, err
	}
	if l.RepoFile == "" || l.repoReal == "" {
		why := "no repository config file was read (" + in.File + ")"
		if l.repoRefused != "" {
			why = l.repoRefused
		}
		return nil, fmt.Errorf("%w: %s", ErrNothingToTrust, why)
	}
	if len(l.Pending) == 0 {
		return nil, fmt.Errorf("%w: %s sets no user-only key", ErrNothingToTrust, l.RepoFile)
	}
	if l.trustRefused != "" {
		return nil, fmt.Errorf("trust %s: %s", l.RepoFile, l.trustRefused)
	}
	return l.trust.Allow(l.repoReal, l.Pending)
}

// RevokeFile forgets the trust given to the repository file named by in.
func RevokeFile(in Inputs) (string, error) {
	real := resolve(in.File)
	if real == "" {
		// Only resolved paths are ever trusted: nothing to forget.
		return in.File, nil
	}
	return real, Trust{Dir: in.User.TrustDir}.Revoke(real)
}
