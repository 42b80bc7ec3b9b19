package csharp

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// csRecvs lists the calls of a file as "From: Qualifier.Name <- Recv".
func csRecvs(f *facts.File) []string {
	var out []string
	for _, r := range f.Refs {
		if r.Kind != facts.RefCall {
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s.%s <- %q", r.From, r.Qualifier, r.Name, r.Recv))
	}
	return out
}

func csTypes(f *facts.File) map[string]string {
	out := map[string]string{}
	for _, s := range f.Symbols {
		if s.Kind != facts.KindModule {
			out[s.Qualified] = s.Type
		}
	}
	return out
}

// TestCSharpUsingForms: using Ns opens a namespace (a wildcard import),
// an alias binds its name to a type of a namespace, using static opens a
// type; usings inside a namespace block count as well.
func TestCSharpUsingForms(t *testing.T) {
	f := langtest.Extract(t, Language(), `using Acme.Core;
global using Acme.Shared;
using Dict = System.Collections.Generic.Dictionary<string, object>;
using Single = Lonely;
using static Acme.Util.Strings;
using static Lonely;
namespace Acme.App
{
    using Acme.Inner;
    class C {}
}
`)
	want := []facts.Import{
		{Path: "Acme.Core", Kind: "wildcard", Line: 1},
		{Path: "Acme.Shared", Kind: "wildcard", Line: 2},
		{Path: "System.Collections.Generic", Names: []string{"Dictionary"}, As: []string{"Dict"}, Line: 3},
		{Path: "Lonely", Alias: "Single", Line: 4},
		{Path: "Acme.Util", Names: []string{"Strings"}, Kind: "static", Line: 5},
		{Path: "Lonely", Kind: "static", Line: 6},
		{Path: "Acme.Inner", Kind: "wildcard", Line: 9},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

// TestCSharpSymbolTypes: fields, properties, events and method results
// carry their declared type chains: generics and ? stripped, Task<T> is T,
// builtins and arrays are NotRepo, type variables Unknown, a namespace-
// qualified or aliased type an imported root.
func TestCSharpSymbolTypes(t *testing.T) {
	f := langtest.Extract(t, Language(), `using Acme.Core;
using Opts = Acme.Config.Options;
namespace Acme.App;
public class Service<T>
{
    private Client? _client;
    private readonly List<Item> _items, _more;
    private int _count;
    private Item[] _array;
    private T _value;
    private Acme.Data.Store _store;
    private Outer.Inner _inner;
    private Opts _opts;
    public event Handler Changed;
    public Client Current { get { return _client; } }
    public Session Open() => null;
    public async Task<Reply> SendAsync() => null;
    public Task StopAsync() => null;
    public void Run() { Reply Local() => null; }
    public U Convert<U>() => default;
    public Service(int x) { }
}
public record Point(Coord X, int Y);
`)
	want := map[string]string{
		"Service": "", "Service._client": "Client", "Service._items": "List", "Service._more": "List",
		"Service._count": "-", "Service._array": "-", "Service._value": "?",
		"Service._store": "@Acme.Data|Store", "Service._inner": "Outer.Inner", "Service._opts": "@Acme.Config|Options",
		"Service.Changed": "Handler", "Service.Current": "Client", "Service.Open": "Session",
		"Service.SendAsync": "Reply", "Service.StopAsync": "-", "Service.Run": "-", "Service.Run.Local": "Reply",
		"Service.Convert": "?", "Service.Service": "",
		"Point": "", "Point.X": "Coord", "Point.Y": "-",
	}
	if d := cmp.Diff(want, csTypes(f)); d != "" {
		t.Errorf("types (-want +got):\n%s", d)
	}
}

// TestCSharpReceivers: a call on a local or parameter names its declared
// or inferred type; this.f and base are left to the resolver; a name that
// is no local goes as written; builtins are NotRepo; unknown is Unknown.
func TestCSharpReceivers(t *testing.T) {
	f := langtest.Extract(t, Language(), `using Acme.Core;
using Assert = Acme.Testing.XAssert;
namespace Acme.App;
class C(Repo repo) : B
{
    Client _client;
    Session Current { set { value.Close(); } }
    async Task Run(Options opts, params Item[] items)
    {
        var a = new Widget<int>();
        a.Spin();
        Gadget? g = Make();
        g.Turn();
        var made = Make();
        made.Turn();
        Build(out var o1, out Part o2);
        o2.Fit();
        if (thing is Cog cog) cog.Mesh();
        foreach (Item it in items) it.Use();
        foreach (var v in items) v.Use();
        opts.Apply();
        repo.Save();
        this._client.Send();
        _client.Send();
        base.Run();
        Factory.Create().Start();
        var r = await _client.FetchAsync().ConfigureAwait(false);
        r.Read();
        System.Console.WriteLine("x");
        Acme.Core.Engine.Boot();
        string.Join(",", items);
        ((Valve)o1).Open();
        (o1 as Valve).Open();
        list.Select(x => x.Go());
        Assert.True(true);
        Func<int> del = null;
        del();
        try { } catch (Fault ex) { ex.Log(); }
        using (var s = new Stream()) { s.Flush(); }
    }
}
`)
	want := []string{
		`C.Current: value.Close <- "Session"`,
		`C.Run: .Widget <- ""`, `C.Run: a.Spin <- "Widget"`,
		`C.Run: .Make <- ""`, `C.Run: g.Turn <- "Gadget"`,
		`C.Run: .Make <- ""`, `C.Run: made.Turn <- "Make()"`,
		`C.Run: .Build <- ""`, `C.Run: o2.Fit <- "Part"`,
		`C.Run: cog.Mesh <- "Cog"`,
		`C.Run: it.Use <- "Item"`, `C.Run: v.Use <- "?"`,
		`C.Run: opts.Apply <- "Options"`, `C.Run: repo.Save <- "Repo"`,
		`C.Run: this._client.Send <- ""`, `C.Run: _client.Send <- "_client"`,
		`C.Run: base.Run <- ""`,
		`C.Run: Factory.Create <- "Factory"`, `C.Run: ?.Start <- "Factory.Create()"`,
		`C.Run: _client.FetchAsync <- "_client"`, `C.Run: ?.ConfigureAwait <- "_client.FetchAsync()"`,
		`C.Run: r.Read <- "_client.FetchAsync()"`,
		`C.Run: System.Console.WriteLine <- "@System|Console"`,
		`C.Run: Acme.Core.Engine.Boot <- "@Acme.Core|Engine"`,
		`C.Run: string.Join <- "-"`,
		`C.Run: ?.Open <- "Valve"`, `C.Run: ?.Open <- "Valve"`,
		`C.Run: list.Select <- "list"`, `C.Run: x.Go <- "?"`,
		`C.Run: Assert.True <- ""`,
		`C.Run: ex.Log <- "Fault"`,
		`C.Run: .Stream <- ""`, `C.Run: s.Flush <- "Stream"`,
	}
	if d := cmp.Diff(want, csRecvs(f)); d != "" {
		t.Errorf("calls (-want +got):\n%s", d)
	}
}

// TestCSharpOrphanMembers: members that follow a type body the parser
// closed early (an else branch split by #if) stay in that type.
func TestCSharpOrphanMembers(t *testing.T) {
	f := langtest.Extract(t, Language(), `namespace N
{
    public class Reader
    {
        void Parse()
        {
            switch (t)
            {
                default:
                    if (a)
                    {
                        x = 1;
                    }
#if FEATURE
                    else if (b)
                    {
                        x = 2;
                    }
#endif
                    else
                    {
                        x = 3;
                    }
#if FEATURE
                    else
                    {
                        x = 4;
                    }
#endif
                    break;
            }
        }

        void After() { Parse(); }
    }
}
`)
	for _, s := range f.Symbols {
		if s.Name == "if" {
			t.Errorf("an else if read as a local function: %+v", s)
		}
	}
	if f.SyntaxErrors == 0 {
		t.Skip("the grammar now parses #if around else: nothing to recover")
	}
	after := langtest.Symbol(t, f, "Reader.After")
	if after.Parent != "Reader" {
		t.Errorf("After parent %q", after.Parent)
	}
}
