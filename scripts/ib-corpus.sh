#!/usr/bin/env bash
# Lays out every .xib and .storyboard under a folder of Interface Builder files (a corpus of other
# apps' files, kept outside this repository) at IB's design size, and prints, per file and in all,
# how many views land within 0.5 pt / within 2 pt / beyond of the frames IB stored — once with the
# sizes IB stored as the intrinsic sizes of labels, buttons and fields, once with tablerender's own
# text — and the files or scenes refused, with the message; then the same figures again for the
# cells whose stored frames keep their own file's constraints (a cell IB stored under constraints
# the file no longer has is counted apart; --verbose names it and the constraint).
#
#   scripts/ib-corpus.sh FOLDER [--verbose]    --verbose lists every view off by more than 0.5 pt
#
# It runs the opt-in test IBCorpusTests (Tests/TableLayoutTests/IBCorpusTests.swift).
set -euo pipefail
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
  echo "usage: scripts/ib-corpus.sh FOLDER [--verbose]" >&2
  exit 64
fi
folder=$(cd "$1" && pwd)
verbose=0
[ "${2:-}" = "--verbose" ] && verbose=1
cd "$(dirname "$0")/.."
scripts/setup.sh
report=$(mktemp)
log=$(mktemp)
trap 'rm -f "$report" "$log"' EXIT
if ! TABLERENDER_IB_CORPUS="$folder" TABLERENDER_IB_CORPUS_REPORT="$report" TABLERENDER_IB_CORPUS_VERBOSE="$verbose" \
     swift test --filter IBCorpusTests > "$log" 2>&1 || [ ! -s "$report" ]; then
  cat "$log" >&2
  exit 1
fi
cat "$report"
