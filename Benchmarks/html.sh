#!/usr/bin/env bash
# The HTML issue's speed checks on the benchmark list at N rows (default 10000), release build:
#  1. writing the HTML page vs writing the PDF of the same document (whole processes, median of 3);
#  2. opening the page in headless Chromium up to its first screenshot, vs the plain page that
#     Benchmarks/lists.py writes for the same rows (median of 5).
# usage: Benchmarks/html.sh [ROWS] [KIND]     (KIND: a list of lists.py, default vocabulary)
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-10000}
kind=${2:-vocabulary}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product tablerender 2>&1 | grep -E 'error' || true
python3 Benchmarks/lists.py "$kind" "$rows" html > "$work/plain.html"
python3 Benchmarks/lists.py "$kind" "$rows" document > Benchmarks/bench-list/rows-$rows.json
python3 - "$rows" <<'PY'
import json, sys
path = f"Benchmarks/bench-list/rows-{sys.argv[1]}.json"
document = json.load(open(path))
document["page"] = "content"   # one continuous page, as the HTML is
json.dump(document, open(path.replace(".json", "-page.json"), "w"))
PY
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
for format in html pdf; do
  document=Benchmarks/bench-list/rows-$rows.json
  [ "$format" = html ] && document=Benchmarks/bench-list/rows-$rows-page.json
  for i in 1 2 3; do
    start=$(now); .build/release/tablerender render "$document" --format $format --out "$work/out" -q; end=$(now)
    echo "$end - $start" | bc >> "$work/$format"
  done
done
html_time=$(median < "$work/html"); pdf_time=$(median < "$work/pdf")
page=$(ls "$work"/out/rows-$rows-page/*.html)
printf '%-52s %9s\n' "work ($rows benchmark rows)" "seconds"
printf '%-52s %9.3f\n' "tablerender → HTML page ($(du -h "$page" | cut -f1)), whole process" "$html_time"
printf '%-52s %9.3f\n' "tablerender → PDF, whole process" "$pdf_time"
printf '%-52s %9.2f×   (target: well under 1×)\n' "HTML / PDF" "$(echo "$html_time / $pdf_time" | bc -l)"
python3 Benchmarks/page_open.py "$page" "$work/plain.html" > "$work/open"
ours=$(sed -n 1p "$work/open" | cut -d' ' -f1); plain=$(sed -n 2p "$work/open" | cut -d' ' -f1)
printf '%-52s %9.3f\n' "Chromium: open + first screenshot, tablerender page" "$ours"
printf '%-52s %9.3f\n' "Chromium: open + first screenshot, plain page" "$plain"
printf '%-52s %9.2f×   (target ≤ 2×)\n' "tablerender page / plain page" "$(echo "$ours / $plain" | bc -l)"
