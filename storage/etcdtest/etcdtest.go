// Package etcdtest starts etcd servers for tests, inside the test
// process (go.etcd.io/etcd/server/v3/embed): on loopback, on ports the
// kernel picks, with their data in a directory the test owns, so the
// etcd store's tests need nothing installed and reach no other machine.
package etcdtest

import (
	"fmt"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
)

// Server is one running etcd member.
type Server struct {
	Name string
	// Endpoints are the client URLs to dial.
	Endpoints []string
	etcd      *embed.Etcd
	cfg       *embed.Config
}

// Start starts a one-member cluster with its data under dir and stops it
// when the test ends. It writes without fsync: the tests' data is thrown
// away.
func Start(tb testing.TB, dir string) *Server {
	tb.Helper()
	return StartCluster(tb, dir, 1, false)[0]
}

// StartDurable is Start with every write synced to disk, as a real
// member does: for benchmarks.
func StartDurable(tb testing.TB, dir string) *Server {
	tb.Helper()
	return StartCluster(tb, dir, 1, true)[0]
}

// StartCluster starts an n-member cluster on loopback, each member's
// data under dir/NAME, syncing its writes if fsync, and stops them when
// the test ends.
func StartCluster(tb testing.TB, dir string, n int, fsync bool) []*Server {
	tb.Helper()
	var servers []*Server
	var initial []string
	var peers, clients [][]net.Listener
	for i := range n {
		name := fmt.Sprintf("m%d", i)
		p, c := listen(tb), listen(tb)
		peers, clients = append(peers, []net.Listener{p}), append(clients, []net.Listener{c})
		initial = append(initial, fmt.Sprintf("%s=http://%s", name, p.Addr()))
		servers = append(servers, &Server{Name: name})
	}
	for i, s := range servers {
		cfg := embed.NewConfig()
		cfg.Name = s.Name
		cfg.Dir = fmt.Sprintf("%s/%s", dir, s.Name)
		// Only what stops a member is logged: a test reports its own failures.
		cfg.Logger, cfg.LogLevel = "zap", "fatal"
		cfg.UnsafeNoFsync = !fsync
		purl, curl := mustURL(tb, peers[i][0].Addr()), mustURL(tb, clients[i][0].Addr())
		cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{purl}, []url.URL{purl}
		cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{curl}, []url.URL{curl}
		cfg.InitialCluster = strings.Join(initial, ",")
		cfg.InitialClusterToken = "bfbot-test"
		s.cfg = cfg
		s.Endpoints = []string{curl.String()}
	}
	// The listeners only reserved the ports: etcd opens its own.
	for i := range servers {
		peers[i][0].Close()
		clients[i][0].Close()
	}
	errs := make(chan error, n)
	for _, s := range servers {
		go func() {
			e, err := embed.StartEtcd(s.cfg)
			if err == nil {
				s.etcd = e
			}
			errs <- err
		}()
	}
	for range servers {
		if err := <-errs; err != nil {
			tb.Fatalf("etcdtest: start: %v", err)
		}
	}
	for _, s := range servers {
		tb.Cleanup(s.Stop)
		select {
		case <-s.etcd.Server.ReadyNotify():
		case <-time.After(30 * time.Second):
			tb.Fatalf("etcdtest: member %s not ready after 30 s", s.Name)
		}
	}
	return servers
}

// Stop stops the member (a member that dies); a second Stop does nothing.
func (s *Server) Stop() {
	if s.etcd != nil {
		s.etcd.Close()
		s.etcd = nil
	}
}

func listen(tb testing.TB) net.Listener {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("etcdtest: %v", err)
	}
	return l
}

func mustURL(tb testing.TB, a net.Addr) url.URL {
	tb.Helper()
	u, err := url.Parse("http://" + a.String())
	if err != nil {
		tb.Fatal(err)
	}
	return *u
}
