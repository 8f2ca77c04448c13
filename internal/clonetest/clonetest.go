// Package clonetest checks Clone methods by reflection, so that a field
// added to a type and forgotten by its Clone fails a test: Check fills
// every field of a value (unexported ones too, as deep as the types go)
// with values that are not zero, clones it, changes everything the
// original reaches through maps, slices and pointers, and asserts that
// the clone equalled the original and still equals it.
//
// It is for tests only.
package clonetest

import (
	"fmt"
	"reflect"
	"strconv"
	"testing"
	"unsafe"
)

// maxDepth bounds how many maps, slices and pointers deep Fill goes (for
// types that contain themselves).
const maxDepth = 8

// Check checks clone, the Clone method of T. shared names the fields the
// clone shares with the original on purpose, as "Type.Field" (a field of
// that name in a struct type of that name, at any depth): Check neither
// fills nor changes them.
func Check[T any](t testing.TB, clone func(*T) *T, shared ...string) {
	t.Helper()
	skip := map[string]bool{}
	for _, s := range shared {
		skip[s] = true
	}
	orig, want := new(T), new(T)
	Fill(reflect.ValueOf(orig).Elem(), skip)
	Fill(reflect.ValueOf(want).Elem(), skip)
	for _, p := range zeroFields(reflect.ValueOf(orig).Elem(), reflect.TypeFor[T]().Name(), skip) {
		t.Errorf("clonetest cannot fill %s: give it a case or list it as shared", p)
	}
	c := clone(orig)
	if p := firstDiff(reflect.ValueOf(c).Elem(), reflect.ValueOf(want).Elem(), reflect.TypeFor[T]().Name()); p != "" {
		t.Fatalf("the clone differs from the original at %s: Clone does not copy it", p)
	}
	mutate(reflect.ValueOf(orig).Elem(), skip)
	if p := firstDiff(reflect.ValueOf(c).Elem(), reflect.ValueOf(want).Elem(), reflect.TypeFor[T]().Name()); p != "" {
		t.Errorf("changing the original changed the clone at %s: Clone shares it (copy it, or list it as shared)", p)
	}
}

// filler numbers the values Fill makes, so that map keys differ and two
// fills give equal values.
type filler struct {
	n    int
	skip map[string]bool
}

func (f *filler) next() int { f.n++; return f.n%100 + 1 }

// Fill sets every field of v (settable) to a value that is not zero, the
// same every time for the same type: the fields named in skip
// ("Type.Field") stay as they are.
func Fill(v reflect.Value, skip map[string]bool) {
	(&filler{skip: skip}).fill(v, 0)
}

func (f *filler) fill(v reflect.Value, depth int) {
	if depth > maxDepth {
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(f.next()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(uint64(f.next()))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(f.next()) + 0.5)
	case reflect.String:
		v.SetString("s" + strconv.Itoa(f.next()))
	case reflect.Array:
		for i := range v.Len() {
			f.fill(v.Index(i), depth)
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			f.fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		for range 2 {
			k := reflect.New(v.Type().Key()).Elem()
			f.fill(k, depth+1)
			e := reflect.New(v.Type().Elem()).Elem()
			f.fill(e, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		f.fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Struct:
		for i := range v.NumField() {
			if f.skip[v.Type().Name()+"."+v.Type().Field(i).Name] {
				continue
			}
			f.fill(settable(v.Field(i)), depth)
		}
	}
	// Interfaces, functions and channels stay nil: zeroFields names them.
}

// settable makes a field of an addressable struct settable, unexported
// or not.
func settable(v reflect.Value) reflect.Value {
	if v.CanSet() {
		return v
	}
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

// zeroFields lists the fields Fill left zero (not counting those past
// maxDepth, or skipped).
func zeroFields(v reflect.Value, path string, skip map[string]bool) []string {
	var out []string
	var walk func(v reflect.Value, path string, depth int)
	walk = func(v reflect.Value, path string, depth int) {
		if depth > maxDepth {
			return
		}
		if v.IsZero() {
			out = append(out, path)
			return
		}
		switch v.Kind() {
		case reflect.Pointer:
			walk(v.Elem(), path, depth+1)
		case reflect.Slice:
			walk(v.Index(0), path+"[0]", depth+1)
		case reflect.Array:
			walk(v.Index(0), path+"[0]", depth)
		case reflect.Struct:
			for i := range v.NumField() {
				if !skip[v.Type().Name()+"."+v.Type().Field(i).Name] {
					walk(v.Field(i), path+"."+v.Type().Field(i).Name, depth)
				}
			}
		}
	}
	walk(v, path, 0)
	return out
}

// mutate changes every value v reaches through maps, slices and
// pointers (and v itself), except the skipped fields.
func mutate(v reflect.Value, skip map[string]bool) {
	var walk func(v reflect.Value, depth int)
	walk = func(v reflect.Value, depth int) {
		if depth > maxDepth+1 {
			return
		}
		switch v.Kind() {
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			v.SetInt(v.Int() + 1)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			v.SetUint(v.Uint() + 1)
		case reflect.Float32, reflect.Float64:
			v.SetFloat(v.Float() + 1)
		case reflect.String:
			v.SetString(v.String() + "′")
		case reflect.Array, reflect.Slice:
			for i := range v.Len() {
				walk(v.Index(i), depth+1)
			}
		case reflect.Map:
			for _, k := range v.MapKeys() {
				e := reflect.New(v.Type().Elem()).Elem()
				e.Set(v.MapIndex(k))
				walk(e, depth+1)
				v.SetMapIndex(k, e)
			}
		case reflect.Pointer:
			if !v.IsNil() {
				walk(v.Elem(), depth+1)
			}
		case reflect.Struct:
			for i := range v.NumField() {
				if !skip[v.Type().Name()+"."+v.Type().Field(i).Name] {
					walk(settable(v.Field(i)), depth)
				}
			}
		}
	}
	walk(v, 0)
}

// firstDiff is the path of the first place a and b differ, or "".
func firstDiff(a, b reflect.Value, path string) string {
	if a.Kind() != b.Kind() {
		return path
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() != b.IsNil() {
			return path
		}
		if a.IsNil() {
			return ""
		}
		return firstDiff(a.Elem(), b.Elem(), path)
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s (length %d, want %d)", path, a.Len(), b.Len())
		}
		if a.Kind() == reflect.Slice && a.IsNil() != b.IsNil() {
			return path + " (nil)"
		}
		for i := range a.Len() {
			if p := firstDiff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
		return ""
	case reflect.Map:
		if a.Len() != b.Len() || a.IsNil() != b.IsNil() {
			return path
		}
		for _, k := range b.MapKeys() {
			e := a.MapIndex(k)
			if !e.IsValid() {
				return fmt.Sprintf("%s[%v] (missing)", path, k)
			}
			if p := firstDiff(e, b.MapIndex(k), fmt.Sprintf("%s[%v]", path, k)); p != "" {
				return p
			}
		}
		return ""
	case reflect.Struct:
		for i := range a.NumField() {
			if p := firstDiff(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); p != "" {
				return p
			}
		}
		return ""
	}
	if !sameLeaf(a, b) {
		return path
	}
	return ""
}

// sameLeaf compares two values of a kind without parts (reading works on
// unexported fields, where Interface does not).
func sameLeaf(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	case reflect.String:
		return a.String() == b.String()
	}
	// Interfaces, functions and channels: Fill leaves them nil.
	return a.IsNil() == b.IsNil()
}
