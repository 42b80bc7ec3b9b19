package js

import (
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
)

// TestTSInstanceofNarrowing checks that a local tested with instanceof
// takes the class for a type in the if's branch and, after a guard that
// returns unless it is one, in the rest of the block; and nowhere else
// (the else branch, after a branch, outside the guard's block). The code
// is NestJS's exception filters' and adapters'.
func TestTSInstanceofNarrowing(t *testing.T) {
	f := extractT(t, TypeScript(), `import { HttpException } from "./http.exception";
import { StreamableFile } from "./streamable-file";
export class BaseExceptionFilter<T = any> {
  catch(exception: T, host: Host) {
    if (!(exception instanceof HttpException)) {
      return this.handleUnknownError(exception, host);
    }
    const res = exception.getResponse();
  }
  reply(body: any, other: any) {
    if (other && body instanceof StreamableFile) {
      body.getHeaders();
    } else {
      body.end();
    }
    body.send();
    {
      if (!(other instanceof HttpException)) throw new Error("no");
      other.getStatus();
    }
    other.close();
  }
}
`)
	want := map[string]string{
		"getResponse": `@./http.exception|HttpException`,
		"getHeaders":  `@./streamable-file|StreamableFile`,
		"end":         facts.Unknown,
		"send":        facts.Unknown,
		"getStatus":   `@./http.exception|HttpException`,
		"close":       facts.Unknown,
	}
	for _, r := range f.Refs {
		if w, ok := want[r.Name]; ok {
			if r.Recv != w {
				t.Errorf("%s.%s() receiver = %q, want %q", r.Qualifier, r.Name, r.Recv, w)
			}
			delete(want, r.Name)
		}
	}
	for name := range want {
		t.Errorf("no reference to %s", name)
	}
}

// TestTSInstanceofNarrowsProperty: a property of a local tested with
// instanceof takes the class for a type where the local would (hono's
// handleMiddleware: if (context.error instanceof HTTPException) return
// context.error.getResponse()); not in the else branch, and not for an
// inner function's own binding of the name.
func TestTSInstanceofNarrowsProperty(t *testing.T) {
	f := extractT(t, TypeScript(), `import { HTTPException } from "./http-exception";
export function handleMiddleware(context: any, other: any) {
  if (context.error instanceof HTTPException) {
    context.error.getResponse();
    const f = (context: any) => context.error.inner();
  } else {
    context.error.elsewhere();
  }
  context.error.after();
}
`)
	want := map[string]string{
		"getResponse": `@./http-exception|HTTPException`,
		"inner":       facts.Unknown,
		"elsewhere":   facts.Unknown,
		"after":       facts.Unknown,
	}
	for _, r := range f.Refs {
		if w, ok := want[r.Name]; ok {
			if r.Recv != w {
				t.Errorf("%s.%s() receiver = %q, want %q", r.Qualifier, r.Name, r.Recv, w)
			}
			delete(want, r.Name)
		}
	}
	for name := range want {
		t.Errorf("no reference to %s", name)
	}
}
