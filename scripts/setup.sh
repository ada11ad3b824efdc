#!/usr/bin/env bash
# Installs what tablerender needs on Debian/Ubuntu: the C libraries it links (libxml2, Cairo,
# Pango, librsvg), the fonts its themes name (Inter, Noto Color Emoji, Noto CJK, DejaVu,
# Liberation) and poppler-utils (pdftotext/pdftoppm, used by tests and for looking at PDFs).
set -euo pipefail
packages=(pkg-config libxml2-dev libcairo2-dev libpango1.0-dev librsvg2-dev libpng-dev
          fonts-inter fonts-noto-color-emoji fonts-noto-cjk fonts-dejavu-core fonts-liberation2 poppler-utils)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "Installing: ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fc-cache -f >/dev/null 2>&1 || true
fi
