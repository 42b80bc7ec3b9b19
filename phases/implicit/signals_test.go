package implicit

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func names(sigs []Signal) []string {
	var out []string
	for _, s := range sigs {
		out = append(out, s.Name())
	}
	return out
}

func TestExtract(t *testing.T) {
	cases := []struct {
		name, family, src string
		want              []string
	}{
		{"go", "go", "package x\nfunc f() {\n\tu := os.Getenv(\"DATABASE_URL\")\n\tviper.GetString(\"server.port\")\n\thttp.HandleFunc(\"/users/{id}\", h)\n\tdb.Query(\"SELECT * FROM users WHERE id = ?\")\n\tnc.Publish(\"orders.created\", b)\n}\n",
			[]string{"config:server.port", "env:DATABASE_URL", "route:/users/{}", "table:users", "topic:orders.created"}},
		{"python", "python", "import os\nKEY = os.environ[\"API_KEY\"]\nx = os.environ.get('REGION')\n@app.route('/users/<int:id>')\ndef u(): pass\nrequests.get('https://api.example.com/users/1')\ncur.execute(\"insert into orders (a) values (1)\")\n",
			[]string{"env:API_KEY", "env:REGION", "route:/users/{}", "table:orders"}},
		{"typescript", "js", "const u = process.env.DATABASE_URL\nrouter.get('/users/:id', h)\nawait fetch(`/users/${id}`)\nbus.subscribe('orders.created', f)\n",
			[]string{"env:DATABASE_URL", "route:/users/{}", "topic:orders.created"}},
		{"java", "java", "@GetMapping(\"/users/{id}\")\nString u = System.getenv(\"DATABASE_URL\");\n@Value(\"${server.port:8080}\")\n@KafkaListener(topics = \"orders.created\")\n",
			[]string{"config:server.port", "env:DATABASE_URL", "route:/users/{}", "topic:orders.created"}},
		{"nothing", "go", "func f() { getenv(x); fetch(url) }\n", []string{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := names(Extract(c.family, []byte(c.src)))
			if got == nil {
				got = []string{}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("signals (-want +got):\n%s", diff)
			}
		})
	}
}

func TestExtractFirstLine(t *testing.T) {
	sigs := Extract("go", []byte("a\nos.Getenv(\"X_Y\")\nos.Getenv(\"X_Y\")\n"))
	if len(sigs) != 1 || sigs[0].Line != 2 {
		t.Fatalf("got %+v, want one signal on line 2", sigs)
	}
}

// extracted runs Extract on each case and compares the signal names.
func extracted(t *testing.T, cases []struct {
	name, family, src string
	want              []string
}) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := names(Extract(c.family, []byte(c.src)))
			if got == nil {
				got = []string{}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("signals (-want +got):\n%s", diff)
			}
		})
	}
}

func TestExtractEnvConstants(t *testing.T) {
	extracted(t, []struct {
		name, family, src string
		want              []string
	}{
		{"go const", "go", "package x\nconst KEY = \"DATABASE_URL\"\nfunc f() { os.Getenv(KEY) }\n", []string{"env:DATABASE_URL"}},
		{"go const block with type", "go", "package x\nconst (\n\tkeyA string = \"API_TOKEN\" // the token\n)\nfunc f() { v, ok := os.LookupEnv(keyA) }\n", []string{"env:API_TOKEN"}},
		{"go short variable", "go", "func f() { k := \"REGION\"; os.Getenv(k) }\n", []string{"env:REGION"}},
		{"python module constant", "python", "ENV_VAR = \"DB_HOST\"\nSETTING: str = 'DB_PORT'\nhost = os.environ.get(ENV_VAR)\nport = os.getenv(SETTING, '5432')\n", []string{"env:DB_HOST", "env:DB_PORT"}},
		{"python subscript and class attribute", "python", "class C:\n    KEY = \"SECRET_KEY\"\n    def f(self):\n        return os.environ[self.KEY]\n", []string{"env:SECRET_KEY"}},
		{"js const", "js", "const NAME = \"API_URL\";\nexport const url = process.env[NAME];\n", []string{"env:API_URL"}},
		{"java static final", "java", "class C {\n  private static final String KEY = \"DATABASE_URL\";\n  String u = System.getenv(KEY);\n}\n", []string{"env:DATABASE_URL"}},
		{"rust const", "rust", "const KEY: &str = \"RUST_LOG_DIR\";\nfn f() { std::env::var(KEY); }\n", []string{"env:RUST_LOG_DIR"}},
		{"csharp const", "csharp", "const string Key = \"ASPNETCORE_URLS\";\nvar u = Environment.GetEnvironmentVariable(Key);\n", []string{"env:ASPNETCORE_URLS"}},
		// Negatives: the constant is not a string, is compared, is built, is
		// not env-shaped, or is only named in a comment.
		{"comparison is no definition", "go", "if KEY == \"X_Y\" {}\nos.Getenv(KEY)\n", []string{}},
		{"built value", "python", "KEY = \"APP_\" + name\nos.getenv(KEY)\n", []string{}},
		{"lowercase value", "python", "key = \"not an env\"\nos.getenv(key)\n", []string{}},
		{"definition in a comment", "go", "// KEY = \"DATABASE_URL\"\nos.Getenv(KEY)\n", []string{}},
		{"undefined identifier", "go", "os.Getenv(name)\n", []string{}},
	})
}

func TestExtractNotInProse(t *testing.T) {
	extracted(t, []struct {
		name, family, src string
		want              []string
	}{
		{"go comments", "go", "// os.Getenv(\"DATABASE_URL\")\n/* http.HandleFunc(\"/users\", h)\nnc.Publish(\"orders.created\", b) */\n// viper.GetString(\"server.port\")\n", []string{}},
		{"python docstring", "python", "def f():\n    \"\"\"Reads os.environ[\"API_KEY\"] and calls requests.get(\"/users\").\n\n    config.get(\"server.port\"), bus.publish(\"orders.created\")\n    \"\"\"\n", []string{}},
		{"python comment", "python", "x = 1  # os.environ.get(\"REGION\")\n", []string{}},
		{"prose string", "python", "HELP = \"set it with os.getenv('API_KEY') or app.get('/users')\"\n", []string{}},
		{"js comment", "js", "/** process.env.API_URL and fetch('/users') */\nconst x = 1 // bus.emit('orders.created')\n", []string{}},
		{"ruby =begin", "ruby", "=begin\nENV['SECRET']\n=end\nx = 1\n", []string{}},
		{"code after a comment line still counts", "go", "// reads the DSN\ndsn := os.Getenv(\"DATABASE_URL\")\n", []string{"env:DATABASE_URL"}},
	})
}

func TestExtractKeyValidation(t *testing.T) {
	extracted(t, []struct {
		name, family, src string
		want              []string
	}{
		{"os variables", "python", "p = os.environ['PATH']\nh = os.getenv('HOME')\nk = os.getenv('APP_KEY')\n", []string{"env:APP_KEY"}},
		{"wsgi environ is no env", "python", "def app(environ, start):\n    path = environ['PATH_INFO']\n    raw = request.environ.get('RAW_URI')\n", []string{}},
		{"bare environ imported from os", "python", "from os import environ, path\nx = environ.get('APP_MODE')\n", []string{"env:APP_MODE"}},
		{"external url is no route", "python", "requests.get('https://api.github.com/repos/x')\nrequests.get('http://localhost:4566/_localstack/health')\n", []string{"route:/_localstack/health"}},
		{"templated base url", "js", "await fetch(`${API}/users/${id}`)\n", []string{"route:/users/{}"}},
		{"file paths are no routes", "python", "requests.get('/tmp/x/y')\napp.get('/etc/hosts')\nr.get('/app/main.py')\nrouter.get('/static/app.css')\n", []string{"route:/static/app.css"}},
		{"parameters only, or cut off", "python", "requests.get(f\"{base}/{note_1['noteId']}\")\nrequests.get(f\"{url}/{arn}\")\nrequests.get(f\"{url}/notes/{nid}\")\n", []string{"route:/notes/{}"}},
		{"generic events are no topics", "js", "stream.emit('error', e)\nsock.emit('data', d)\nbus.publish('orders.created', o)\nws.subscribe('close')\n", []string{"topic:orders.created"}},
		{"config needs a config object", "python", "website_config.get('ErrorDocument')\nconfig.get('Status')\nconfig.get('server.port')\napp.config.get('SECRET_KEY')\n", []string{"config:SECRET_KEY", "config:server.port"}},
	})
}
