package explicit

import "testing"

// TestTSPromiseThen: the callback of then on a promise gets the value the
// promise resolves to (a Promise<T> is read as T), as the checker types
// it: a declared promise, an async method's result. A type that declares
// then itself keeps its own (a thenable's then is what is called).
func TestTSPromiseThen(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/server.ts": "export class Server {\n  listen() {}\n}\nexport class Thenable {\n  then(cb: (s: Other) => void) {}\n}\nexport class Other {\n  listen() {}\n}\n",
		"src/app.ts": "import { Server, Thenable } from './server'\n" +
			"export class App {\n  ready: Promise<Server>;\n  async create(): Promise<Server> { return new Server() }\n" +
			"  start() {\n    this.ready.then((s) => s.listen());\n  }\n" +
			"  boot() {\n    this.create().then((s) => s.listen());\n  }\n" +
			"  own(t: Thenable) {\n    t.then((o) => o.listen());\n  }\n}\n",
	})
	check(t, got,
		[]string{
			"src/app.ts#App.start -> src/server.ts#Server.listen [calls type]",
			"src/app.ts#App.boot -> src/server.ts#Server.listen [calls type]",
			"src/app.ts#App.own -> src/server.ts#Other.listen [calls type]",
		},
		[]string{"[calls name]"})
}
