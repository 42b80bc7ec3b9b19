package explicit

import "testing"

// TestJSMemberAssignments: CommonJS and ES5 code defines its functions by
// assigning them to members (express's app.handle = function handle()
// {...}, View.prototype.render = function render() {...},
// exports.normalizeType = function () {...}); calls reach them from other
// files, through this in a constructor's prototype methods, and through a
// require()d module's namespace or a name taken from it.
func TestJSMemberAssignments(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/application.js": "var app = exports = module.exports = {};\n\n" +
			"app.handle = function handle(req, res, callback) {\n  finish(req);\n};\n" +
			"app.init = function init() {\n  this.set('x');\n};\n" +
			"function finish(req) {}\n",
		"lib/express.js": "var proto = require('./application');\n\n" +
			"function createApplication() {\n  var app = function (req, res, next) {\n    app.handle(req, res, next);\n  };\n  return app;\n}\n" +
			"exports = module.exports = createApplication;\n",
		"lib/view.js": "module.exports = View;\n\nfunction View(name) {\n  this.lookup(name);\n}\n\n" +
			"View.prototype.lookup = function lookup(name) {\n  return name;\n};\n\n" +
			"View.prototype.render = function render(options, callback) {\n  this.lookup(options);\n};\n\n" +
			"View.prototype.draw = function draw() {\n  this.render({}, null);\n};\n",
		"lib/utils.js": "exports.normalizeType = function (type) {\n  return type;\n};\n",
		"lib/response.js": "var utils = require('./utils');\nvar View = require('./view');\n\n" +
			"exports.send = function send(body) {\n  utils.normalizeType(body);\n  new View('x').render();\n};\n",
		"lib/request.js": "var normalizeType = require('./utils').normalizeType;\nvar resolve = require('node:path').resolve;\n\n" +
			"exports.is = function is(types) {\n  normalizeType(types);\n  resolve(types);\n};\n",
	})
	check(t, got,
		[]string{
			"lib/application.js#app.handle -> lib/application.js#finish [calls scope]",
			"lib/express.js#createApplication.app -> lib/application.js#app.handle [calls name]",
			"lib/view.js#View -> lib/view.js#View.lookup [calls type]",
			"lib/view.js#View.render -> lib/view.js#View.lookup [calls type]",
			"lib/view.js#View.draw -> lib/view.js#View.render [calls type]",
			"lib/response.js#send -> lib/utils.js#normalizeType [calls import]",
			"lib/request.js#is -> lib/utils.js#normalizeType [calls import]",
		},
		// var resolve = require('node:path').resolve is an outside function.
		[]string{"lib/request.js#is -> lib/request.js"})
}

// TestJSObjectThis: in a method assigned to an object's member (express's
// app.enable = function () { return this.set(...) }), this is the object,
// so this.set is the method the file assigns to app.set; a function nested
// in the method has a this of its own, and a class's method keeps its
// class's members.
func TestJSObjectThis(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/application.js": "var app = exports = module.exports = {};\n\n" +
			"app.set = function set(setting, val) {\n  return val;\n};\n\n" +
			"app.enable = function enable(setting) {\n  return this.set(setting, true);\n};\n\n" +
			"app.later = function later() {\n  function inner() {\n    this.set('x');\n  }\n  return inner;\n};\n",
		"lib/thing.js": "class Thing {\n  set(v) { return v; }\n  run() { return this.set(1); }\n}\n" +
			"var other = {};\nother.set = function set() {};\n",
	})
	check(t, got,
		[]string{
			"lib/application.js#app.enable -> lib/application.js#app.set [calls type]",
			"lib/thing.js#Thing.run -> lib/thing.js#Thing.set [calls type]",
		},
		[]string{
			"lib/application.js#app.later.inner -> lib/application.js#app.set",
			"lib/thing.js#Thing.run -> lib/thing.js#other.set",
		})
}

// TestJSModuleIsAnotherModule: a package's index.js that is another module
// (express's module.exports = require('./lib/express')) re-exports that
// module's default and exports, and express's own default is written
// exports = module.exports = createApplication: its tests' express() and
// express.json() reach lib/express.js.
func TestJSModuleIsAnotherModule(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"index.js": "'use strict';\n\nmodule.exports = require('./lib/express');\n",
		"lib/express.js": "exports = module.exports = createApplication;\n\n" +
			"function createApplication() {\n  return {};\n}\n\n" +
			"exports.json = function json(options) {\n  return options;\n};\n",
		"test/app.js": "var express = require('../');\n\n" +
			"function setup() {\n  var app = express();\n  express.json({});\n  return app;\n}\n",
	})
	check(t, got,
		[]string{
			"test/app.js#setup -> lib/express.js#createApplication [calls import]",
			"test/app.js#setup -> lib/express.js#json [calls import]",
		}, nil)
}

// TestJSAnonymousDefaultExport: a module whose default export is an
// anonymous function (module.exports = function (options) {...},
// export default () => ...) has it as the symbol "default": its importers'
// calls reach it, and its own calls are its, not the file's.
func TestJSAnonymousDefaultExport(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/logger.js": "module.exports = function (options) {\n  return format(options);\n};\n\nfunction format(o) {\n  return o;\n}\n",
		"src/plugin.ts": "export default (name: string) => name.length;\n",
		"app.js":        "var logger = require('./lib/logger');\n\nfunction start() {\n  logger({});\n}\n",
		"src/main.ts":   "import plugin from './plugin';\n\nexport function boot() {\n  return plugin('x');\n}\n",
	})
	check(t, got,
		[]string{
			"app.js#start -> lib/logger.js#default [calls import]",
			"src/main.ts#boot -> src/plugin.ts#default [calls import]",
			"lib/logger.js#default -> lib/logger.js#format [calls scope]",
		}, nil)
}

// TestJSCalledRequire: a call of a require() (fastify's tests'
// require('..')(opts), express's require('./lib/boot')(app)) calls the
// module's default export, and the value it gives is that function's
// result; a require() of an outside package called so is no edge.
func TestJSCalledRequire(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"index.js": "function fastify(options) {\n  return new Instance(options);\n}\n\n" +
			"class Instance {\n  get(path) {\n    return path;\n  }\n}\n\nmodule.exports = fastify;\n",
		"lib/boot.js": "module.exports = function (app, options) {\n  return app;\n};\n",
		"test/route.test.js": "function route() {\n  const app = require('..')({ logger: false });\n  app.get('/');\n" +
			"  require('../lib/boot')(app, {});\n  require('debug')('x');\n}\n",
	})
	check(t, got,
		[]string{
			"test/route.test.js#route -> index.js#fastify [calls import]",
			"test/route.test.js#route -> lib/boot.js#default [calls import]",
		},
		[]string{"debug"})
}

// A module whose default export is a class (module.exports = ContentType)
// gives the importer that class: g.from() is its static method, as in
// fastify's ContentType.from(header), while a module's own exports still
// come first and an object's exports are reached as before.
func TestJSDefaultExportMembers(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/content-type.js": "class ContentType {\n  static from(header) {\n    return new ContentType(header);\n  }\n}\n\nmodule.exports = ContentType;\n",
		"lib/helpers.js":      "function parse(s) {\n  return s;\n}\n\nmodule.exports = { parse };\n",
		"lib/handle.js": "const ContentType = require('./content-type');\nconst helpers = require('./helpers');\n\n" +
			"function handle(request) {\n  request.type = ContentType.from(request.header);\n  helpers.parse(request.body);\n  ContentType.missing();\n}\n\nmodule.exports = { handle };\n",
		"src/kind.ts": "export default class Kind {\n  static make(n: number) {\n    return new Kind();\n  }\n}\n",
		"src/use.ts":  "import Kind from './kind';\n\nexport function use() {\n  return Kind.make(1);\n}\n",
	})
	check(t, got,
		[]string{
			"lib/handle.js#handle -> lib/content-type.js#ContentType.from [calls import]",
			"lib/handle.js#handle -> lib/helpers.js#parse [calls import]",
			"src/use.ts#use -> src/kind.ts#Kind.make [calls type]",
		},
		nil)
}

// An object literal assigned to module.exports exports its values under
// its keys ({ exist: checkExistence }, fastify's decorate.js), and names
// a function requires in its body are imports its calls reach, as at
// module level (fastify's logger-factory.js requires lazily).
func TestJSExportedObjectsAndLocalRequires(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/decorate.js": "function checkExistence(instance) {\n  return instance;\n}\n\nfunction hasKey(fn) {\n  return fn;\n}\n\n" +
			"module.exports = {\n  exist: checkExistence,\n  hasKey\n};\n",
		"lib/logger.js": "function createLogger(opts) {\n  return opts;\n}\n\nmodule.exports = { createLogger };\n",
		"lib/boot.js":   "module.exports = function boot(app) {\n  return app;\n};\n",
		"lib/reply.js": "const decorators = require('./decorate');\n\n" +
			"function getDecorator(reply, name) {\n  return decorators.exist(reply, name) && decorators.hasKey(reply);\n}\n\n" +
			"function build(options) {\n  const { createLogger } = require('./logger');\n  const boot = require('./boot');\n" +
			"  const parse = require('./logger').createLogger;\n  boot(options);\n  parse(options);\n  return createLogger(options);\n}\n\n" +
			"function local(createLogger) {\n  return createLogger(1);\n}\n\nmodule.exports = { getDecorator, build, local };\n",
	})
	check(t, got,
		[]string{
			"lib/reply.js#getDecorator -> lib/decorate.js#checkExistence [calls import]",
			"lib/reply.js#getDecorator -> lib/decorate.js#hasKey [calls import]",
			"lib/reply.js#build -> lib/logger.js#createLogger [calls import]",
			"lib/reply.js#build -> lib/boot.js#boot [calls import]",
		},
		[]string{"lib/reply.js#local ->"})
}

// hapi's module shape: a module-level object collects the file's private
// functions and classes (const internals = {}; internals.handler =
// function ...), and exports.m(...) calls the module's own export m.
// Calls through both reach those symbols, a class among them has its
// static members, and a function's own members (internals.end.bind) are
// outside ones, as before.
func TestJSInternalsObject(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/handler.js": "'use strict';\n\nconst internals = {};\n\n" +
			"exports.execute = async function (request) {\n  internals.handler(request);\n  internals.end.bind(null);\n" +
			"  internals.Ext.combine(request);\n  return exports.prerequisites(request);\n};\n\n" +
			"exports.prerequisites = function (config) {\n  return new internals.Ext(config);\n};\n\n" +
			"internals.handler = async function (request) {\n  return request;\n};\n\n" +
			"internals.end = function () {};\n\n" +
			"internals.Ext = class {\n  static combine(x) {\n    return x;\n  }\n};\n",
		"lib/server.js": "class Server {\n  bind(x) {\n    return x;\n  }\n}\n\nmodule.exports = { Server };\n",
	})
	check(t, got,
		[]string{
			"lib/handler.js#execute -> lib/handler.js#internals.handler [calls scope]",
			"lib/handler.js#execute -> lib/handler.js#prerequisites [calls scope]",
			"lib/handler.js#execute -> lib/handler.js#internals.Ext.combine [calls type]",
			"lib/handler.js#prerequisites -> lib/handler.js#internals.Ext [calls scope]",
		},
		[]string{"-> lib/server.js#Server.bind"})
}

// A standard method of JavaScript's own values called on a receiver of
// unknown type (parts.slice(1), val.forEach(), result.then()) is not
// guessed onto the one repository class that defines the name (mongoose's
// Query.slice), while a name only the repository uses still is.
func TestJSStandardMethodsAreNotGuessed(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/query.js": "class Query {\n  slice(n) {\n    return n;\n  }\n  then(f) {\n    return f;\n  }\n  populate(p) {\n    return p;\n  }\n}\n\nmodule.exports = Query;\n",
		"lib/cast.js": "function cast(path, val, q) {\n  const parts = path.split('.');\n  parts.slice(1);\n  val.then(null);\n" +
			"  q.populate(parts);\n}\n\nmodule.exports = cast;\n",
	})
	check(t, got,
		[]string{"lib/cast.js#cast -> lib/query.js#Query.populate [calls name]"},
		[]string{"-> lib/query.js#Query.slice", "-> lib/query.js#Query.then"})
}

// exports.m = name exports what the name is as m: an import (mongoose's
// utils.js re-exports its helpers so: exports.isObject = isObject) or
// the module's own function under another name.
func TestJSExportsAssignedNames(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/helpers/isObject.js": "module.exports = function isObject(arg) {\n  return arg;\n};\n",
		"lib/utils.js": "const isObject = require('./helpers/isObject');\n\nfunction clone(obj) {\n  return obj;\n}\n\n" +
			"exports.isObject = isObject;\nexports.deepClone = clone;\n",
		"lib/aggregate.js": "const utils = require('./utils');\n\nfunction lookup(options) {\n  utils.isObject(options);\n  return utils.deepClone(options);\n}\n\nmodule.exports = lookup;\n",
	})
	check(t, got,
		[]string{
			"lib/aggregate.js#lookup -> lib/helpers/isObject.js#isObject [calls import]",
			"lib/aggregate.js#lookup -> lib/utils.js#clone [calls import]",
		},
		nil)
}

// A method assigned to a prototype that returns this has its owner's
// instance as its result, as a class method does: fastify's
// this.header('location', url).code(302).send().
func TestJSPrototypeMethodsReturningThis(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/reply.js": "function Reply(res) {\n  this.res = res;\n}\n\n" +
			"Reply.prototype.header = function (key, value) {\n  this.res.setHeader(key, value);\n  return this;\n};\n\n" +
			"Reply.prototype.code = function (code) {\n  this.statusCode = code;\n  return this;\n};\n\n" +
			"Reply.prototype.send = function (payload) {\n  return payload;\n};\n\n" +
			"Reply.prototype.redirect = function (url) {\n  return this.header('location', url).code(302).send();\n};\n\n" +
			"module.exports = Reply;\n",
	})
	check(t, got,
		[]string{
			"lib/reply.js#Reply.redirect -> lib/reply.js#Reply.code [calls type]",
			"lib/reply.js#Reply.redirect -> lib/reply.js#Reply.send [calls type]",
		},
		nil)
}

// TestCommonJSExportsOfRequiredMembers: exports.m = mod.f, where mod is a
// required module (or a namespace import), re-exports that module's f as
// m, so a call of utils.m() in a third file reaches f; a member of a
// local object is no re-export.
func TestCommonJSExportsOfRequiredMembers(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/types/isArray.js": "'use strict';\n\nexports.isMongooseArray = function(v) {\n  return Array.isArray(v);\n};\n",
		"lib/types/isDoc.js":   "export function isDocument(v) { return !!v }\n",
		"lib/utils.js": "'use strict';\n\nconst isArray = require('./types/isArray');\nimport * as docs from './types/isDoc';\n" +
			"const local = { isLocal: function() { return true } };\n\n" +
			"exports.isMongooseArray = isArray.isMongooseArray;\nmodule.exports.isDoc = docs.isDocument;\nexports.isLocal = local.isLocal;\n",
		"lib/document.js": "'use strict';\n\nconst utils = require('./utils');\n\n" +
			"function check(val) {\n  return utils.isMongooseArray(val) && utils.isDoc(val) && utils.isLocal(val);\n}\n\nmodule.exports = check;\n",
	})
	check(t, got,
		[]string{
			"lib/document.js#check -> lib/types/isArray.js#isMongooseArray [calls import]",
			"lib/document.js#check -> lib/types/isDoc.js#isDocument [calls import]",
		},
		[]string{"lib/document.js#check -> lib/utils.js#local"})
}

// TestJSNamedFunctionExpressionCallsItself: in module.exports = function
// cast() {...} and exports.walk = function walk() {...}, a call of the
// function's own name is a call of the module's symbol; a function
// expression whose name differs from its variable's stays a local.
func TestJSNamedFunctionExpressionCallsItself(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/cast.js": "'use strict';\n\nmodule.exports = function cast(schema, obj) {\n  for (const k of Object.keys(obj)) {\n    obj[k] = cast(schema, obj[k]);\n  }\n  return obj;\n};\n" +
			"exports.walk = function walk(n) {\n  return n && walk(n.next);\n};\n" +
			"const other = function inner(x) {\n  return inner(x);\n};\nfunction inner() {}\nexports.other = other;\n",
	})
	check(t, got,
		[]string{
			"lib/cast.js#cast -> lib/cast.js#cast [calls scope]",
			"lib/cast.js#walk -> lib/cast.js#walk [calls scope]",
		},
		[]string{"lib/cast.js#other -> lib/cast.js#inner"})
}
