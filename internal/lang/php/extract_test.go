package php

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

// The rows the tables list (see langtest).
type (
	symRow  langtest.Sym
	refRow  langtest.Ref
	callRow langtest.Call
)

const testSrc = `<?php
declare(strict_types=1);

namespace App\Models;

use App\Contracts\HasName;
use Foo\Bar as Baz, Qux\Quux;
use App\Services\{Mailer, Logger as Log};
use \Illuminate\Support\Str;

require_once __DIR__ . '/lib/helpers.php';
include 'config.php';

const VERSION = "1.0";

/**
 * A user.
 */
#[Entity]
final class User extends Model implements HasName, \JsonSerializable
{
    use SoftDeletes, Notifiable;

    const MAX = 5;
    private ?Profile $profile = null;

    /** Get the name. */
    public function getName(Formatter $f, int $x): ?string
    {
        $this->helper();
        $obj->run();
        self::make();
        parent::boot();
        Str::slug("x");
        strlen($x);
        \App\Helpers\fmt("a");
        $p = new Post();
        $c = new \App\Models\Comment;
        foo()->bar();
        $this->repo->find(Post::class);
        return $obj?->name();
    }
}

interface Named extends HasName {
    public function name(): string;
}

trait Greets { function greet() {} }

enum Suit: string implements HasLabel {
    case Hearts = 'H';
}

function helper(User|Admin $u): void {}

if (!function_exists('legacy')) {
    function legacy() {}
}
`

func TestPHPExtractSymbols(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	if f.Package != `App\Models` {
		t.Errorf("package %q", f.Package)
	}
	if f.SyntaxErrors != 0 {
		t.Errorf("syntax errors %d", f.SyntaxErrors)
	}
	want := []symRow{
		{"VERSION", "VERSION", facts.KindConst, "", 14, 14},
		{"User", "User", facts.KindClass, "", 19, 43},
		{"MAX", "User.MAX", facts.KindConst, "User", 24, 24},
		{"profile", "User.profile", facts.KindField, "User", 25, 25},
		{"getName", "User.getName", facts.KindMethod, "User", 28, 42},
		{"Named", "Named", facts.KindInterface, "", 45, 47},
		{"name", "Named.name", facts.KindMethod, "Named", 46, 46},
		{"Greets", "Greets", facts.KindTrait, "", 49, 49},
		{"greet", "Greets.greet", facts.KindMethod, "Greets", 49, 49},
		{"Suit", "Suit", facts.KindEnum, "", 51, 53},
		{"Hearts", "Suit.Hearts", facts.KindConst, "Suit", 52, 52},
		{"helper", "helper", facts.KindFunction, "", 55, 55},
		{"legacy", "legacy", facts.KindFunction, "", 58, 58},
	}
	if d := cmp.Diff(want, langtest.Syms[symRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	u := langtest.Symbol(t, f, "User")
	if u.Doc != "A user." {
		t.Errorf("doc %q", u.Doc)
	}
	if want := `#[Entity] final class User extends Model implements HasName, \JsonSerializable`; u.Signature != want {
		t.Errorf("signature %q", u.Signature)
	}
	if d := cmp.Diff([]string{"Model"}, u.Extends); d != "" {
		t.Errorf("extends: %s", d)
	}
	if d := cmp.Diff([]string{"HasName", "JsonSerializable", "SoftDeletes", "Notifiable"}, u.Implements); d != "" {
		t.Errorf("implements: %s", d)
	}
	m := langtest.Symbol(t, f, "User.getName")
	if m.Doc != "Get the name." || m.Signature != "public function getName(Formatter $f, int $x): ?string" {
		t.Errorf("method doc %q sig %q", m.Doc, m.Signature)
	}
	if s := langtest.Symbol(t, f, "Named.name"); s.Signature != "public function name(): string" {
		t.Errorf("interface method sig %q", s.Signature)
	}
	if s := langtest.Symbol(t, f, "User.profile"); s.Signature != "private ?Profile $profile" {
		t.Errorf("property sig %q", s.Signature)
	}
	if d := cmp.Diff([]string{"HasName"}, langtest.Symbol(t, f, "Named").Extends); d != "" {
		t.Errorf("interface extends: %s", d)
	}
	if d := cmp.Diff([]string{"HasLabel"}, langtest.Symbol(t, f, "Suit").Implements); d != "" {
		t.Errorf("enum implements: %s", d)
	}
}

func TestPHPExtractImports(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	want := []facts.Import{
		{Path: `App\Contracts\HasName`, Names: []string{"HasName"}, Line: 6},
		{Path: `Foo\Bar`, Names: []string{"Bar"}, As: []string{"Baz"}, Line: 7},
		{Path: `Qux\Quux`, Names: []string{"Quux"}, Line: 7},
		{Path: `App\Services\Mailer`, Names: []string{"Mailer"}, Line: 8},
		{Path: `App\Services\Logger`, Names: []string{"Logger"}, As: []string{"Log"}, Line: 8},
		{Path: `Illuminate\Support\Str`, Names: []string{"Str"}, Line: 9},
		{Path: "./lib/helpers.php", Kind: "require", Line: 11},
		{Path: "config.php", Kind: "require", Line: 12},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

func TestPHPExtractRequireForms(t *testing.T) {
	src := `<?php
require('a.php');
require_once dirname(__DIR__) . '/vendor/autoload.php';
include_once dirname(__FILE__) . "/b.php";
include "$dir/c.php";
require $path;
$cfg = require __DIR__ . '/../config/app.php';
`
	f := langtest.Extract(t, Language(), src)
	want := []facts.Import{
		{Path: "a.php", Kind: "require", Line: 2},
		{Path: "../vendor/autoload.php", Kind: "require", Line: 3},
		{Path: "./b.php", Kind: "require", Line: 4},
		{Path: "./../config/app.php", Kind: "require", Line: 7},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}

func TestPHPExtractRefs(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	call, ref := facts.RefCall, facts.RefReference
	want := []refRow{
		{"Entity", "", ref, "User", 19},
		{"Model", "", ref, "User", 20},
		{"HasName", "", ref, "User", 20},
		{"JsonSerializable", "", ref, "User", 20},
		{"SoftDeletes", "", ref, "User", 22},
		{"Notifiable", "", ref, "User", 22},
		{"Profile", "", ref, "User.profile", 25},
		{"Formatter", "", ref, "User.getName", 28},
		{"helper", "this", call, "User.getName", 30},
		{"run", "obj", call, "User.getName", 31},
		{"make", "self", call, "User.getName", 32},
		{"boot", "parent", call, "User.getName", 33},
		{"slug", "Str", call, "User.getName", 34},
		{"strlen", "", call, "User.getName", 35},
		{"fmt", `App\Helpers`, call, "User.getName", 36},
		{"Post", "", call, "User.getName", 37},
		{"Comment", `App\Models`, call, "User.getName", 38},
		{"foo", "", call, "User.getName", 39},
		{"bar", "?", call, "User.getName", 39},
		{"find", "this->repo", call, "User.getName", 40},
		{"Post", "", ref, "User.getName", 40},
		{"name", "obj", call, "User.getName", 41},
		{"HasName", "", ref, "Named", 45},
		{"HasLabel", "", ref, "Suit", 51},
		{"User", "", ref, "helper", 55},
		{"Admin", "", ref, "helper", 55},
		{"function_exists", "", call, "", 57},
	}
	if d := cmp.Diff(want, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestPHPExtractHTMLAndLocals(t *testing.T) {
	src := `<html>
<body>
<?php define('APP_ROOT', __DIR__); ?>
<p><?= render($page) ?></p>
<?php
function outer() {
    function inner() {}
    $x = new class extends Base { public function m() { Log::info(); } };
}
class Box { public function __construct(private Item $item) {} }
`
	f := langtest.Extract(t, Language(), src)
	want := []symRow{
		{"APP_ROOT", "APP_ROOT", facts.KindConst, "", 3, 3},
		{"outer", "outer", facts.KindFunction, "", 6, 9},
		{"Box", "Box", facts.KindClass, "", 10, 10},
		{"__construct", "Box.__construct", facts.KindMethod, "Box", 10, 10},
		{"item", "Box.item", facts.KindField, "Box", 10, 10}, // a promoted property
	}
	if d := cmp.Diff(want, langtest.Syms[symRow](f)); d != "" {
		t.Errorf("symbols (-want +got):\n%s", d)
	}
	call, ref := facts.RefCall, facts.RefReference
	wantRefs := []refRow{
		{"define", "", call, "", 3},
		{"render", "", call, "", 4},
		{"Base", "", ref, "outer", 8},
		{"info", "Log", call, "outer", 8},
		{"Item", "", ref, "Box.__construct", 10},
	}
	if d := cmp.Diff(wantRefs, langtest.Refs[refRow](f)); d != "" {
		t.Errorf("refs (-want +got):\n%s", d)
	}
}

func TestPHPExtractSyntaxError(t *testing.T) {
	src := `<?php
namespace App;

class Good {
    public function ok() { run(); }
}

class Broken {
    public function bad( {
`
	f := langtest.Extract(t, Language(), src)
	if f.SyntaxErrors == 0 {
		t.Errorf("expected syntax errors")
	}
	if f.Package != "App" {
		t.Errorf("package %q", f.Package)
	}
	got := langtest.Syms[symRow](f)
	if len(got) < 2 {
		t.Fatalf("symbols %+v", got)
	}
	want := []symRow{
		{"Good", "Good", facts.KindClass, "", 4, 6},
		{"ok", "Good.ok", facts.KindMethod, "Good", 5, 5},
	}
	if d := cmp.Diff(want, got[:2]); d != "" {
		t.Errorf("symbols before the error (-want +got):\n%s", d)
	}
}

// Extraction never panics on truncated input and never emits nameless symbols.
func TestPHPTruncated(t *testing.T) { langtest.Truncated(t, Language(), testSrc) }

func TestPHPKindIDs(t *testing.T) {
	langtest.CheckKindIDs(t, language.Grammar, testSrc)
}

func TestPHPModuleKeys(t *testing.T) {
	f := langtest.Extract(t, Language(), testSrc)
	want := []string{`App\Models\User`, `App\Models\Named`, `App\Models\Greets`, `App\Models\Suit`, "src/Models/User.php"}
	if d := cmp.Diff(want, Language().ModuleKeys("src/Models/User.php", f, nil)); d != "" {
		t.Errorf("ModuleKeys (-want +got):\n%s", d)
	}
	g := langtest.Extract(t, Language(), "<?php\nclass Legacy {}\nfunction f() {}\n")
	if d := cmp.Diff([]string{"Legacy", "lib/legacy.php"}, Language().ModuleKeys("lib/legacy.php", g, nil)); d != "" {
		t.Errorf("ModuleKeys without namespace (-want +got):\n%s", d)
	}
}

func TestPHPImportCandidates(t *testing.T) {
	tests := []struct {
		imp  facts.Import
		from string
		want []string
	}{
		{facts.Import{Path: `App\Models\User`}, "src/a.php", []string{`App\Models\User`}},
		{facts.Import{Path: "./lib/x.php", Kind: "require"}, "src/a.php", []string{"src/lib/x.php", "lib/x.php"}},
		{facts.Import{Path: "config.php", Kind: "require"}, "src/a.php", []string{"src/config.php", "config.php"}},
		{facts.Import{Path: "config.php", Kind: "require"}, "index.php", []string{"config.php"}},
		{facts.Import{Path: "../vendor/autoload.php", Kind: "require"}, "public/index.php", []string{"vendor/autoload.php"}},
		{facts.Import{Path: "/etc/app.php", Kind: "require"}, "index.php", []string{"etc/app.php"}},
		{facts.Import{Path: "../x.php", Kind: "require"}, "index.php", nil},
		{facts.Import{}, "index.php", nil},
	}
	for _, tt := range tests {
		got := Language().ImportCandidates(tt.imp, tt.from, nil)
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("ImportCandidates(%+v, %q) (-want +got):\n%s", tt.imp, tt.from, d)
		}
	}
}
