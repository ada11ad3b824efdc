#!/usr/bin/env bash
# An Interface Builder cell laid out by Auto Layout beside the same cell as a stack template:
# a benchmark list (Benchmarks/lists.py) at N rows (default 10000) to PDF, each way, median of 3,
# with the time Auto Layout spends solving a row (TABLERENDER_STATS=1: setting the row's text sizes
# and width and re-solving, the second pass for multi-line labels included).
# usage: Benchmarks/xib.sh [ROWS] [KIND]     (KIND: vocabulary, people, packages, licences)
# Targets (issue 15): the XIB cell ≤ 1.5× the stack template; ≤ 20 µs a row solving.
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-10000}
kind=${2:-people}
work=$(mktemp -d)
trap 'rm -rf "$work" Benchmarks/xib-*-"$rows".json' EXIT
swift build -c release --product tablerender >/dev/null 2>&1
python3 Benchmarks/lists.py "$kind" "$rows" document > "$work/rows.json"
for template in StackRow XibRow; do
  python3 - "$work/rows.json" "$template" > "Benchmarks/xib-$template-$rows.json" <<'PY'
import json, sys
document = json.load(open(sys.argv[1]))
document["templates"] = ["bench-list/templates", "bench-xib/templates"]
for section in document["sections"]:
    for item in section["items"]:
        item["template"] = sys.argv[2]
print(json.dumps(document, ensure_ascii=False))
PY
done
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
for i in 1 2 3; do
  for template in StackRow XibRow; do
    start=$(now)
    TABLERENDER_STATS=1 .build/release/tablerender render "Benchmarks/xib-$template-$rows.json" --format pdf --out "$work/out" -q 2> "$work/$template.stats"
    end=$(now)
    echo "$end - $start" | bc >> "$work/$template.wall"
  done
done
stack=$(median < "$work/StackRow.wall"); xib=$(median < "$work/XibRow.wall")
solve=$(grep -oE '[0-9.]+ µs a row' "$work/XibRow.stats" | awk '{sum += $1; n++} END {if (n) printf "%.1f", sum / n; else print "?"}')
measured=$(grep -oE '[0-9.]+ µs of text measured' "$work/XibRow.stats" | awk '{sum += $1; n++} END {if (n) printf "%.1f", sum / n; else print "?"}')
printf '%-52s %10s\n' "$kind, $rows rows → PDF (both cores, median of 3)" "seconds"
printf '%-52s %10.3f\n' "stack template (StackRow.xml)" "$stack"
printf '%-52s %10.3f\n' "Interface Builder cell (XibRow.xib)" "$xib"
printf '%-52s %10.2f×   (target ≤ 1.5×)\n' "XIB / stack" "$(echo "$xib / $stack" | bc -l)"
printf '%-52s %10s µs (target ≤ 20; mean of the processes)\n' "Auto Layout solving, per row" "$solve"
printf '%-52s %10s µs (text not shaped ahead by a worker)\n' "its second pass measuring text, per row" "$measured"
rm -f Benchmarks/xib-*-"$rows".json
