package explicit

import "testing"

// TestTSMapValues: a value got from a Map<K, V> (a parameter, a field
// made with new Map<K, V>(), one declared so in another file) is a V, so
// calls on it land on V's methods, as the checker resolves them (NestJS's
// Module: this._controllers.get(host).addEnhancerMetadata(...)). Other
// members of the map stay outside ones, and a map whose values' type is
// not told guesses at nothing. A class that extends Map<K, V> gives a V
// from get(k) too (NestJS's ModulesContainer).
func TestTSMapValues(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/wrapper.ts": "export class InstanceWrapper<T> {\n  createPrototype(id: number) {}\n  addEnhancerMetadata(w: any) {}\n  set(v: any) {}\n}\n",
		"src/module.ts": "import { InstanceWrapper } from './wrapper'\n" +
			"export class Module {\n  readonly controllers = new Map<string, InstanceWrapper<any>>();\n  private counts: Map<string, number>;\n" +
			"  load(collection: Map<string, InstanceWrapper<any>>, token: string) {\n    const target = collection.get(token);\n    target.createPrototype(1);\n" +
			"    collection.set(token, target);\n  }\n" +
			"  add(host: string) {\n    const w = this.controllers.get(host);\n    w.addEnhancerMetadata(null);\n  }\n}\n",
		"src/modules.ts": "import { Module } from './module'\nexport class ModulesContainer extends Map<string, Module> {\n  readonly id = 1;\n}\n",
		"src/use.ts": "import { Module } from './module'\nimport { ModulesContainer } from './modules'\n" +
			"export function register(m: Module) {\n  m.controllers.get('x').createPrototype(2);\n}\n" +
			"export class Container {\n  private readonly modules = new ModulesContainer();\n" +
			"  addController(token: string) {\n    const moduleRef = this.modules.get(token);\n    moduleRef.add(token);\n    this.modules.set(token, moduleRef);\n  }\n}\n",
	})
	check(t, got,
		[]string{
			"src/module.ts#Module.load -> src/wrapper.ts#InstanceWrapper.createPrototype [calls type]",
			"src/module.ts#Module.add -> src/wrapper.ts#InstanceWrapper.addEnhancerMetadata [calls type]",
			"src/use.ts#register -> src/wrapper.ts#InstanceWrapper.createPrototype [calls type]",
			"src/use.ts#Container.addController -> src/module.ts#Module.add [calls type]",
		},
		[]string{"InstanceWrapper.set", "[calls name]"})
}
