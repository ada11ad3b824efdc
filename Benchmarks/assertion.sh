#!/usr/bin/env bash
# One image assertion of a 20-row list beside rendering it alone, in a debug and a release build
# (the snapshot-testing issue's targets: ≤ 80 ms debug, ≤ 30 ms release per assertion).
# usage: Benchmarks/assertion.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")"
for configuration in debug release; do
  swift build -c "$configuration" --product assertion-benchmark 2>&1 | grep -E 'error' || true
  ".build/$configuration/assertion-benchmark" "${1:-30}"
done
