package snapshot

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
)

// filled sets every field of the value v points to, recursively, to
// something other than its zero value (slices get two elements), with
// each string and number distinct, so that a field the codec forgets, or
// two it swaps, fails the round trip.
func filled(t *testing.T, v reflect.Value, seq *int) {
	t.Helper()
	*seq++
	switch v.Kind() {
	case reflect.String:
		v.SetString("s" + strconv.Itoa(*seq) + "\xff")
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(*seq))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			filled(t, s.Index(i), seq)
		}
		v.Set(s)
	case reflect.Struct:
		for i := range v.NumField() {
			filled(t, v.Field(i), seq)
		}
	default:
		t.Fatalf("filled: no value for a field of kind %s (%s): teach the codec and this test about it", v.Kind(), v.Type())
	}
}

func TestFactsValueRoundTripsEveryField(t *testing.T) {
	var f facts.File
	seq := 0
	filled(t, reflect.ValueOf(&f).Elem(), &seq)
	b := EncodeFacts(&f)
	got, err := DecodeFacts(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, &f) {
		t.Fatalf("round trip changed the facts:\n got %+v\nwant %+v", got, &f)
	}
}

func TestFactsValueKeepsEmptyAsNil(t *testing.T) {
	f := &facts.File{Package: "p", Symbols: []facts.Symbol{}, Refs: []facts.Ref{{Name: "x", Kind: "call"}}}
	got, err := DecodeFacts(EncodeFacts(f))
	if err != nil {
		t.Fatal(err)
	}
	want := &facts.File{Package: "p", Refs: []facts.Ref{{Name: "x", Kind: "call"}}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestFactsValueRefusesDamage(t *testing.T) {
	f := &facts.File{Package: "p", Symbols: []facts.Symbol{{Name: "a", Qualified: "p.a", Kind: "func", Line: 3}}}
	b := EncodeFacts(f)
	for cut := range len(b) {
		if _, err := DecodeFacts(b[:cut]); err == nil {
			t.Fatalf("a value cut to %d of %d bytes decoded", cut, len(b))
		}
	}
	if _, err := DecodeFacts(append(append([]byte{}, b...), 0)); err == nil {
		t.Fatal("a value with a byte after it decoded")
	}
	if _, err := DecodeFacts([]byte(`{"package":"p"}`)); err == nil {
		t.Fatal("a JSON value decoded as facts")
	}
}
