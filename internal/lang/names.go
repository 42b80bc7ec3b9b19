package lang

// Language names: the "lang" of nodes, snapshot records and facts cache
// keys. They are written nowhere else.
const (
	Go         = "go"
	Python     = "python"
	JavaScript = "javascript"
	TypeScript = "typescript"
	TSX        = "tsx"
	Java       = "java"
	Rust       = "rust"
	Ruby       = "ruby"
	C          = "c"
	CPP        = "cpp"
	CSharp     = "csharp"
	PHP        = "php"

	// ProjectFile is the language of the project files resolution reads
	// (go.mod, package.json, tsconfig.json, pyproject.toml, setup.cfg,
	// Cargo.toml): they are indexed, hashed into the content root and
	// read by the explicit phase, but hold no code.
	ProjectFile = "config"
)

// Families group the languages whose files may import each other: a name
// is looked up, and resolution keys are written, per family.
const (
	FamilyGo     = "go"
	FamilyPython = "python"
	FamilyJS     = "js" // JavaScript, TypeScript, TSX
	FamilyJava   = "java"
	FamilyRust   = "rust"
	FamilyRuby   = "ruby"
	FamilyC      = "c" // C and C++
	FamilyCSharp = "csharp"
	FamilyPHP    = "php"
)
