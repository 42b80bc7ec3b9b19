package llm

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// run prepares a prompt and completes it. Its errors never show the API key.
func (p *OpenAI) run(ctx context.Context, pr prompt) (Result, error) {
	if pr.items > 0 {
		return p.runAs(ctx, pr, batchReply(pr.items))
	}
	return p.runAs(ctx, pr, summaryReply)
}

// replySpec is what a kind of call asks back: the response format for a
// schema-capable endpoint and the validator of every reply, which returns
// the reply's text (a summary) or the validated JSON.
type replySpec struct {
	format func(jsonSchema bool) *openai.ChatCompletionResponseFormat
	parse  func(content string) (string, error)
}

// summaryReply is the {"summary": string} reply of summaries and docs.
var summaryReply = replySpec{
	format: func(jsonSchema bool) *openai.ChatCompletionResponseFormat { return responseFormat(jsonSchema, false) },
	parse:  parseReply,
}

// batchReply is the reply of a batch of n items: one summary each.
func batchReply(n int) replySpec {
	return replySpec{
		format: func(jsonSchema bool) *openai.ChatCompletionResponseFormat { return responseFormat(jsonSchema, true) },
		parse:  func(content string) (string, error) { return parseBatchReply(content, n) },
	}
}

// runAs is run for a reply of the given kind.
func (p *OpenAI) runAs(ctx context.Context, pr prompt, rs replySpec) (Result, error) {
	pr, err := p.prepare(pr)
	if err != nil {
		return Result{}, err
	}
	res, err := p.complete(ctx, pr, rs)
	return res, scrub(err, p.cfg.APIKey)
}

// complete sends pr until a valid reply comes back: transport failures are
// retried up to Config.Retries times with backoff, a malformed reply once.
// The Usage of every answered attempt is returned, also on error.
func (p *OpenAI) complete(ctx context.Context, pr prompt, rs replySpec) (Result, error) {
	req := p.request(pr, rs)
	var res Result
	failures, malformed := 0, 0
	for {
		text, usage, wait, err := p.attempt(ctx, req, pr, rs)
		res.Usage = res.Usage.Add(usage)
		switch {
		case err == nil:
			res.Text = text
			return res, nil
		case errors.Is(err, ErrMalformedReply):
			if malformed++; malformed > 1 {
				return res, fmt.Errorf("%d replies in a row broke the schema: %w", malformed, err)
			}
			continue
		case !retryable(ctx, err) || failures >= p.cfg.Retries:
			if failures == 0 {
				return res, fmt.Errorf("request failed: %w", err)
			}
			return res, fmt.Errorf("request failed after %d attempts: %w", failures+1, err)
		}
		if err := p.sleep(ctx, backoff(failures, wait)); err != nil {
			return res, fmt.Errorf("wait to retry: %w", err)
		}
		failures++
	}
}

// request builds the chat request of a prepared prompt: temperature 0 and
// room for the reply, except for reasoning models, which take neither.
func (p *OpenAI) request(pr prompt, rs replySpec) openai.ChatCompletionRequest {
	req := openai.ChatCompletionRequest{
		Model: p.cfg.Model,
		Messages: []openai.ChatCompletionMessage{
			{Role: openai.ChatMessageRoleSystem, Content: pr.system},
			{Role: openai.ChatMessageRoleUser, Content: pr.user},
		},
		ResponseFormat: rs.format(p.cfg.JSONSchema),
	}
	if !reasoningModel(p.cfg.Model) {
		// go-openai omits a zero temperature (omitempty), which servers read
		// as their default of 1; the smallest float32 is 0 in effect.
		req.Temperature = math.SmallestNonzeroFloat32
		// A batch needs room for one sentence per item.
		req.MaxCompletionTokens = max(p.reserve, pr.items*cmp.Or(pr.itemReply, batchItemReply))
	}
	return req
}

// reasoningModel reports models that reject temperature and max tokens.
func reasoningModel(model string) bool {
	for _, prefix := range []string{"o1", "o3", "o4", "gpt-5", "gpt-6"} {
		if strings.HasPrefix(model, prefix) {
			return true
		}
	}
	return false
}

// attempt sends req once, within the rate limit, the concurrency bound and
// the per-request timeout. It returns the reply's summary, the usage of an
// answered request, and the server's Retry-After on failure.
func (p *OpenAI) attempt(ctx context.Context, req openai.ChatCompletionRequest, pr prompt, rs replySpec) (string, Usage, time.Duration, error) {
	if err := p.bucket.take(ctx, EstimateTokens(pr.text())); err != nil {
		return "", Usage{}, 0, fmt.Errorf("wait for tokens-per-minute limit: %w", err)
	}
	if err := p.sem.acquire(ctx); err != nil {
		return "", Usage{}, 0, fmt.Errorf("wait for a request slot: %w", err)
	}
	defer p.sem.release()
	actx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	slot := &retryAfter{}
	resp, err := p.client.CreateChatCompletion(context.WithValue(actx, retryAfterKey{}, slot), req)
	if err != nil {
		if ctx.Err() == nil && errors.Is(actx.Err(), context.DeadlineExceeded) {
			err = fmt.Errorf("no answer within the %s timeout: %w", p.cfg.Timeout, err)
		}
		return "", Usage{}, slot.get(), err
	}
	usage := usageOf(resp, pr)
	if len(resp.Choices) == 0 {
		return "", usage, 0, fmt.Errorf("%w: no choices", ErrMalformedReply)
	}
	text, err := rs.parse(resp.Choices[0].Message.Content)
	return text, usage, 0, err
}

// usageOf is the usage the server reported, or an estimate when it reported
// none (some local servers omit it), so budgets still hold.
func usageOf(resp openai.ChatCompletionResponse, pr prompt) Usage {
	u := Usage{PromptTokens: resp.Usage.PromptTokens, CompletionTokens: resp.Usage.CompletionTokens, Calls: 1,
		SystemTokens: EstimateTokens(pr.system)}
	if u.PromptTokens == 0 && u.CompletionTokens == 0 {
		u.PromptTokens = EstimateTokens(pr.text())
		for _, c := range resp.Choices {
			u.CompletionTokens += EstimateTokens(c.Message.Content)
		}
	}
	return u
}
