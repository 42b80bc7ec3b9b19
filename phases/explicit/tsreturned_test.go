package explicit

import "testing"

// TestTSReturnedThisChain: a method or getter that declares no result
// type but returns a chain rooted at this has that chain's type, so calls
// on its result land (NestJS: container.getHttpAdapterRef().setErrorHandler,
// this.instanceLinksHost.get through a lazy getter). A method whose
// returns disagree has no type.
func TestTSReturnedThisChain(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/adapter.ts": "export class HttpAdapter {\n  setErrorHandler(h: any) {}\n}\n",
		"src/links.ts":   "export class Links {\n  get(token: string) { return 1 }\n}\n",
		"src/storage.ts": "import { HttpAdapter } from './adapter'\n" +
			"export class Storage {\n  private _adapter: HttpAdapter;\n  get httpAdapter(): HttpAdapter { return this._adapter }\n}\n",
		"src/container.ts": "import { Storage } from './storage'\nimport { Links } from './links'\n" +
			"export class Container {\n  private readonly storage = new Storage();\n  private _links: Links;\n" +
			"  getHttpAdapterRef() {\n    return this.storage.httpAdapter;\n  }\n" +
			"  get links() {\n    if (!this._links) {\n      this._links = new Links();\n    }\n    return this._links;\n  }\n" +
			"  either(a: boolean) {\n    if (a) { return this.storage.httpAdapter; }\n    return this._links;\n  }\n}\n",
		"src/use.ts": "import { Container } from './container'\n" +
			"export function register(c: Container) {\n  const ref = c.getHttpAdapterRef();\n  ref.setErrorHandler(null);\n" +
			"  c.links.get('x');\n}\n" +
			"export function viaEither(c: Container) {\n  c.either(true).get('y');\n}\n",
	})
	check(t, got,
		[]string{
			"src/use.ts#register -> src/adapter.ts#HttpAdapter.setErrorHandler [calls type]",
			"src/use.ts#register -> src/links.ts#Links.get [calls type]",
		},
		[]string{"src/use.ts#register -> src/links.ts#Links.get [calls name]", "src/use.ts#viaEither -> src/links.ts#Links.get [calls type]"})
}
