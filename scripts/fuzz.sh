#!/usr/bin/env bash
# Runs every fuzz target in the module for SECONDS each (default 30).
# Not part of `go test ./...`: go test runs only the seed corpora there.
# A crasher is written by Go under the package's testdata/fuzz/FuzzX/;
# commit it (it then runs as a regression test) and fix the parser.
#
# usage: scripts/fuzz.sh [SECONDS] [PACKAGE-PATTERN]
set -euo pipefail
secs="${1:-30}"
pattern="${2:-./...}"
cd "$(dirname "$0")/.."
status=0
for pkg in $(go list "$pattern"); do
	dir=$(go list -f '{{.Dir}}' "$pkg")
	targets=$(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u || true)
	for t in $targets; do
		printf '== %s %s (%ss)\n' "$pkg" "$t" "$secs"
		# -fuzzminimizetime: Go minimizes every new input for up to 60 s by
		# default, which on large seeds (campaign JSON) stalls a short run.
		if ! go test "$pkg" -run '^$' -fuzz "^${t}\$" -fuzztime "${secs}s" -fuzzminimizetime 200x; then
			echo "!! $pkg $t found a crasher (see $dir/testdata/fuzz/$t)"
			status=1
		fi
	done
done
exit $status
