package gitrepo

import (
	"errors"
	"fmt"
	"strings"

	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// ErrSHA256 reports a repository whose objects are named by SHA-256.
var ErrSHA256 = errors.New("SHA-256 repositories (extensions.objectFormat = sha256) are not supported yet")

// readOnlySafe lists the repository extensions (lower-cased, as git
// compares them) that change nothing lgraph reads: it never writes to the
// repository and reads objects through odb, which tolerates missing ones.
var readOnlySafe = map[string]bool{
	"noop":            true,
	"noop-v1":         true,
	"worktreeconfig":  true, // sparse checkouts write it; it only adds config.worktree
	"partialclone":    true, // names the promisor remote; lgraph never fetches
	"preciousobjects": true, // forbids deleting objects; lgraph deletes none
}

// extensionStorage is go-git's storage with the repository extensions that
// are safe for a reader taken out of the config it reports. go-git refuses
// every extension it does not implement at open, even worktreeConfig and
// partialClone, which only matter to a writer; git opens such
// repositories, and so must lgraph. Any other extension is refused with
// its name.
type extensionStorage struct {
	*filesystem.Storage
}

// Config implements config.ConfigStorer.
func (s extensionStorage) Config() (*config.Config, error) {
	cfg, err := s.Storage.Config()
	if err != nil {
		return nil, err
	}
	if err := checkExtensions(cfg); err != nil {
		return nil, err
	}
	// Storage.Config reads the file afresh on every call, so this copy is
	// the caller's own.
	cfg.Raw.RemoveSection("extensions")
	return cfg, nil
}

// checkExtensions refuses the extensions lgraph cannot read past.
func checkExtensions(cfg *config.Config) error {
	if cfg.Raw == nil || !cfg.Raw.HasSection("extensions") {
		return nil
	}
	for _, opt := range cfg.Raw.Section("extensions").Options {
		name := strings.ToLower(opt.Key)
		switch {
		case readOnlySafe[name]:
		case name == "objectformat" && strings.EqualFold(opt.Value, "sha1"):
		case name == "objectformat":
			return ErrSHA256
		default:
			return fmt.Errorf("git extension %s = %s is not supported: lgraph reads repositories that git without that extension can read", opt.Key, opt.Value)
		}
	}
	return nil
}

// ErrNotFetched reports an object a partial clone never fetched: the
// promisor remote has it, and lgraph fetches nothing behind the user's back.
var ErrNotFetched = errors.New("not fetched (a partial clone's missing object)")

// SkipNotFetched is the reason a file whose blob a partial clone never
// fetched is not indexed.
const SkipNotFetched = "not_fetched"

// isPartialClone reports whether the repository is a partial clone: it
// names a promisor remote (extensions.partialClone, remote.*.promisor).
func isPartialClone(refs *filesystem.Storage) bool {
	cfg, err := refs.Config()
	if err != nil || cfg.Raw == nil {
		return false
	}
	if cfg.Raw.Section("extensions").HasOption("partialclone") {
		return true
	}
	for _, sub := range cfg.Raw.Section("remote").Subsections {
		if strings.EqualFold(sub.Option("promisor"), "true") {
			return true
		}
	}
	return false
}

// missing turns a missing object of a partial clone into ErrNotFetched.
func (r *Repo) missing(err error) error {
	if r.partial && errors.Is(err, plumbing.ErrObjectNotFound) {
		return ErrNotFetched
	}
	return err
}
