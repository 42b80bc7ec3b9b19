package answer

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
)

// Schema is the JSON Schema (draft 2020-12) of every answer; its $defs
// name each command's result.
//
//go:embed result.schema.json
var Schema []byte

// Validate checks one answer (an envelope as JSON) against the schema and,
// when def is not empty, its result against $defs/def.
func Validate(data []byte, def string) error {
	var instance any
	if err := json.Unmarshal(data, &instance); err != nil {
		return fmt.Errorf("answer is not JSON: %w", err)
	}
	if err := validate(Schema, instance); err != nil {
		return fmt.Errorf("envelope: %w", err)
	}
	if def == "" {
		return nil
	}
	result := instance.(map[string]any)["result"]
	if err := validate(Schema, result, def); err != nil {
		return fmt.Errorf("result as %s: %w", def, err)
	}
	return nil
}

// validate checks instance against the root of the schema, or against
// one of its $defs.
func validate(schemaJSON []byte, instance any, def ...string) error {
	var s jsonschema.Schema
	if err := json.Unmarshal(schemaJSON, &s); err != nil {
		return fmt.Errorf("schema: %w", err)
	}
	if len(def) > 0 {
		if s.Defs[def[0]] == nil {
			return fmt.Errorf("schema has no $defs/%s", def[0])
		}
		// The same $defs under a root that is only a reference to one.
		s = jsonschema.Schema{Schema: s.Schema, ID: s.ID, Defs: s.Defs, Ref: "#/$defs/" + def[0]}
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		return fmt.Errorf("resolve schema: %w", err)
	}
	return rs.Validate(instance)
}
