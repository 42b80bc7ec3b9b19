// Package syntax holds what the language packages share to read a file
// with tree-sitter: the parser of a grammar with its repair pass and the
// C allocator (Grammar), the one implementation of lang.Language they
// fill (Language), the cache of a grammar's kind and field ids (Table),
// tree utilities (Text, Line, Header, Walk, Kids, CountErrors), the
// comment and file-doc readers (PrecedingComments, StripComment,
// FileDoc), the scope stacks of a walk (Locals, TypeWalk) and small text
// helpers (NoSpace, StripGenerics, SplitLast, SortRefs). Language
// packages import it, and never each other.
package syntax
