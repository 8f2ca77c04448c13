// Command bfbot referees BattleForce campaigns on Discord, in a terminal
// console, or as an offline demo. See README.md.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	m := NewMain()
	m.Stdin, m.Stdout, m.Stderr = os.Stdin, os.Stdout, os.Stderr
	code := m.Run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}

// dummy until cli.go lands
var _ = fmt.Sprint
