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
		want      []string
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
