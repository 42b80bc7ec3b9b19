package explicit

import "testing"

// csCodec declares overloads that C# tells apart by the arguments' types:
// by class (ToJson), by numeric conversions (Write, Put, Pick), by params
// in its expanded form (Sum), by ref/out (Read) and by defaults (Log).
const csCodec = `namespace Lib
{
    public class Codec
    {
        public string ToJson(JsonNode n) => null;
        public string ToJson(object o) => null;
        public void Write(int x) { }
        public void Write(long x) { }
        public void Write(double x) { }
        public void Write(string s) { }
        public void Sum(params int[] xs) { }
        public void Sum(int a, int b) { }
        public void Read(string path, out int n) { n = 0; }
        public void Read(string path, int n) { }
        public void Log(string msg, int level = 0) { }
        public void Log(object o) { }
        public void Put(byte b) { }
        public void Put(object o) { }
        public void Pick(uint x) { }
        public void Pick(long x) { }
    }
}
`

// TestCSharpOverloadsByArgumentTypes: a call goes to the overload C#
// picks from its arguments' types: a class that does not derive from
// JsonNode reaches ToJson(object), one that does (through a base in a
// third file) ToJson(JsonNode); literals, locals, fields and casts give
// their types; a call whose argument type is unknown and fits several
// links to none.
func TestCSharpOverloadsByArgumentTypes(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"Lib/Codec.cs":         csCodec,
		"Lib/JsonNode.cs":      "namespace Lib\n{\n    public class JsonNode { }\n}\n",
		"Lib/ContainerNode.cs": "namespace Lib\n{\n    public abstract class ContainerNode : JsonNode { }\n}\n",
		"Lib/ObjectNode.cs":    "namespace Lib\n{\n    public class ObjectNode : ContainerNode { }\n}\n",
		"App/Main.cs": `using Lib;

namespace App
{
    class Custom { }

    class Main
    {
        private ObjectNode node;

        void CustomArg(Codec c) { c.ToJson(new Custom()); }
        void NodeField(Codec c) { c.ToJson(node); }
        void Cast(Codec c, object o) { c.ToJson((JsonNode)o); }
        void Ints(Codec c) { c.Write(1); }
        void Longs(Codec c) { long n = 2; c.Write(n); }
        void Floats(Codec c) { c.Write(1.5f); }
        void Text(Codec c) { var s = "x"; c.Write(s); }
        void Fixed(Codec c) { c.Sum(1, 2); }
        void Spread(Codec c) { c.Sum(1, 2, 3); }
        void Out(Codec c) { c.Read("p", out var n); }
        void Value(Codec c) { c.Read("p", 3); }
        void Optional(Codec c) { c.Log("m"); }
        void Small(Codec c) { c.Put(7); }
        void Signed(Codec c, ushort u) { c.Pick(u); }
        void Unknown(Codec c) { c.Write(Other.Value); }
    }
}
`,
	})
	check(t, got,
		[]string{
			"App/Main.cs#Main.CustomArg -> Lib/Codec.cs#Codec.ToJson~2 [calls type]",
			"App/Main.cs#Main.NodeField -> Lib/Codec.cs#Codec.ToJson [calls type]",
			"App/Main.cs#Main.Cast -> Lib/Codec.cs#Codec.ToJson [calls type]",
			"App/Main.cs#Main.Ints -> Lib/Codec.cs#Codec.Write [calls type]",
			"App/Main.cs#Main.Longs -> Lib/Codec.cs#Codec.Write~2 [calls type]",
			"App/Main.cs#Main.Floats -> Lib/Codec.cs#Codec.Write~3 [calls type]",
			"App/Main.cs#Main.Text -> Lib/Codec.cs#Codec.Write~4 [calls type]",
			"App/Main.cs#Main.Fixed -> Lib/Codec.cs#Codec.Sum~2 [calls type]",
			"App/Main.cs#Main.Spread -> Lib/Codec.cs#Codec.Sum [calls type]",
			"App/Main.cs#Main.Out -> Lib/Codec.cs#Codec.Read [calls type]",
			"App/Main.cs#Main.Value -> Lib/Codec.cs#Codec.Read~2 [calls type]",
			"App/Main.cs#Main.Optional -> Lib/Codec.cs#Codec.Log [calls type]",
			"App/Main.cs#Main.Small -> Lib/Codec.cs#Codec.Put [calls type]",
			"App/Main.cs#Main.Signed -> Lib/Codec.cs#Codec.Pick [calls type]",
		},
		[]string{
			"Main.CustomArg -> Lib/Codec.cs#Codec.ToJson [", "Main.NodeField -> Lib/Codec.cs#Codec.ToJson~2",
			"Main.Ints -> Lib/Codec.cs#Codec.Write~", "Main.Fixed -> Lib/Codec.cs#Codec.Sum [", "Main.Spread -> Lib/Codec.cs#Codec.Sum~2",
			"Main.Out -> Lib/Codec.cs#Codec.Read~2", "Main.Value -> Lib/Codec.cs#Codec.Read [", "Main.Optional -> Lib/Codec.cs#Codec.Log~2",
			"Main.Small -> Lib/Codec.cs#Codec.Put~2", "Main.Signed -> Lib/Codec.cs#Codec.Pick~2", "Main.Unknown -> Lib/Codec.cs#Codec.Write",
		})
}

// TestCSharpOverloadsAcrossBases: the overloads of a derived type hide its
// base's when one applies; an override counts with the base method it
// overrides, so a better base overload still wins; a bare call in a
// subclass reaches the base's overload that fits.
func TestCSharpOverloadsAcrossBases(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"Model/Base.cs": "namespace Model\n{\n    public class Base\n    {\n        public void Add(string s) { }\n" +
			"        public virtual void Add(object o) { }\n    }\n}\n",
		"Model/Derived.cs": "namespace Model\n{\n    public class Derived : Base\n    {\n        public void Add(long x) { }\n" +
			"        public override void Add(object o) { }\n        void Own() { Add(\"s\"); }\n    }\n}\n",
		"App/Use.cs": "using Model;\n\nnamespace App\n{\n    class Use\n    {\n" +
			"        void Number(Derived d) { d.Add(1); }\n        void Text(Derived d) { d.Add(\"s\"); }\n" +
			"        void Thing(Derived d) { d.Add(new Use()); }\n    }\n}\n",
	})
	check(t, got,
		[]string{
			"App/Use.cs#Use.Number -> Model/Derived.cs#Derived.Add [calls type]",
			"App/Use.cs#Use.Text -> Model/Base.cs#Base.Add [calls type]",
			"App/Use.cs#Use.Thing -> Model/Derived.cs#Derived.Add~2 [calls type]",
			"Model/Derived.cs#Derived.Own -> Model/Base.cs#Base.Add [calls type]",
		},
		[]string{"Use.Number -> Model/Base.cs", "Use.Text -> Model/Derived.cs#Derived.Add", "Derived.Own -> Model/Derived.cs#Derived.Add"})
}

// TestCSharpOverloadsNullableNamedAndPartial: T? of a struct is a type of
// its own (WriteValue(Guid?) for a Guid?); a named argument still counts
// for arity; arguments of unknown type that two overloads may take link to
// neither, even when one would be better; an override declared in another
// partial part of the receiver's class counts with the base method it
// overrides.
func TestCSharpOverloadsNullableNamedAndPartial(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"Json/JsonWriter.cs": `using System;

namespace Json
{
    public abstract class JsonWriter
    {
        public virtual void WriteValue(Guid value) { }
        public virtual void WriteValue(Guid? value) { }
        public virtual void WriteValue(uint? value) { }
        public virtual void WriteValue(float? value) { }
        public virtual void WriteValue(object value) { }
        public void WriteToken(JsonReader reader, bool writeChildren) { }
        public void WriteToken(JsonToken token, object value) { }
        public void Open(string path, int size = 0, bool append = false) { }
        public void Open(string path) { }
    }
}
`,
		"Json/JsonTextWriter.cs": "namespace Json\n{\n    public partial class JsonTextWriter : JsonWriter { }\n}\n",
		"Json/JsonTextWriter.Values.cs": "namespace Json\n{\n    public partial class JsonTextWriter\n    {\n" +
			"        public override void WriteValue(float? value) { }\n        public override void WriteValue(object value) { }\n    }\n}\n",
		"Json/Use.cs": `using System;

namespace Json
{
    class Use
    {
        private JsonTextWriter text;

        void Nullable(JsonWriter w, Guid? g) { w.WriteValue(g); }
        void Plain(JsonWriter w, Guid g) { w.WriteValue(g); }
        void Partial(uint? u) { text.WriteValue(u); }
        void Unknown(JsonWriter w, Source r) { w.WriteToken(r.TokenType, r.Value); }
        void Named(JsonWriter w) { w.Open("p", append: true); }
    }
}
`,
	})
	check(t, got,
		[]string{
			"Json/Use.cs#Use.Nullable -> Json/JsonWriter.cs#JsonWriter.WriteValue~2 [calls type]",
			"Json/Use.cs#Use.Plain -> Json/JsonWriter.cs#JsonWriter.WriteValue [calls type]",
			"Json/Use.cs#Use.Partial -> Json/JsonWriter.cs#JsonWriter.WriteValue~3 [calls type]",
			"Json/Use.cs#Use.Named -> Json/JsonWriter.cs#JsonWriter.Open [calls type]",
		},
		[]string{"Use.Nullable -> Json/JsonWriter.cs#JsonWriter.WriteValue [", "Use.Plain -> Json/JsonWriter.cs#JsonWriter.WriteValue~",
			"Use.Partial -> Json/JsonTextWriter", "Use.Unknown -> Json/JsonWriter.cs#JsonWriter.WriteToken", "Use.Named -> Json/JsonWriter.cs#JsonWriter.Open~2"})
}

// TestCSharpOverloadsExplicitNullAndPartialBases: an explicit interface
// implementation is no overload a call by name reaches; null goes to a
// class parameter, not an enum's; this of a partial class whose other
// part names the base converts to the base; x.ToString() is a string.
func TestCSharpOverloadsExplicitNullAndPartialBases(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"Json/Reader.cs": "namespace Json\n{\n    public enum Formatting { None, Indented }\n\n    public class Settings { }\n\n" +
			"    public abstract class JsonReader { }\n\n    public partial class TextReader : JsonReader { }\n}\n",
		"Json/Errors.cs": `using System.Collections;

namespace Json
{
    public class Errors : IList
    {
        public static Errors Create(JsonReader reader, string message) => null;
        public static Errors Create(string path, string message) => null;
        public virtual void Add(object content) { }
        int IList.Add(object value) { Add(value); return 0; }
        public void Save(object o, Formatting f) { }
        public void Save(object o, Settings s) { }
        public void Log(string s) { }
        public void Log(Formatting f) { }
    }
}
`,
		"Json/TextReader.Parse.cs": "namespace Json\n{\n    public partial class TextReader\n    {\n" +
			"        void Fail() { Errors.Create(this, \"x\"); }\n        void Put(Errors e, Fetch f) { e.Add(f.Next()); }\n" +
			"        void Store(Errors e) { e.Save(this, null); }\n        void Text(Errors e, Fetch f) { e.Log(f.Next().ToString()); }\n    }\n}\n",
	})
	check(t, got,
		[]string{
			"Json/TextReader.Parse.cs#TextReader.Fail -> Json/Errors.cs#Errors.Create [calls type]",
			"Json/TextReader.Parse.cs#TextReader.Put -> Json/Errors.cs#Errors.Add [calls type]",
			"Json/TextReader.Parse.cs#TextReader.Store -> Json/Errors.cs#Errors.Save~2 [calls type]",
			"Json/TextReader.Parse.cs#TextReader.Text -> Json/Errors.cs#Errors.Log [calls type]",
		},
		[]string{"TextReader.Fail -> Json/Errors.cs#Errors.Create~2", "TextReader.Put -> Json/Errors.cs#Errors.Add~2",
			"TextReader.Store -> Json/Errors.cs#Errors.Save [", "TextReader.Text -> Json/Errors.cs#Errors.Log~2"})
}

// TestCSharpConstructorOverloads: new T(...) inside T, : this(...) and
// : base(...) reach the constructor their arguments choose.
func TestCSharpConstructorOverloads(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"Linq/JToken.cs": "namespace Linq\n{\n    public class JToken\n    {\n        public JToken() { }\n" +
			"        public JToken(JToken other, string settings) { }\n    }\n}\n",
		"Linq/JArray.cs": `namespace Linq
{
    public class JArray : JToken
    {
        public JArray() { }
        public JArray(JArray other) : base(other, "s") { }
        public JArray(object content) : this() { }
        JArray Clone() => new JArray(this);
        JArray Wrap(string s) => new JArray(s);
    }
}
`,
	})
	check(t, got,
		[]string{
			"Linq/JArray.cs#JArray.JArray~2 -> Linq/JToken.cs#JToken.JToken~2 [calls type]",
			"Linq/JArray.cs#JArray.JArray~3 -> Linq/JArray.cs#JArray.JArray [calls type]",
			"Linq/JArray.cs#JArray.Clone -> Linq/JArray.cs#JArray.JArray~2 [calls scope]",
			"Linq/JArray.cs#JArray.Wrap -> Linq/JArray.cs#JArray.JArray~3 [calls scope]",
		},
		[]string{"JArray.JArray~2 -> Linq/JToken.cs#JToken.JToken [", "JArray.Clone -> Linq/JArray.cs#JArray.JArray [", "JArray.Wrap -> Linq/JArray.cs#JArray.JArray~2"})
}

// TestCSharpOverloadsLibraryBases: a repository class whose only library
// bases are interfaces derives from no library class (Populate(JsonReader)
// for a JsonTextReader, not Populate(TextReader)); a library class
// converts to no struct (ToString(Uri, char), not ToString(Guid, char)).
func TestCSharpOverloadsLibraryBases(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"Json/JsonReader.cs": "using System;\n\nnamespace Json\n{\n    public abstract class JsonReader : IDisposable { public void Dispose() { } }\n\n" +
			"    public class JsonTextReader : JsonReader { }\n}\n",
		"Json/Serializer.cs": `using System;
using System.IO;

namespace Json
{
    public class Serializer
    {
        public void Populate(TextReader reader, object target) { }
        public void Populate(JsonReader reader, object target) { }
        public static string Quote(Guid value, char q) => null;
        public static string Quote(Uri value, char q) => null;
        void Use(JsonTextReader r, object o, Uri u) { Populate(r, o); Quote(u, 'x'); }
    }
}
`,
	})
	check(t, got,
		[]string{
			"Json/Serializer.cs#Serializer.Use -> Json/Serializer.cs#Serializer.Populate~2 [calls scope]",
			"Json/Serializer.cs#Serializer.Use -> Json/Serializer.cs#Serializer.Quote~2 [calls scope]",
		},
		[]string{"Serializer.Use -> Json/Serializer.cs#Serializer.Populate [", "Serializer.Use -> Json/Serializer.cs#Serializer.Quote ["})
}

// TestCSharpGenericArity: a call with explicit type arguments reaches only
// a method with that many type parameters; without them, a non-generic
// method beats a generic one of the same parameter types.
func TestCSharpGenericArity(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"Linq/Extensions.cs": `namespace Linq
{
    public static class Extensions
    {
        public static object Values(object source, object key) => null;
        public static U Values<U>(object source, object key) => default;
        internal static U Values<T, U>(T source, object key) => default;
        static object Two(object s) => Values<string, int>(s, "k");
        static object One(object s) => Values<int>(s, "k");
        static object None(object s) => Values(s, "k");
    }
}
`,
	})
	check(t, got,
		[]string{
			"Linq/Extensions.cs#Extensions.Two -> Linq/Extensions.cs#Extensions.Values~3 [calls scope]",
			"Linq/Extensions.cs#Extensions.One -> Linq/Extensions.cs#Extensions.Values~2 [calls scope]",
			"Linq/Extensions.cs#Extensions.None -> Linq/Extensions.cs#Extensions.Values [calls scope]",
		},
		[]string{"Extensions.Two -> Linq/Extensions.cs#Extensions.Values [", "Extensions.Two -> Linq/Extensions.cs#Extensions.Values~2",
			"Extensions.One -> Linq/Extensions.cs#Extensions.Values [", "Extensions.One -> Linq/Extensions.cs#Extensions.Values~3"})
}
