#!/usr/bin/env bash
# A million rows: `check`, and rendering to HTML and to paginated PDF, whole processes (wall
# seconds and peak memory). Targets: checked in under 30 s; HTML and PDF in under 300 MB.
# usage: Benchmarks/million.sh [ROWS]
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-1000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product tablerender 2>&1 | grep -E 'error' || true
python3 - "$rows" "$work/long.json" <<'PY'
import sys
rows, path = int(sys.argv[1]), sys.argv[2]
with open(path, "w") as out:
    out.write('{"sections":[{"items":[' + ",".join('{"values":{"title":"Row %d"}}' % i for i in range(rows)) + "]}]}")
PY
printf '%-40s %8s %8s\n' "$rows rows ($(du -h "$work/long.json" | cut -f1) of JSON)" "wall s" "peak MB"
for run in "check" "render --format html --quiet --out $work/out" "render --format pdf --page a4 --quiet --out $work/out"; do
  # check warns that the page is too tall for a PNG: true, and beside the point here.
  /usr/bin/time -f "%e %M" -o "$work/time" .build/release/tablerender $run "$work/long.json" > /dev/null 2>&1
  read -r wall kb < "$work/time"
  printf '%-40s %8.2f %8.0f\n' "tablerender ${run%% --quiet*}" "$wall" "$((kb / 1024))"
done
