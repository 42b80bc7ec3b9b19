package explicit

import "testing"

// TestCSharpUsingLinksUsedFiles: using Ns opens the namespace for bare
// names; the imports edge goes to the files whose declarations the file
// used, not to every file of the namespace; an unused using links nothing.
func TestCSharpUsingLinksUsedFiles(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"Core/Engine.cs": "namespace Acme.Core;\npublic class Engine { public void Start() {} }\n",
		"Core/Pump.cs":   "namespace Acme.Core;\npublic class Pump { public void Start() {} }\n",
		"Core/Valve.cs":  "namespace Acme.Core;\npublic class Valve {}\n",
		"Util/Text.cs":   "namespace Acme.Util;\npublic class Text {}\n",
		"App/App.cs": "using Acme.Core;\nusing Acme.Util;\nnamespace Acme.App;\n" +
			"class App { void Run() { var e = new Engine(); e.Start(); } }\n",
	})
	check(t, got,
		[]string{
			"App/App.cs#App.Run -> Core/Engine.cs#Engine [calls import]",
			"App/App.cs#App.Run -> Core/Engine.cs#Engine.Start [calls type]",
			"App/App.cs -> Core/Engine.cs [imports ]",
		},
		[]string{"App/App.cs -> Core/Pump.cs", "App/App.cs -> Core/Valve.cs", "App/App.cs -> Util/Text.cs", "-> Core/Pump.cs#Pump.Start"})
}

// TestCSharpOwnNamespaceAndParents: the file's namespace and its parents
// are visible without a using, ahead of a same-named type elsewhere.
func TestCSharpOwnNamespaceAndParents(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"A/Engine.cs":           "namespace Decoy { class Engine {} class Shared {} }\n",
		"Acme/Shared.cs":        "namespace Acme { public class Shared {} }\n",
		"Acme/Core/Engine.cs":   "namespace Acme.Core { public class Engine {} }\n",
		"Acme/Core/Sub/Main.cs": "namespace Acme.Core.Sub { class Motor { void Go() { new Engine(); new Shared(); } } }\n",
		"Acme/Engine.cs":        "namespace Acme { public class Engine {} }\n",
		"Nested.cs":             "namespace Acme { namespace Core { class Nest { void Go() { new Engine(); } } } }\n",
	})
	check(t, got,
		[]string{
			"Acme/Core/Sub/Main.cs#Motor.Go -> Acme/Core/Engine.cs#Engine [calls scope]",
			"Acme/Core/Sub/Main.cs#Motor.Go -> Acme/Shared.cs#Shared [calls scope]",
			"Nested.cs#Nest.Go -> Acme/Core/Engine.cs#Engine [calls scope]",
		},
		[]string{"-> A/Engine.cs", "Acme/Core/Sub/Main.cs -> Acme/Core/Engine.cs [imports"})
}

// TestCSharpAliasAndUsingStatic: using A = Ns.T binds A to T; using static
// opens T's members to bare calls.
func TestCSharpAliasAndUsingStatic(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"Testing/XAssert.cs": "namespace Acme.Testing;\npublic static class XAssert { public static void True(bool b) {} }\n",
		"Util/Strings.cs":    "namespace Acme.Util;\npublic static class Strings { public static string Pad(string s) => s; }\n",
		"Util/Other.cs":      "namespace Acme.Util;\npublic class Other { public string Pad(string s) => s; public void True() {} }\n",
		"Tests/T.cs": "using Assert = Acme.Testing.XAssert;\nusing static Acme.Util.Strings;\nnamespace Acme.Tests;\n" +
			"class T { void M() { Assert.True(true); Pad(\"x\"); } }\n",
	})
	check(t, got,
		[]string{
			"Tests/T.cs#T.M -> Testing/XAssert.cs#XAssert.True [calls type]",
			"Tests/T.cs#T.M -> Util/Strings.cs#Strings.Pad [calls import]",
			"Tests/T.cs -> Testing/XAssert.cs [imports ]",
			"Tests/T.cs -> Util/Strings.cs [imports ]",
		},
		[]string{"-> Util/Other.cs"})
}

// TestCSharpPartialClassesAndBases: a member declared in another part of
// a partial class, or inherited through the base another part names, is
// reached from bare calls and through a typed local.
func TestCSharpPartialClassesAndBases(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"W/Base.cs":         "namespace W;\npublic class Base { public void Flush() {} }\n",
		"W/Writer.cs":       "namespace W;\npublic partial class Writer : Base { void Helper() {} }\n",
		"W/Writer.Async.cs": "namespace W;\npublic partial class Writer { void Write() { Flush(); Helper(); } }\n",
		"W/Use.cs":          "namespace W;\nclass Use { void M() { var w = new Writer(); w.Flush(); } }\n",
		"W/Other.cs":        "namespace W;\nclass Other { public void Flush() {} void Helper() {} }\n",
	})
	check(t, got,
		[]string{
			"W/Writer.Async.cs#Writer.Write -> W/Base.cs#Base.Flush [calls type]",
			"W/Writer.Async.cs#Writer.Write -> W/Writer.cs#Writer.Helper [calls type]",
			"W/Use.cs#Use.M -> W/Base.cs#Base.Flush [calls type]",
		},
		[]string{"-> W/Other.cs"})
}

// TestCSharpTypedReceivers: a property named after its type, await of a
// Task<T> result, an interface-typed parameter, base.M() and this.f.M()
// each reach the member the declared types say.
func TestCSharpTypedReceivers(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"M/Formatting.cs": "namespace M;\npublic class Formatting { public void Apply() {} }\n",
		"M/Reply.cs":      "namespace M;\npublic class Reply { public void Read() {} }\n",
		"M/Api.cs":        "namespace M;\npublic class Api { public async Task<Reply> GetAsync() => null; }\n",
		"M/Store.cs":      "namespace M;\npublic interface IStore { void Save(); }\npublic class Db : IStore { public void Save() {} }\n",
		"M/Job.cs": "namespace M;\npublic class Job : Base {\n  public Formatting Formatting { get; set; }\n  Api _api;\n" +
			"  void Run() { Formatting.Apply(); }\n  async Task Fetch() { var r = await this._api.GetAsync().ConfigureAwait(false); r.Read(); }\n" +
			"  void Use(IStore s) { s.Save(); }\n  public override void Go() { base.Go(); }\n}\n" +
			"public class Base { public virtual void Go() {} }\n",
		"M/Outside.cs": "namespace M;\nclass Outside { void M(Job j) { j.Formatting.Apply(); } }\n",
		"M/Decoy.cs":   "namespace M;\nclass Decoy { public void Apply() {} public void Read() {} public void Save() {} }\n",
	})
	check(t, got,
		[]string{
			"M/Job.cs#Job.Run -> M/Formatting.cs#Formatting.Apply [calls type]",
			"M/Job.cs#Job.Fetch -> M/Api.cs#Api.GetAsync [calls type]",
			"M/Job.cs#Job.Fetch -> M/Reply.cs#Reply.Read [calls type]",
			"M/Job.cs#Job.Use -> M/Store.cs#IStore.Save [calls type]",
			"M/Job.cs#Job.Go -> M/Job.cs#Base.Go [calls type]",
			"M/Outside.cs#Outside.M -> M/Formatting.cs#Formatting.Apply [calls type]",
		},
		[]string{"-> M/Decoy.cs", "M/Job.cs#Job.Go -> M/Job.cs#Job.Go"})
}

// TestCSharpNoGuessesFromUnknownReceivers: a call on a receiver of unknown
// type never lands on the calling class (nor the caller itself); outside
// types (System.Console, String, a known type without the method, which an
// extension method may serve) get no edge even where the repository has
// a method of that name.
func TestCSharpNoGuessesFromUnknownReceivers(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"N/C.cs": "namespace N;\nclass C {\n  public void Run() {}\n  void M(List<Item> items, Widget w) {\n" +
			"    foreach (var x in items) x.Run();\n    System.Console.WriteLine(\"x\");\n    String.Format(\"x\");\n" +
			"    w.Shout();\n    M(items, w);\n  }\n}\n",
		"N/Log.cs":    "namespace N;\nclass Log { public void WriteLine(string s) {} public void Format(string s) {} }\n",
		"N/Kind.cs":   "namespace N;\nenum Kind { String, Number }\n",
		"N/Widget.cs": "namespace N;\npublic class Widget {}\npublic static class Ext { public static void Shout(this Widget w) {} }\nclass Other { public void Shout() {} }\n",
	})
	check(t, got,
		[]string{"N/C.cs#C.M -> N/C.cs#C.M [calls scope]"},
		[]string{"N/C.cs#C.M -> N/C.cs#C.Run", "-> N/Log.cs", "-> N/Widget.cs#Other.Shout"})
}
