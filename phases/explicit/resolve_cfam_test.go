package explicit

import "testing"

// TestCppReceiversThroughTypes: an out-of-line method reaches its class's
// members declared in a header (bare, and through fields, locals and
// results), names in the namespaces around it and in the namespaces it
// uses; a typedef has its target's members; a call through a function
// pointer field or on a std value links nothing.
func TestCppReceiversThroughTypes(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"net/conn.hpp": "namespace net {\nclass Buffer { public: void flush(); };\n" +
			"class Conn {\n public:\n  void send();\n  void reset();\n  Buffer *buf;\n  int (*on_close)(int);\n};\n" +
			"Conn *open_conn();\ntypedef Conn conn_t;\n}\n",
		"net/conn.cpp": "#include \"conn.hpp\"\nnamespace net {\nvoid Conn::send() {\n  reset();\n  buf->flush();\n  on_close(1);\n  std::sort(a, b);\n}\n" +
			"void Buffer::flush() {}\nvoid Conn::reset() {}\nConn *open_conn() { return nullptr; }\n}\n",
		"app/main.cpp":  "#include \"../net/conn.hpp\"\nusing namespace net;\nint main() {\n  auto c = open_conn();\n  c->send();\n  conn_t *d = 0;\n  d->reset();\n  std::string s;\n  s.append(1);\n}\n",
		"util/sort.cpp": "class Sorter { public: void sort(int a, int b); void append(int x); };\nint on_close(int x) { return x; }\n",
	})
	check(t, got,
		[]string{
			"net/conn.cpp#net.Conn.send -> net/conn.cpp#net.Conn.reset [calls scope]",
			// A member is found where its class declares it (the header),
			// and the call links to its definition outside the class.
			"net/conn.cpp#net.Conn.send -> net/conn.cpp#net.Buffer.flush [calls type]",
			"app/main.cpp#main -> net/conn.cpp#net.open_conn [calls scope]",
			"app/main.cpp#main -> net/conn.cpp#net.Conn.send [calls type]",
			"app/main.cpp#main -> net/conn.cpp#net.Conn.reset [calls type]",
		},
		[]string{"-> util/sort.cpp#Sorter.sort", "-> util/sort.cpp#Sorter.append", "-> util/sort.cpp#on_close"})
}

// TestCFunctionPointersStayUnresolved: a call through a parameter that is
// a function pointer names no function of the repository.
func TestCFunctionPointersStayUnresolved(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"run.c":  "void run(int (*handler)(int)) { handler(1); finish(); }\n",
		"impl.c": "int handler(int x) { return x; }\nvoid finish(void) {}\n",
	})
	check(t, got, []string{"run.c#run -> impl.c#finish [calls scope]"}, []string{"-> impl.c#handler"})
}

// TestRubyReceiversThroughTypes: instance variables typed by Foo.new,
// locals, constants nested in modules across files, mixins, implicit self
// through the superclass, super, and a core method on an untyped value.
func TestRubyReceiversThroughTypes(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"lib/shop/api.rb":  "module Shop\n  class Api\n    def post(x); end\n  end\nend\n",
		"lib/shop/base.rb": "module Shop\n  module Pricing\n    def total; end\n  end\n  class Base\n    def save; end\n    def log(m); end\n  end\nend\n",
		"lib/shop/cart.rb": "require_relative 'base'\nmodule Shop\n  class Cart < Base\n    include Pricing\n" +
			"    def initialize\n      @api = Api.new\n    end\n" +
			"    def checkout(order)\n      @api.post(order)\n      total\n      log('x')\n      order.length\n      a = Api.new\n      a.post(1)\n    end\n" +
			"    def save\n      super\n    end\n  end\nend\n",
		"lib/other.rb": "class Words\n  def length; end\nend\n",
	})
	check(t, got,
		[]string{
			"lib/shop/cart.rb#Shop.Cart.checkout -> lib/shop/api.rb#Shop.Api.post [calls type]",
			"lib/shop/cart.rb#Shop.Cart.checkout -> lib/shop/base.rb#Shop.Pricing.total [calls type]",
			"lib/shop/cart.rb#Shop.Cart.checkout -> lib/shop/base.rb#Shop.Base.log [calls type]",
			"lib/shop/cart.rb#Shop.Cart.initialize -> lib/shop/api.rb#Shop.Api [calls scope]",
			"lib/shop/cart.rb#Shop.Cart.save -> lib/shop/base.rb#Shop.Base.save [calls type]",
		},
		[]string{"-> lib/other.rb#Words.length", "lib/shop/cart.rb#Shop.Cart.save -> lib/shop/cart.rb#Shop.Cart.save"})
}

// TestPHPReceiversThroughTypes: use with an alias binds the class; typed,
// promoted and assigned properties carry their classes to $this->p->m();
// static:: is the class itself; an interface-typed property reaches the
// interface's method; a class outside the repository links nothing.
func TestPHPReceiversThroughTypes(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"src/Mail/Mailer.php": "<?php\nnamespace App\\Mail;\ninterface Mailer { public function send($m); }\n",
		"src/Mail/Smtp.php":   "<?php\nnamespace App\\Mail;\nclass Smtp implements Mailer { public function send($m) {} public function close() {} }\n",
		"src/Repo.php":        "<?php\nnamespace App;\nclass Repo { public static function make(): static { return new static(); } public function find($id) {} }\n",
		"src/Controller.php": "<?php\nnamespace App;\nuse App\\Mail\\Mailer as M;\nuse App\\Mail\\Smtp;\nuse Psr\\Log\\LoggerInterface;\n" +
			"class Controller {\n  private Repo $repo;\n  public function __construct(private M $mail, private LoggerInterface $log) { $this->smtp = new Smtp(); }\n" +
			"  public function show($id) {\n    $this->repo->find($id);\n    $this->mail->send($id);\n    $this->log->info($id);\n    $r = Repo::make();\n    $r->find($id);\n    static::helper();\n    $s = new Smtp();\n    $s->close();\n  }\n" +
			"  public static function helper() {}\n}\n",
		"src/Other.php": "<?php\nnamespace App;\nclass Other { public function info($x) {} }\n",
	})
	check(t, got,
		[]string{
			"src/Controller.php#Controller.show -> src/Repo.php#Repo.find [calls type]",
			"src/Controller.php#Controller.show -> src/Mail/Mailer.php#Mailer.send [calls type]",
			"src/Controller.php#Controller.show -> src/Repo.php#Repo.make [calls type]",
			"src/Controller.php#Controller.show -> src/Controller.php#Controller.helper [calls type]",
			"src/Controller.php#Controller.show -> src/Mail/Smtp.php#Smtp.close [calls type]",
			"src/Controller.php#Controller.show -> src/Mail/Smtp.php#Smtp [calls import]",
		},
		[]string{"-> src/Other.php#Other.info"})
}

// TestCppHeaderWithNamespace: a .h header that declares a namespace and a
// class is read as C++ (the C grammar reads "namespace leveldb {" as a
// function), so its Options has a symbol that a .cc file's uses reach.
func TestCppHeaderWithNamespace(t *testing.T) {
	got := resolveAll(t, nil, map[string]string{
		"include/leveldb/options.h": "#ifndef OPTIONS_H_\n#define OPTIONS_H_\nnamespace leveldb {\n\nstruct Options {\n  int block_size;\n};\n\n" +
			"struct Env {\n  void Sync();\n};\n\n}  // namespace leveldb\n#endif\n",
		"db/db.cc": "#include \"leveldb/options.h\"\nnamespace leveldb {\nvoid Open(const Options &options, Env *env) {\n  env->Sync();\n}\n}\n",
		"util/c.h": "int plain(int x);\n",
		"util/c.c": "#include \"c.h\"\nint plain(int x) { return x; }\nint use(void) { return plain(1); }\n",
	})
	check(t, got,
		[]string{
			"db/db.cc#leveldb.Open -> include/leveldb/options.h#leveldb.Options [references scope]",
			"db/db.cc#leveldb.Open -> include/leveldb/options.h#leveldb.Env.Sync [calls type]",
			"util/c.c#use -> util/c.c#plain [calls scope]",
		},
		nil)
}
