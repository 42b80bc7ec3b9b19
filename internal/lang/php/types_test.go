package php

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/langtest"
)

const typesSample = `<?php
namespace App\Http;

use App\Services\Mailer as Mail, App\Repo\UserRepo;
use function App\helpers\log_it;

class Controller extends BaseController
{
    private ?UserRepo $users;
    private $cache;
    protected static self $instance;

    public function __construct(private Mail $mail, $raw)
    {
        $this->cache = new \App\Cache\Store();
        $this->raw = $raw;
    }

    public function show(Request $req, string $id): ?View
    {
        $user = $this->users->find($id);
        $this->mail->send($user);
        $this->cache->get($id);
        $v = new View();
        $v->render();
        $req->input('x');
        $x = $unknown->thing();
        static::boot();
        self::boot();
        parent::show($req, $id);
        UserRepo::create()->save();
        $f = function () use ($v) { $v->render(); };
        return $v;
    }
}
`

// TestPHPTypes: typed and promoted properties, untyped properties typed by
// what the class assigns them, and return types are chains naming classes
// by their fully qualified names; builtin types are outside the repository.
func TestPHPTypes(t *testing.T) {
	f := langtest.Extract(t, Language(), typesSample)
	want := map[string]string{
		"Controller.users":    `@App\Repo\UserRepo|UserRepo`,
		"Controller.cache":    `@App\Cache\Store|Store()`,
		"Controller.instance": "self",
		"Controller.mail":     `@App\Services\Mailer|Mailer`,
		"Controller.show":     `@App\Http\View|View`,
	}
	if d := cmp.Diff(want, langtest.Types(f)); d != "" {
		t.Errorf("types (-want +got):\n%s", d)
	}
	if s := langtest.Symbol(t, f, "Controller.mail"); s.Kind != facts.KindField || s.Parent != "Controller" {
		t.Errorf("promoted property: %+v", s)
	}
}

// TestPHPReceivers: calls through $this->prop, typed parameters, locals
// assigned new Foo() or a call, static::/self:: (self) and imported
// classes name their receiver's class; parent:: and $this are left to
// the resolver; a closure sees the variables it uses.
func TestPHPReceivers(t *testing.T) {
	f := langtest.Extract(t, Language(), typesSample)
	var got []callRow
	for _, r := range langtest.Calls[callRow](f) {
		if r.Qualifier != "" { // keep the member and static calls
			got = append(got, r)
		}
	}
	want := []callRow{
		{"Store", `App\Cache`, ""},
		{"find", "this->users", "this.users"},
		{"send", "this->mail", "this.mail"},
		{"get", "this->cache", "this.cache"},
		{"render", "v", `@App\Http\View|View()`},
		{"input", "req", `@App\Http\Request|Request`},
		{"thing", "unknown", facts.Unknown},
		{"boot", "static", "self"},
		{"boot", "self", "self"},
		{"show", "parent", ""},
		{"create", "UserRepo", `@App\Repo\UserRepo|UserRepo`},
		{"save", "?", `@App\Repo\UserRepo|UserRepo.create()`},
		{"render", "v", `@App\Http\View|View()`},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("calls (-want +got):\n%s", d)
	}
}

// TestPHPUseAliases: a use statement imports a class under its name or
// its alias (Import.As); use function imports no class.
func TestPHPUseAliases(t *testing.T) {
	f := langtest.Extract(t, Language(), typesSample)
	want := []facts.Import{
		{Path: `App\Services\Mailer`, Names: []string{"Mailer"}, As: []string{"Mail"}, Line: 4},
		{Path: `App\Repo\UserRepo`, Names: []string{"UserRepo"}, Line: 4},
		{Path: `App\helpers\log_it`, Names: []string{"log_it"}, Line: 5},
	}
	if d := cmp.Diff(want, f.Imports); d != "" {
		t.Errorf("imports (-want +got):\n%s", d)
	}
}
