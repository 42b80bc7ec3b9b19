package commands

import (
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/lgraph/lgraph/phases/phase"
)

// newProgress draws bars on a terminal, prints one plain line per phase
// elsewhere, and nothing under --quiet or --json.
func newProgress(g *Globals) phase.Progress {
	if g.Quiet || g.JSON {
		return phase.NoProgress{}
	}
	if f, ok := g.Stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return &barProgress{w: f}
	}
	return &lineProgress{w: g.Stderr}
}

type barProgress struct {
	w   io.Writer
	mu  sync.Mutex
	bar *progressbar.ProgressBar
}

func (p *barProgress) Start(name string, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(p.w), progressbar.OptionSetDescription(name),
		progressbar.OptionShowCount(), progressbar.OptionThrottle(100_000_000), progressbar.OptionClearOnFinish())
}

func (p *barProgress) Add(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Add(n)
	}
}

func (p *barProgress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Finish()
		p.bar = nil
	}
}

type lineProgress struct {
	w     io.Writer
	mu    sync.Mutex
	name  string
	total int
}

func (p *lineProgress) Start(name string, total int) {
	p.mu.Lock()
	p.name, p.total = name, total
	p.mu.Unlock()
}

func (p *lineProgress) Add(int) {}

func (p *lineProgress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.total > 0 {
		fmt.Fprintf(p.w, "%s: %s\n", p.name, plural(p.total, "file"))
	}
}
