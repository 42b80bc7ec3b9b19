package pipeline

import (
	"context"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/phases/enrich"
	"github.com/lgraph/lgraph/phases/explicit"
	"github.com/lgraph/lgraph/phases/implicit"
	"github.com/lgraph/lgraph/phases/inventory"
	"github.com/lgraph/lgraph/phases/phase"
	"github.com/lgraph/lgraph/phases/wiki"
)

// DefaultPhases is the production phase list, in order.
func DefaultPhases(read func(string) ([]byte, error), target func(context.Context) ([]gitrepo.Entry, error)) []phase.Phase {
	return []phase.Phase{
		inventory.Phase{Target: target, Read: read},
		explicit.Phase{Read: read},
		implicit.Phase{Read: read},
		enrich.Phase{Read: read},
		wiki.Phase{},
	}
}
