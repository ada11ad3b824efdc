#!/usr/bin/env bash
# Runs the tests that use several threads and worker processes under ThreadSanitizer: a build of
# the package with -sanitize=thread (in .build/tsan, apart from the normal build), then the
# stress, thread and concurrency tests. Exits non-zero on a failing test or a reported race.
# (ThreadSanitizer watches tablerender's Swift code; the C libraries are not instrumented, which
# is why Pango and Cairo are used one thread at a time: see Sources/TableText/Typesetting.swift.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" swift test --scratch-path .build/tsan --sanitize=thread \
    --filter 'StressTests|ThreadTests|ConcurrencyTests|ParallelLayoutTests|Streamed' 2>&1 | tee "$log" || status=$?
if grep -q "WARNING: ThreadSanitizer" "$log"; then
    echo "ThreadSanitizer reported a race (above)."
    status=1
fi
exit $status
