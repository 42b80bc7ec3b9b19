package mcpserver

import (
	"context"
	"maps"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lgraph/lgraph/internal/readview"
)

// property is one argument in a tool's input schema.
type property struct {
	Type        string    `json:"type"`
	Description string    `json:"description,omitempty"`
	Enum        []string  `json:"enum,omitempty"`
	Items       *property `json:"items,omitempty"`
	Minimum     *int      `json:"minimum,omitempty"`
	Default     any       `json:"default,omitempty"`
	// required lists the argument in the schema's required.
	required bool
}

// inputSchema is a tool's input schema: an object of named arguments.
type inputSchema struct {
	Type       string              `json:"type"`
	Properties map[string]property `json:"properties"`
	Required   []string            `json:"required,omitempty"`
}

// define builds a read-only tool taking props, answered by answer with its
// arguments decoded into a new A. The pin arguments A may take are left
// out of the schema: the server's instructions describe them once.
func define[A any, PA interface {
	*A
	args
}](name, description string, props map[string]property, answer func(context.Context, *readview.View, PA) (any, error)) spec {
	schema := inputSchema{Type: "object", Properties: map[string]property{}}
	maps.Copy(schema.Properties, props)
	for _, k := range slices.Sorted(maps.Keys(props)) {
		if props[k].required {
			schema.Required = append(schema.Required, k)
		}
	}
	return spec{
		tool: &mcp.Tool{
			Name:        name,
			Description: description,
			InputSchema: schema,
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true},
		},
		newArgs: func() args { return PA(new(A)) },
		answer:  func(ctx context.Context, v *readview.View, a args) (any, error) { return answer(ctx, v, a.(PA)) },
	}
}

// optional lets a tool answer before the branch is indexed, unless pinned.
func (s spec) optional() spec {
	s.optionalSnapshot = true
	return s
}

// writes marks a tool that changes the index (not read-only), and makes
// its answer carry the freshness of what it published.
func (s spec) writes() spec {
	s.tool.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: false, IdempotentHint: true, DestructiveHint: ptr(false)}
	s.refresh = true
	return s
}

func ptr[T any](v T) *T { return &v }
