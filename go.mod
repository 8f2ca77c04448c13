module bfbot

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/fogleman/gg v1.3.0
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/image v0.47.0
)
