package main

import (
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The module's packages form layers, and imports only point down:
//
//	bot/...  →  bot/command  →  storage, campaign  →  campaign/forces,
//	referee/scenario  →  referee, referee/ai  →  mapgen  →  mapgen/hex
//
// with internal/... and referee/dice at the bottom for everyone, and
// mapgen/render (the one package that draws) beside bot/command, above
// referee. A layer rule names the packages it holds for (a path, or a
// path ending in "/..." for it and everything under it) and the packages
// they must not depend on, directly or through another package.
type layerRule struct {
	pkgs   []string
	forbid []string
	except []string // allowed although forbid matches
	why    string
}

var layerRules = []layerRule{
	{pkgs: []string{"bfbot/bot/command"}, forbid: []string{"bfbot/bot/...", "bfbot"},
		why: "the command layer is transport-neutral: adapters import it, not the other way"},
	{pkgs: []string{"bfbot/storage/..."}, forbid: []string{"bfbot/bot/...", "bfbot"},
		why: "storage sits below the command layer"},
	{pkgs: []string{"bfbot/campaign/..."}, forbid: []string{"bfbot/bot/...", "bfbot/storage/...", "bfbot/config/...", "bfbot/mapgen/render", "bfbot"},
		why: "campaign is rules code: it loads and stores nothing and talks to nobody"},
	{pkgs: []string{"bfbot/campaign/forces/..."}, forbid: []string{"bfbot/campaign"},
		why: "forces sits below campaign (and below referee/scenario, which buys with it)"},
	{pkgs: []string{"bfbot/referee/..."}, forbid: []string{"bfbot/campaign/...", "bfbot/bot/...", "bfbot/storage/...", "bfbot/config/...", "bfbot/mapgen/render", "bfbot"},
		except: []string{"bfbot/referee/scenario → bfbot/campaign/forces"},
		why:    "the tactical engine sits below campaign; only scenario files buy forces"},
	{pkgs: []string{"bfbot/mapgen", "bfbot/mapgen/hex"}, forbid: []string{"bfbot/referee/...", "bfbot/campaign/...", "bfbot/mapgen/render", "bfbot/bot/...", "bfbot/storage/...", "bfbot/config/...", "bfbot"},
		why: "maps sit below the rules that play on them"},
	{pkgs: []string{"bfbot/mapgen/hex", "bfbot/referee/dice", "bfbot/internal/..."}, forbid: []string{"bfbot/..."}, except: []string{"* → bfbot/internal/..."},
		why: "the bottom layer imports nothing of the module but internal helpers"},
	{pkgs: []string{"bfbot/config/..."}, forbid: []string{"bfbot/..."}, except: []string{"* → bfbot/internal/..."},
		why: "configuration is read before anything else exists"},
}

// matchPkg reports whether path is pattern, or under it when pattern ends
// in "/..." ("bfbot/..." is every package of the module, the root too).
func matchPkg(pattern, path string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == base || strings.HasPrefix(path, base+"/")
	}
	return path == pattern
}

func matchAny(patterns []string, path string) bool {
	return slices.ContainsFunc(patterns, func(p string) bool { return matchPkg(p, path) })
}

// listedPkg is what `go list -json` says of one package: what it depends
// on (Deps: everything, transitively, tests left out) and what its tests
// import directly.
type listedPkg struct {
	ImportPath   string
	Deps         []string
	TestImports  []string
	XTestImports []string
}

// layerViolations checks every package against layerRules: its
// dependencies, and its tests' direct imports (a test may reach higher
// packages through a helper it imports, as referee/ai's tests play book
// scenarios, but may not import a forbidden package itself).
func layerViolations(pkgs []listedPkg) []string {
	var bad []string
	for _, p := range pkgs {
		check := func(dep, how string) {
			if dep == p.ImportPath || !strings.HasPrefix(dep+"/", "bfbot/") {
				return
			}
			for _, r := range layerRules {
				if !matchAny(r.pkgs, p.ImportPath) || !matchAny(r.forbid, dep) {
					continue
				}
				allowed := slices.ContainsFunc(r.except, func(e string) bool {
					from, to, _ := strings.Cut(e, " → ")
					return (from == "*" || matchPkg(from, p.ImportPath)) && matchPkg(to, dep)
				})
				if !allowed {
					bad = append(bad, p.ImportPath+" "+how+" "+dep+": "+r.why)
				}
			}
		}
		for _, d := range p.Deps {
			check(d, "depends on")
		}
		for _, d := range append(slices.Clone(p.TestImports), p.XTestImports...) {
			check(d, "has tests importing")
		}
	}
	return bad
}

// Ensure imports point only downward (see layerRules), from what the go
// command itself resolves.
func TestImportDirection(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	out, err := exec.Command("go", "list", "-json=ImportPath,Deps,TestImports,XTestImports", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []listedPkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listedPkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 20 || !slices.ContainsFunc(pkgs, func(p listedPkg) bool { return p.ImportPath == "bfbot/campaign/forces" }) {
		t.Fatalf("go list found %d packages, without campaign/forces: the listing is not this module's", len(pkgs))
	}
	for _, v := range layerViolations(pkgs) {
		t.Error(v)
	}
}

// Ensure the rules catch what they forbid, so TestImportDirection can fail.
func TestLayerViolations(t *testing.T) {
	for _, tc := range []struct {
		p    listedPkg
		want string // "" for none
	}{
		{listedPkg{ImportPath: "bfbot/campaign/forces", Deps: []string{"bfbot/referee", "bfbot/campaign"}},
			"bfbot/campaign/forces depends on bfbot/campaign"},
		{listedPkg{ImportPath: "bfbot/referee/scenario", Deps: []string{"bfbot/campaign/forces", "bfbot/internal/consoleline"}}, ""},
		{listedPkg{ImportPath: "bfbot/referee/scenario", Deps: []string{"bfbot/campaign"}},
			"bfbot/referee/scenario depends on bfbot/campaign"},
		{listedPkg{ImportPath: "bfbot/referee/quickstart", Deps: []string{"bfbot/mapgen", "bfbot/referee/dice"}}, ""},
		{listedPkg{ImportPath: "bfbot/referee/quickstart", Deps: []string{"bfbot/campaign/forces"}},
			"bfbot/referee/quickstart depends on bfbot/campaign/forces"},
		{listedPkg{ImportPath: "bfbot/referee/ai", TestImports: []string{"bfbot/campaign/forces"}},
			"bfbot/referee/ai has tests importing bfbot/campaign/forces"},
		{listedPkg{ImportPath: "bfbot/referee/ai", XTestImports: []string{"bfbot/referee/scenario"}}, ""},
		{listedPkg{ImportPath: "bfbot/campaign", Deps: []string{"bfbot/storage"}}, "bfbot/campaign depends on bfbot/storage"},
		{listedPkg{ImportPath: "bfbot/bot/command", Deps: []string{"bfbot/bot/discord"}}, "bfbot/bot/command depends on bfbot/bot/discord"},
		{listedPkg{ImportPath: "bfbot/bot/app", Deps: []string{"bfbot/bot/discord", "bfbot/storage"}}, ""},
		{listedPkg{ImportPath: "bfbot/mapgen", Deps: []string{"bfbot/referee/dice"}}, "bfbot/mapgen depends on bfbot/referee/dice"},
		{listedPkg{ImportPath: "bfbot/mapgen/hex", Deps: []string{"bfbot/internal/usertext"}}, ""},
		{listedPkg{ImportPath: "bfbot/mapgen/hex", Deps: []string{"bfbot/mapgen"}}, "bfbot/mapgen/hex depends on bfbot/mapgen"},
		{listedPkg{ImportPath: "bfbot/internal/yamlnode", Deps: []string{"bfbot/mapgen/hex"}}, "bfbot/internal/yamlnode depends on bfbot/mapgen/hex"},
	} {
		got := layerViolations([]listedPkg{tc.p})
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%+v: %q, want no violation", tc.p, got)
		case tc.want != "" && !slices.ContainsFunc(got, func(v string) bool { return strings.HasPrefix(v, tc.want+":") }):
			t.Errorf("%+v: %q, want %q", tc.p, got, tc.want)
		}
	}
}
