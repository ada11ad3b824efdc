#!/usr/bin/env bash
# Sets up and runs the whole test suite: the Swift tests, then the browser tests (Playwright for
# Python driving Debian's Chromium). The last line sums both up as "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --browser
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# What the tests leave in the temporary directory (they should leave nothing of their own).
leftovers() { find "${TMPDIR:-/tmp}" -maxdepth 1 \( -name 'tablerender-*' -o -name 'pytest-of-*' \) 2>/dev/null | sort; }
before=$(leftovers)
TABLERENDER_SNAPSHOT_RECORD=never swift test 2>&1 | tee "$log" || status=$?
swift_status=$status
# Swift Testing's tests (its summary, "Test run with N tests …", less those that failed: the
# lines of passed tests can interleave with other output and be missed) and XCTest's ("Test Case
# 'A.b' passed (…)") both count.
swift_testing_total=$(grep -oE '^(✔|✘|━) Test run with [0-9]+ test' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)
swift_testing_failed=$(grep -E '^✘ Test .* failed after' "$log" | grep -vc '^✘ Test run' || true)
swift_passed=$(( swift_testing_total - swift_testing_failed + $(grep -cE "^Test Case '.*' passed" "$log" || true) ))
swift_failed=$(( swift_testing_failed + $(grep -cE "^Test Case '.*' failed" "$log" || true) ))
# A build error or a crash fails `swift test` with no failed test to count: it is one failure.
if [ "$swift_status" -ne 0 ] && [ "$swift_failed" -eq 0 ]; then
  echo "swift test exited with $swift_status"; swift_failed=1
fi
swift build -c release --product tablerender 2>&1 | grep -vE '^warning: prohibited flag' || true
# The benchmarks and the README's Swift example are a package of their own (Benchmarks/Package.swift,
# built in Benchmarks/.build) that uses the library's public API alone, as a user's package does.
benchmarks_failed=0
if ! swift build -c release --package-path Benchmarks > "$log" 2>&1; then echo "the Benchmarks package (the README's example) did not build"; status=1; benchmarks_failed=1; fi
grep -vE '^warning: prohibited flag' "$log" || true
echo "The README's and the DocC article's Swift examples, built outside the package and run in an empty folder:"
example=$(mktemp -d)
root=$PWD
example_failed=0
for program in readme-example getting-started; do
  rm -rf "${example:?}"/*
  (cd "$example" && "$root/Benchmarks/.build/release/$program" && test -s settings.pdf && test -s settings@3x.png) || { echo "$program failed"; example_failed=1; status=1; }
done
rm -rf "$example"
echo "Section-state diff benchmark (release build):"
Benchmarks/.build/release/diff-benchmark || status=$?
echo "Hostile-input fuzzer (seeded mutations of the examples; Tests/Fuzz/fuzz.py --count N for more):"
fuzz_status=0
python3 Tests/Fuzz/fuzz.py --count "${TABLERENDER_FUZZ_COUNT:-300}" --seed 1 || fuzz_status=$?
if [ "$fuzz_status" -ne 0 ]; then status=$fuzz_status; fi
echo "Hostile IB files, images, strings and projects (each within 5 s and 600 MB; Tests/Fuzz/hostile.py):"
hostile_status=0
python3 Tests/Fuzz/hostile.py || hostile_status=$?
if [ "$hostile_status" -ne 0 ]; then status=$hostile_status; fi
python3 -m pytest Tests/Browser -q -s -p no:cacheprovider 2>&1 | tee "$log" || status=$?
browser_passed=$(grep -oE '[0-9]+ passed' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)
browser_failed=$(grep -oE '[0-9]+ (failed|error)' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)
fuzz_passed=$([ "$fuzz_status" -eq 0 ] && echo 1 || echo 0)
hostile_passed=$([ "$hostile_status" -eq 0 ] && echo 1 || echo 0)
left=$(comm -13 <(echo "$before") <(leftovers) | grep -v '^$' || true)
leftover_failed=0
if [ -n "$left" ]; then
  echo "The tests left these in the temporary directory:"; echo "$left"
  leftover_failed=1
  status=1
fi
echo "swift test: $swift_passed passed, $swift_failed failed; fuzzer: $([ "$fuzz_status" -eq 0 ] && echo passed || echo failed); hostile inputs: $([ "$hostile_status" -eq 0 ] && echo passed || echo failed); README and DocC examples: $([ "$example_failed" -eq 0 ] && echo passed || echo failed); Benchmarks package: $([ "$benchmarks_failed" -eq 0 ] && echo built || echo "did not build"); browser tests: $browser_passed passed, $browser_failed failed"
echo "$((swift_passed + browser_passed + fuzz_passed + hostile_passed + 1 - example_failed)) passed, $((swift_failed + browser_failed + 2 - fuzz_passed - hostile_passed + example_failed + benchmarks_failed + leftover_failed)) failed"
exit $status
