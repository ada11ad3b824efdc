#!/usr/bin/env bash
# `tablerender gallery` on an app's folder, cold (an empty output folder: every entry drawn) and
# warm (the same folder again, unchanged: nothing drawn, gallery.json says so), median of 3 each,
# printed beside each other, with a changed file's run (one XIB touched: only its entry drawn).
# usage: Benchmarks/gallery.sh [FOLDER]
#   FOLDER: an app's folder, or a corpus of public IB files (gathered as docs/interface-builder.md says);
#   default: a generated app of 100 cell XIBs (the examples' six XIBs, renamed) and a storyboard.
# Targets (issue 37): the warm run under 1 s for a folder of a hundred files.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --product tablerender >/dev/null 2>&1
folder=${1:-}
if [ -z "$folder" ]; then
  folder="$work/App"
  mkdir -p "$folder/Cells" "$folder/Base.lproj"
  cp -r Examples/storyboard/Assets.xcassets "$folder/"
  cp Examples/storyboard/Main.storyboard "$folder/Base.lproj/"
  cp Examples/xib/assets/* "$folder/Cells/" 2>/dev/null || true
  i=0
  while [ $i -lt 100 ]; do
    for xib in Examples/xib/templates/*.xib; do
      [ $i -lt 100 ] || break
      cp "$xib" "$folder/Cells/$(basename "$xib" .xib)$i.xib"
      i=$((i + 1))
    done
  done
fi
files=$(find "$folder" -name '*.xib' -o -name '*.storyboard' | wc -l)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
now() { date +%s.%N; }
summary=""
for i in 1 2 3; do
  rm -rf "$work/out"
  start=$(now)
  summary=$(.build/release/tablerender gallery "$folder" --out "$work/out" -q 2>/dev/null | tail -1 || true)
  end=$(now); echo "$end - $start" | bc >> "$work/cold"
  start=$(now)
  .build/release/tablerender gallery "$folder" --out "$work/out" -q >"$work/warm.out" 2>/dev/null || true
  end=$(now); echo "$end - $start" | bc >> "$work/warm"
done
# One changed XIB (its bytes, as an edit makes): only its entry is drawn again.
changed=$(find "$folder" -name '*.xib' | sort | head -1)
if [ -n "$changed" ] && [ -z "${1:-}" ]; then
  printf '\n<!-- edited -->\n' >> "$changed"
  start=$(now)
  .build/release/tablerender gallery "$folder" --out "$work/out" -q >"$work/changed.out" 2>/dev/null || true
  end=$(now); echo "$end - $start" | bc > "$work/changed"
fi
cold=$(median < "$work/cold"); warm=$(median < "$work/warm")
echo "$files IB files in $folder"
echo "cold: $summary"
echo "warm: $(tail -1 "$work/warm.out")"
printf '%-44s %10s\n' "tablerender gallery (release, median of 3)" "seconds"
printf '%-44s %10.3f\n' "cold (empty output folder)" "$cold"
printf '%-44s %10.3f   (target < 1 s for a hundred files)\n' "warm (unchanged, second run)" "$warm"
printf '%-44s %10.2f×\n' "warm / cold" "$(echo "$warm / $cold" | bc -l)"
if [ -f "$work/changed" ]; then
  echo "one XIB changed: $(tail -1 "$work/changed.out")"
  printf '%-44s %10.3f\n' "one XIB changed" "$(cat "$work/changed")"
fi
