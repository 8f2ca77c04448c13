package main

import (
	"os/exec"
	"strings"
	"testing"
)

// Ensure the rules packages stay pure (docs/architecture.md, Package map): none of them
// reaches Discord, the database, the renderer, cron, the network, the
// clock-driven scheduler or logging, directly or through a dependency.
func TestRulesPackagesArePure(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	forbidden := []string{
		"github.com/bwmarrin/discordgo", "go.etcd.io/bbolt", "github.com/fogleman/gg",
		"github.com/robfig/cron/v3", "net/http", "os/exec", "log/slog", "log",
		"bfbot/storage", "bfbot/bot", "bfbot/mapgen/render",
	}
	for _, pkg := range []string{"./internal/usertext", "./internal/yamlnode", "./internal/consoleline", "./mapgen/hex", "./mapgen", "./referee/dice", "./referee", "./referee/ai", "./campaign/forces", "./referee/scenario", "./campaign"} {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		deps := map[string]bool{}
		for _, d := range strings.Fields(string(out)) {
			deps[d] = true
		}
		for _, f := range forbidden {
			if deps[f] || (strings.HasPrefix(f, "bfbot/bot") && hasPrefix(deps, f+"/")) {
				t.Errorf("%s depends on %s: rules code must stay pure", pkg, f)
			}
		}
	}
}

func hasPrefix(set map[string]bool, prefix string) bool {
	for k := range set {
		if strings.HasPrefix(k, prefix) {
			return true
		}
	}
	return false
}
