#!/usr/bin/env bash
# Sets up, builds and renders every bundled example into Output/: PNG @2x light and dark, and PDF.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product tablerender
.build/release/tablerender render Examples/*/*.json --format png,pdf,html,accessibility --appearance both --scale 2 --changes --out Output
