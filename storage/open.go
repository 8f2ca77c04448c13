package storage

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"os"

	"bfbot/config"
)

// Engine is either store, as a program opens it.
type Engine interface {
	Campaigns
	Close() error
}

var (
	_ Engine = (*Store)(nil)
	_ Engine = (*EtcdStore)(nil)
)

// OpenConfigured opens the store the configuration names: the bbolt file
// at database_path (store "bbolt", the default), or the etcd prefix
// (store "etcd") with its TLS files and credentials.
func OpenConfigured(cfg config.Config, opts Options) (Engine, error) {
	if cfg.Store != config.StoreEtcd {
		return Open(cfg.DatabasePath, opts)
	}
	eo, err := EtcdOptionsOf(cfg)
	if err != nil {
		return nil, err
	}
	return OpenEtcd(eo, opts)
}

// EtcdOptionsOf reads the etcd keys of the configuration, loading the TLS
// files it names.
func EtcdOptionsOf(cfg config.Config) (EtcdOptions, error) {
	eo := EtcdOptions{Endpoints: cfg.Endpoints(), Prefix: cfg.EtcdPrefix, Username: cfg.EtcdUsername, Password: cfg.EtcdPassword.Reveal()}
	if cfg.EtcdCAFile == "" && cfg.EtcdCertFile == "" {
		return eo, nil
	}
	eo.TLS = &tls.Config{MinVersion: tls.VersionTLS12}
	if cfg.EtcdCAFile != "" {
		pem, err := os.ReadFile(cfg.EtcdCAFile)
		if err != nil {
			return eo, fmt.Errorf("etcd_ca_file: %w", err)
		}
		eo.TLS.RootCAs = x509.NewCertPool()
		if !eo.TLS.RootCAs.AppendCertsFromPEM(pem) {
			return eo, fmt.Errorf("etcd_ca_file %s holds no PEM certificate", cfg.EtcdCAFile)
		}
	}
	if cfg.EtcdCertFile != "" {
		cert, err := tls.LoadX509KeyPair(cfg.EtcdCertFile, cfg.EtcdKeyFile)
		if err != nil {
			return eo, fmt.Errorf("etcd_cert_file and etcd_key_file: %w", err)
		}
		eo.TLS.Certificates = []tls.Certificate{cert}
	}
	return eo, nil
}
