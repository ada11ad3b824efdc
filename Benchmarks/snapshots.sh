#!/usr/bin/env bash
# Verifying the examples' whole matrix (every scene of every example, iPhone SE and 15, light and
# dark, @2x) against references vs rendering it (the snapshot issue's target: verify ≤ 1.2× render).
# usage: Benchmarks/snapshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product tablerender 2>&1 | grep -E 'error' || true
cp -r Examples "$work/Examples"
rm -rf "$work"/Examples/*/__Snapshots__
echo '{"documents": ["Examples"], "devices": ["iphone-se", "iphone-15"], "appearances": ["light", "dark"], "scales": [2]}' > "$work/tablerender.json"
binary=$PWD/.build/release/tablerender
cd "$work"
"$binary" snapshot record -q --report "$work/report" > /dev/null
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
for i in 1 2 3 4 5; do
  start=$(now); "$binary" render --project tablerender.json --out "$work/out" -q; end=$(now); echo "$end - $start" | bc >> render
  start=$(now); "$binary" snapshot verify --record never -q --report "$work/report"; end=$(now); echo "$end - $start" | bc >> verify
done
images=$(ls out/*/*.png | wc -l)
r=$(median < render); v=$(median < verify)
printf 'render the matrix (%s images):   %6.3f s\n' "$images" "$r"
printf 'verify the matrix:               %6.3f s\n' "$v"
printf 'verify / render:                 %6.2f×   (target ≤ 1.2×)\n' "$(echo "$v / $r" | bc -l)"
