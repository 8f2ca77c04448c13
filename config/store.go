package config

import (
	"fmt"
	"net/url"
	"os"
	"strings"
	"unicode"
)

// The stores (Config.Store).
const (
	StoreBbolt = "bbolt"
	StoreEtcd  = "etcd"
)

// Bounds of lease_ttl_seconds: etcd leases count whole seconds, and a
// dead process's campaigns wait that long.
const (
	MinLeaseTTLSeconds = 2
	MaxLeaseTTLSeconds = 300
	// MaxShardCount bounds shard_count (Discord's own limit is far above
	// what one bot of this kind needs).
	MaxShardCount = 1024
)

// Endpoints splits etcd_endpoints.
func (c Config) Endpoints() []string {
	var out []string
	for _, e := range strings.Split(c.EtcdEndpoints, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// ValidateStore checks only the keys that say where the campaigns are
// (store and the etcd keys; database_path, when empty, is bfbot.db to
// them): the database tools need no more, and must not refuse a database over a setting they do not use,
// nor read the default store for a misspelt one.
func (c Config) ValidateStore() error {
	var ps []Problem
	add := func(key, format string, args ...any) {
		ps = append(ps, Problem{Key: key, Message: fmt.Sprintf(format, args...)})
	}
	c.storeProblems(add)
	if len(ps) == 0 {
		return nil
	}
	return &Error{Context: "invalid configuration", Problems: scrub(ps, c.Token)}
}

// storeProblems checks the store, etcd and sharding keys.
func (c Config) storeProblems(add func(key, format string, args ...any)) {
	switch c.Store {
	case StoreBbolt, StoreEtcd:
	default:
		add("store", `store %s is not a store: use "bbolt" (one process, the file at database_path) or "etcd" (several processes sharing an etcd cluster)`, show(c.Store))
	}
	if c.Store == StoreEtcd && len(c.Endpoints()) == 0 {
		add("etcd_endpoints", `etcd_endpoints is empty, and store is "etcd": list the members' client URLs, e.g. "https://10.0.0.1:2379,https://10.0.0.2:2379"`)
	}
	for _, e := range c.Endpoints() {
		if u, err := url.Parse(e); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			add("etcd_endpoints", `etcd_endpoints: %s is not an etcd client URL: write it as "https://HOST:2379" (or http:// without TLS)`, show(e))
			break
		}
	}
	if c.EtcdPrefix == "" || !strings.HasSuffix(c.EtcdPrefix, "/") {
		add("etcd_prefix", `etcd_prefix %s must end with "/" (the default is "bfbot/")`, show(c.EtcdPrefix))
	}
	for _, f := range []struct{ key, path string }{{"etcd_ca_file", c.EtcdCAFile}, {"etcd_cert_file", c.EtcdCertFile}, {"etcd_key_file", c.EtcdKeyFile}} {
		if f.path == "" {
			continue
		}
		if _, err := os.Stat(f.path); err != nil {
			add(f.key, "%s %s cannot be read: %v", f.key, show(f.path), err)
		}
	}
	if (c.EtcdCertFile == "") != (c.EtcdKeyFile == "") {
		add("etcd_key_file", "etcd_cert_file and etcd_key_file go together: give the client's certificate and its key, or neither")
	}
	if strings.ContainsFunc(c.EtcdUsername, unicode.IsSpace) {
		add("etcd_username", "etcd_username contains spaces or line breaks: set BFBOT_ETCD_USERNAME to the etcd user's name alone")
	}
	if (c.EtcdUsername == "") != (c.EtcdPassword == "") {
		add("etcd_password", "etcd_username and etcd_password go together: set both BFBOT_ETCD_USERNAME and BFBOT_ETCD_PASSWORD, or neither")
	}
	if c.LeaseTTLSeconds < MinLeaseTTLSeconds || c.LeaseTTLSeconds > MaxLeaseTTLSeconds {
		add("lease_ttl_seconds", "lease_ttl_seconds %d: use %d to %d (a dead process's campaigns wait that long)", c.LeaseTTLSeconds, MinLeaseTTLSeconds, MaxLeaseTTLSeconds)
	}
	if c.ShardID < 0 || c.ShardID >= max(c.ShardCount, 1) {
		add("shard_id", "shard_id %d: this process's shard, from 0 to shard_count-1 (%d)", c.ShardID, max(c.ShardCount, 1)-1)
	}
	switch {
	case c.ShardCount < 1 || c.ShardCount > MaxShardCount:
		add("shard_count", "shard_count %d: use 1 (no sharding) to %d", c.ShardCount, MaxShardCount)
	case c.ShardCount > 1 && c.Store != StoreEtcd:
		add("shard_count", `shard_count %d needs store "etcd": the processes of a sharded bot share their campaigns there`, c.ShardCount)
	}
}
