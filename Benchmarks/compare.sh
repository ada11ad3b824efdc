#!/usr/bin/env bash
# The snapshot comparison beside pixelmatch (PyPI's, the Python port of Playwright's) on the same
# 1170×2532 pair. usage: Benchmarks/compare.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --package-path Benchmarks --product compare-benchmark 2>&1 | grep -E 'error' || true
Benchmarks/.build/release/compare-benchmark "$work"
python3 - "$work" <<'PY'
import sys, time, statistics
sys.path.insert(0, "Tests/Browser")
from pagecheck import read_png
from pixelmatch import pixelmatch
w, h, a = read_png(sys.argv[1] + "/a.png"); _, _, b = read_png(sys.argv[1] + "/b.png")
a, b = b"".join(a), b"".join(b)
times = []
for _ in range(3):
    start = time.perf_counter(); count = pixelmatch(a, b, w, h, threshold=0.1); times.append(time.perf_counter() - start)
print(f"pixelmatch (Python) on the same pair: {statistics.median(times) * 1000:.0f} ms; {count} pixels differ")
PY
