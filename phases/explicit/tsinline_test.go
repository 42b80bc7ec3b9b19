package explicit

import "testing"

// TestTSInlineFunctionTypeParams: a function literal assigned to a class
// field or variable declared with an inline function type takes its
// undeclared parameters' types from that type, as the checker does
// (NestJS's StreamableFile: handleError: (err: Error, response:
// StreamableHandlerResponse) => void = (err: Error, res) => { res.end() }).
func TestTSInlineFunctionTypeParams(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/response.ts": "export interface Response {\n  end(): void\n  send(b: any): void\n}\n",
		"src/file.ts": "import { Response } from './response'\n" +
			"export class File {\n  protected handleError: (err: Error, response: Response) => void = (err: Error, res) => {\n    res.end();\n  };\n}\n" +
			"export const onError: (response: Response) => void = (res) => {\n  res.send(1);\n};\n",
	})
	check(t, got,
		[]string{
			"src/file.ts#File.handleError -> src/response.ts#Response.end [calls type]",
			"src/file.ts#onError -> src/response.ts#Response.send [calls type]",
		},
		[]string{"[calls name]"})
}
