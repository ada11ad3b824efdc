#!/usr/bin/env bash
# A quick speed check: a benchmark list (Benchmarks/lists.py) at N rows (default 1000) rendered to
# PDF by tablerender (whole process, release build) beside the floor program (Benchmarks/floor,
# raw Pango+Cairo in C: its own timing and its whole process), median of 5 runs each.
# usage: Benchmarks/core.sh [ROWS] [KIND]     (KIND: vocabulary, people, packages, licences)
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-1000}
kind=${2:-vocabulary}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product tablerender >/dev/null 2>&1
cc -O2 Benchmarks/floor/floor.c -o "$work/floor" $(pkg-config --cflags --libs pangocairo libpng)
python3 Benchmarks/lists.py "$kind" "$rows" tsv > "$work/rows.tsv"
python3 Benchmarks/lists.py "$kind" "$rows" document > Benchmarks/bench-list/rows-$rows.json
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
for i in 1 2 3 4 5; do
  start=$(now); "$work/floor" pdf "$work" < "$work/rows.tsv" > "$work/floor.out"; end=$(now)
  echo "$end - $start" | bc >> "$work/floor-wall"
  sed -E 's/.*total_ms=([0-9.]+).*/\1/' "$work/floor.out" >> "$work/floor-own"
  start=$(now); .build/release/tablerender render Benchmarks/bench-list/rows-$rows.json --format pdf --out "$work/out" -q; end=$(now)
  echo "$end - $start" | bc >> "$work/ours"
done
floor_wall=$(median < "$work/floor-wall"); floor_own=$(median < "$work/floor-own"); ours=$(median < "$work/ours")
printf '%-44s %10s\n' "work ($rows rows → PDF, median of 5)" "seconds"
printf '%-44s %10.3f\n' "floor (C, Pango+Cairo), its own timing" "$(echo "$floor_own / 1000" | bc -l)"
printf '%-44s %10.3f\n' "floor, whole process" "$floor_wall"
printf '%-44s %10.3f\n' "tablerender, whole process" "$ours"
printf '%-44s %10.2f×   (target ≤ 0.75× on both cores)\n' "tablerender / floor (whole processes)" "$(echo "$ours / $floor_wall" | bc -l)"
pdfinfo "$work/out/rows-$rows/rows-$rows.pdf" | grep -E "^Pages" | sed 's/^/tablerender /'
grep -oE 'pages=[0-9]+' "$work/floor.out" | sed 's/^/floor /'
