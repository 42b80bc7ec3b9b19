package facts

import "path"

// Project holds repository-wide settings that change how imports resolve.
// It is derived from project files (go.mod, tsconfig.json) and config, and is
// hashed into the resolution inputs so that a change to it re-resolves all.
type Project struct {
	// GoModules maps a directory ("" for the root) to the module path its
	// go.mod declares.
	GoModules map[string]string `json:"go_modules,omitempty"`
	// TSConfigs maps a directory ("" for the root) to the compiler options of
	// the tsconfig.json or jsconfig.json in it.
	TSConfigs map[string]TSConfig `json:"ts_configs,omitempty"`
	// IncludeDirs are repository-relative directories searched for C/C++
	// quoted includes after the including file's own directory.
	IncludeDirs []string `json:"include_dirs,omitempty"`
	// PythonRoots maps a repository directory to the dotted package name its
	// files import as: "" for an import root (with {"localstack-core": ""},
	// localstack-core/localstack/config.py is localstack.config), a name for
	// a directory mapped to a package ({"lib/x": "pkg"} makes lib/x/m.py
	// pkg.m). It comes from pyproject.toml, setup.cfg, setup.py, the tree
	// and the import_roots config key; src/ and lib/ at the top need no entry.
	PythonRoots map[string]string `json:"python_roots,omitempty"`
	// Rust maps a directory ("" for the root) to the package its
	// Cargo.toml declares (workspace manifests without [package] are absent).
	Rust map[string]RustPackage `json:"rust,omitempty"`
	// JSPackages maps a package name ("@acme/utils") to the package whose
	// package.json declares it, so that a workspace (monorepo) import of
	// that name, or of a subpath of it, reaches the package's source.
	JSPackages map[string]JSPackage `json:"js_packages,omitempty"`
	// NamespaceMacros maps a C/C++ macro name to what its expansion does to
	// namespaces (Macro.Ops), from the first file in path order defining it:
	// a file that writes the macro alone on a line opens or closes them; a
	// call written in a "::" macro's argument is in the global namespace.
	NamespaceMacros map[string]string `json:"namespace_macros,omitempty"`
}

// JSPackage is one package.json of the repository, as far as imports of
// its name need it.
type JSPackage struct {
	// Dir is the package's directory ("" for the root).
	Dir string `json:"dir"`
	// Exports maps an import subpath ("." for the package itself, "./x",
	// or a pattern "./*") to the module keys, relative to Dir and without
	// extensions, that it may resolve to, most likely first: declared
	// source entries, then built entries mapped back to src/.
	Exports map[string][]string `json:"exports,omitempty"`
}

// TSConfig is the part of a tsconfig.json that affects module resolution,
// with what it does not set taken from the configs it extends: a BaseURL
// or Paths target starting with "/" is relative to the repository root.
type TSConfig struct {
	BaseURL string              `json:"base_url,omitempty"`
	Paths   map[string][]string `json:"paths,omitempty"`
}

// GoModuleFor returns the module path and module root directory that own the
// file at p (the nearest enclosing directory with a go.mod).
func (pr *Project) GoModuleFor(p string) (modPath, root string, ok bool) {
	if pr == nil {
		return "", "", false
	}
	dir := path.Dir(p)
	for {
		if dir == "." {
			dir = ""
		}
		if m, found := pr.GoModules[dir]; found {
			return m, dir, true
		}
		if dir == "" {
			return "", "", false
		}
		dir = path.Dir(dir)
	}
}

// RustPackage is what one Cargo.toml with a [package] section says about
// the crates of its package, as far as module paths need it. A Rust path
// starting with `crate` means the crate of the file it is written in, and
// a path starting with another crate's name means that crate's library:
// both need to know which crate a file belongs to.
type RustPackage struct {
	// Name is the package name ("grep-searcher").
	Name string `json:"name"`
	// Lib is the library crate's name as code writes it: [lib] name, else
	// the package name with '-' as '_' ("grep_searcher").
	Lib string `json:"lib"`
	// LibPath is the library root relative to the package directory when
	// [lib] path sets one ("" means src/lib.rs).
	LibPath string `json:"lib_path,omitempty"`
	// Roots are the other declared crate roots ([[bin]], [[test]],
	// [[example]], [[bench]] paths and the build script), relative to the
	// package directory, sorted.
	Roots []string `json:"roots,omitempty"`
	// Deps maps a renamed dependency's local crate name to its package
	// name (memmap = { package = "memmap2" }: memmap -> memmap2).
	Deps map[string]string `json:"deps,omitempty"`
}
