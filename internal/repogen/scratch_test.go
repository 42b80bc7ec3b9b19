package repogen

import "testing"

func TestScratch(t *testing.T) {
	r, err := New("/tmp/gencheck", Options{Files: 400, Seed: 51, Languages: allLanguages})
	if err != nil {
		t.Fatal(err)
	}
	randomCommits(t, r, 3, 30)
}
