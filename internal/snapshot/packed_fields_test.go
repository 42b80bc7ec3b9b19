package snapshot

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// TestPackedRecordKeepsEveryField: a full run reads back, from the packed
// set, every field of every record it set, so a field a record's encoding
// does not carry (and the packed form does not keep beside it) is silently
// lost at init while an update, which holds records as structs, keeps it:
// init and update would then disagree. The record here has every field, at
// every depth, set to a value of its own, so a field added to facts.File or
// File later fails this test until the encoding carries it.
func TestPackedRecordKeepsEveryField(t *testing.T) {
	want := &File{}
	fill(reflect.ValueOf(want).Elem(), new(int))
	for _, dir := range []string{"", t.TempDir()} {
		fs := NewFileSet(nil)
		if err := fs.Pack(dir); err != nil {
			t.Fatal(err)
		}
		fs.Set(want)
		got := fs.Get(want.Path)
		if err := errors.Join(fs.Err(), fs.Close()); err != nil {
			t.Fatal(err)
		}
		for _, diff := range fieldDiffs("File", reflect.ValueOf(got).Elem(), reflect.ValueOf(want).Elem()) {
			t.Errorf("packed record (spill dir %q) lost or changed %s", dir, diff)
		}
	}
}

// fill sets every exported field reachable from v to a distinct non-zero
// value, n counting the values handed out so far.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("v%d", *n))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(*n))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(*n) + 0.5)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), n)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), n)
		}
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k, n)
		fill(e, n)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n)
			}
		}
	}
}

// fieldDiffs names the leaf fields where got and want differ, by path.
func fieldDiffs(path string, got, want reflect.Value) []string {
	switch want.Kind() {
	case reflect.Pointer:
		if got.IsNil() != want.IsNil() {
			return []string{path + " (nil)"}
		}
		if want.IsNil() {
			return nil
		}
		return fieldDiffs(path, got.Elem(), want.Elem())
	case reflect.Struct:
		var diffs []string
		for i := range want.NumField() {
			if f := want.Type().Field(i); f.IsExported() {
				diffs = append(diffs, fieldDiffs(path+"."+f.Name, got.Field(i), want.Field(i))...)
			}
		}
		return diffs
	case reflect.Slice:
		if got.Len() != want.Len() {
			return []string{fmt.Sprintf("%s (len %d, want %d)", path, got.Len(), want.Len())}
		}
		var diffs []string
		for i := range want.Len() {
			diffs = append(diffs, fieldDiffs(fmt.Sprintf("%s[%d]", path, i), got.Index(i), want.Index(i))...)
		}
		return diffs
	}
	if !reflect.DeepEqual(got.Interface(), want.Interface()) {
		return []string{fmt.Sprintf("%s: %v, want %v", path, got.Interface(), want.Interface())}
	}
	return nil
}
