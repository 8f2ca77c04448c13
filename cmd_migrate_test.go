package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"bfbot/storage"
	"bfbot/storage/etcdtest"
)

// Ensure migrate-store copies a file into etcd and etcd back into a new
// file, that the tools then work on etcd through the configuration (check,
// export, backup), that the copies export the same campaign, and that it
// refuses to write over a file or into a prefix holding campaigns.
func TestMigrateStore(t *testing.T) {
	db := stoDB(t)
	srv := etcdtest.Start(t, t.TempDir())
	etcdEnv := []string{"BFBOT_ETCD_ENDPOINTS=" + strings.Join(srv.Endpoints, ","), "BFBOT_ETCD_PREFIX=migrated/"}
	onEtcd := append([]string{"BFBOT_STORE=etcd"}, etcdEnv...)
	out, errs, code := stoRunEnv(etcdEnv, "migrate-store", "--to", "etcd", "--db", db)
	if code != 0 || !strings.Contains(out, "copied 1 campaigns from "+db) {
		t.Fatalf("migrate-store --to etcd: exit %d, %q %q", code, out, errs)
	}
	out, errs, code = stoRunEnv(onEtcd, "check")
	if code != 0 || !strings.Contains(out, fmt.Sprintf(`prefix "migrated/": ok, schema %d, 1 campaigns`, storage.SchemaVersion)) {
		t.Fatalf("check on etcd: exit %d, %q %q", code, out, errs)
	}
	want, _, _ := run(t, "export", "--campaign", "1", "--db", db)
	if got, errs, code := stoRunEnv(onEtcd, "export", "--campaign", "1"); code != 0 || got != want {
		t.Errorf("export from etcd: exit %d %q; differs from the file's: %v", code, errs, got != want)
	}
	back := filepath.Join(t.TempDir(), "back.db")
	out, errs, code = stoRunEnv(etcdEnv, "migrate-store", "--to", "bbolt", "--db", back)
	if code != 0 || !strings.Contains(out, "copied 1 campaigns") {
		t.Fatalf("migrate-store --to bbolt: exit %d, %q %q", code, out, errs)
	}
	if got, errs, code := stoRunEnv(nil, "export", "--campaign", "1", "--db", back); code != 0 || got != want {
		t.Errorf("export from the file copied back: exit %d %q; differs: %v", code, errs, got != want)
	}
	backup := filepath.Join(t.TempDir(), "backup.db")
	if out, errs, code := stoRunEnv(onEtcd, "backup", backup); code != 0 {
		t.Fatalf("backup of etcd: exit %d, %q %q", code, out, errs)
	}
	if out, errs, code := stoRunEnv(nil, "check", "--db", backup); code != 0 || !strings.Contains(out, "1 campaigns") {
		t.Errorf("check of the etcd backup: exit %d, %q %q", code, out, errs)
	}
	refusals := []struct {
		name string
		env  []string
		args []string
		want string
	}{
		{"FileExists", etcdEnv, []string{"--to", "bbolt", "--db", back}, "exists: name a new file"},
		{"PrefixHoldsCampaigns", etcdEnv, []string{"--to", "etcd", "--db", db}, "holds 1 campaigns already"},
		{"NoEndpoints", nil, []string{"--to", "etcd", "--db", db}, "etcd_endpoints is not set"},
		{"NoDirection", etcdEnv, []string{"--db", db}, "--to etcd"},
	}
	for _, tt := range refusals {
		t.Run(tt.name, func(t *testing.T) {
			_, errs, code := stoRunEnv(tt.env, append([]string{"migrate-store"}, tt.args...)...)
			if code == 0 || !strings.Contains(errs, tt.want) {
				t.Errorf("exit %d, %q; want a refusal saying %q", code, errs, tt.want)
			}
		})
	}
}
