#!/usr/bin/env bash
# Sets up and runs the whole test suite; the last line sums it up as "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
log=$(mktemp)
status=0
swift test 2>&1 | tee "$log" || status=$?
passed=$(grep -E '^✔ Test ' "$log" | grep -vc '^✔ Test run' || true)
failed=$(grep -cE '^✘ Test .*failed' "$log" || true)
rm -f "$log"
echo "swift test: $passed passed, $failed failed"
exit $status
