package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The packages at the edge of the program (with the packages under
// them): they talk to Discord, the database, the clock, the file system
// or the terminal. The command (bfbot itself) is one too. Every other
// package of the module is rules code (a new package is, until it is
// named here).
var edgePackages = []string{"bfbot/bot", "bfbot/storage", "bfbot/config", "bfbot/mapgen/render", "bfbot/internal/cputime"}

// What rules code may not import directly (a path, or a path and what is
// under it): the clock, the file system, the network, logging, the
// process-wide random source, and the edge packages with their
// libraries. The rules take their dice, inputs and time from the caller.
var forbiddenImports = []string{
	"os", "time", "net", "log", "syscall", "plugin", "math/rand", "runtime/debug",
	"bfbot/bot", "bfbot/storage", "bfbot/config", "bfbot/mapgen/render",
	"github.com/bwmarrin/discordgo", "go.etcd.io/bbolt", "github.com/fogleman/gg",
	"github.com/robfig/cron/v3", "github.com/gorilla/websocket", "github.com/golang/freetype", "golang.org/x/image",
}

// isEdge says whether pkg is an edge package.
func isEdge(pkg string) bool {
	if pkg == "bfbot" {
		return true
	}
	for _, e := range edgePackages {
		if pkg == e || strings.HasPrefix(pkg, e+"/") {
			return true
		}
	}
	return false
}

// forbiddenImport names the rule an import breaks, or "".
func forbiddenImport(imp string) string {
	for _, f := range forbiddenImports {
		// math/rand/v2 is allowed: only its constructors may be called
		// (checked with the package's state below).
		if imp == f || (strings.HasPrefix(imp, f+"/") && imp != "math/rand/v2") {
			return f
		}
	}
	return ""
}

// goPackage is what go list tells of a package.
type goPackage struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
	Export     string
}

func goList(t *testing.T, args ...string) []goPackage {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list", "-e", "-json=ImportPath,Dir,GoFiles,Imports,Export"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go list %v: %v", args, err)
	}
	var pkgs []goPackage
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p goPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list %v: %v", args, err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// rulesPackages lists the module's rules packages.
func rulesPackages(t *testing.T) []goPackage {
	var rules []goPackage
	for _, p := range goList(t, "./...") {
		if !isEdge(p.ImportPath) {
			rules = append(rules, p)
		}
	}
	if len(rules) < 5 {
		t.Fatalf("only %d rules packages found: is the edge list right?", len(rules))
	}
	return rules
}

// Ensure the rules packages stay pure (docs/architecture.md): none of
// them imports the clock, the file system, the network, logging, the
// global random source, Discord, the database, the renderer or cron.
// Direct imports are what count: every Go program reaches os and time
// through the standard library.
func TestRulesPackagesArePure(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	for _, p := range rulesPackages(t) {
		for _, imp := range p.Imports {
			if f := forbiddenImport(imp); f != "" {
				t.Errorf("%s imports %s: rules code must stay pure (no %s; take it from the caller)", p.ImportPath, imp, f)
			}
		}
	}
}

// Ensure the rules packages keep no process-wide mutable state: no
// package-level variable is written outside init, none is a lock, a
// concurrent map or an atomic, and no global random source is used. Two
// campaigns in one process, or two tests, cannot then see each other;
// caches belong to the edge (the store keeps loaded campaigns).
// Package-level tables filled once (literals, init, sync.OnceValue of
// embedded data) are fine.
func TestRulesPackagesKeepNoState(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	rules := rulesPackages(t)
	args := []string{"-export", "-deps"}
	for _, p := range rules {
		args = append(args, p.ImportPath)
	}
	exports := map[string]string{}
	for _, p := range goList(t, args...) {
		exports[p.ImportPath] = p.Export
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if exports[path] == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(exports[path])
	})
	for _, p := range rules {
		for _, problem := range packageState(t, fset, imp, p) {
			t.Errorf("%s: %s", p.ImportPath, problem)
		}
	}
}

// packageState type-checks p and lists its process-wide mutable state.
func packageState(t *testing.T, fset *token.FileSet, imp types.Importer, p goPackage) []string {
	var files []*ast.File
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: imp}).Check(p.ImportPath, fset, files, info)
	if err != nil {
		t.Fatalf("type-checking %s: %v", p.ImportPath, err)
	}
	var problems []string
	report := func(pos token.Pos, format string, args ...any) {
		at := fset.Position(pos)
		problems = append(problems, fmt.Sprintf("%s:%d: %s", filepath.Base(at.Filename), at.Line, fmt.Sprintf(format, args...)))
	}
	// Package-level variables of a lock, concurrent or atomic type.
	for _, name := range pkg.Scope().Names() {
		v, ok := pkg.Scope().Lookup(name).(*types.Var)
		if ok && isSharedStateType(v.Type()) {
			report(v.Pos(), "package-level %s %s is process-wide mutable state", name, v.Type())
		}
	}
	// packageVar is the package-level variable e writes to, or nil.
	packageVar := func(e ast.Expr) *types.Var {
		for {
			switch x := e.(type) {
			case *ast.ParenExpr:
				e = x.X
			case *ast.IndexExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			case *ast.SelectorExpr:
				e = x.X
			case *ast.Ident:
				if v, ok := info.Uses[x].(*types.Var); ok && v.Parent() == pkg.Scope() {
					return v
				}
				return nil
			default:
				return nil
			}
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil || (fn.Recv == nil && fn.Name.Name == "init") {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				var written []ast.Expr
				switch n := n.(type) {
				case *ast.AssignStmt:
					if n.Tok != token.DEFINE {
						written = n.Lhs
					}
				case *ast.IncDecStmt:
					written = []ast.Expr{n.X}
				case *ast.CallExpr:
					if id, ok := n.Fun.(*ast.Ident); ok && (id.Name == "delete" || id.Name == "clear") && len(n.Args) > 0 {
						if _, builtin := info.Uses[id].(*types.Builtin); builtin {
							written = n.Args[:1]
						}
					}
					if f := calledFunc(info, n); f != nil && isGlobalRandom(f) {
						report(n.Pos(), "%s.%s uses the process-wide random source: take a *dice.Dice or a seeded generator", f.Pkg().Path(), f.Name())
					}
				}
				for _, e := range written {
					if v := packageVar(e); v != nil {
						report(e.Pos(), "%s writes package-level %s: process-wide mutable state", fn.Name.Name, v.Name())
					}
				}
				return true
			})
		}
	}
	return problems
}

// isSharedStateType says whether t is (a pointer to) a lock, a
// concurrent map, a pool or an atomic value: state by nature.
func isSharedStateType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() {
	case "sync":
		return slices.Contains([]string{"Map", "Mutex", "RWMutex", "Pool", "Cond", "WaitGroup"}, n.Obj().Name())
	case "sync/atomic":
		return true
	}
	return false
}

// calledFunc is the package-level function a call names, or nil.
func calledFunc(info *types.Info, c *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch f := c.Fun.(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return nil
	}
	fn, ok := info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Type().(*types.Signature).Recv() != nil {
		return nil
	}
	return fn
}

// isGlobalRandom says whether f draws from math/rand's process-wide
// source (rand.IntN and friends); the constructors of a seeded generator
// are fine.
func isGlobalRandom(f *types.Func) bool {
	switch f.Pkg().Path() {
	case "math/rand", "math/rand/v2":
		return !strings.HasPrefix(f.Name(), "New")
	}
	return false
}
